import type { SchemeOptions } from '@pidgate/core';
import type { PubmedComponents } from './parse.ts';

/** Serialize a PMID's parts as written: `parsePmid(formatPmid(c))` gives `c` back. */
export function formatPmid(c: PubmedComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}${c.rest}`;
}

/** Serialize a PMCID's parts as written: `parsePmcid(formatPmcid(c))` gives `c` back. */
export function formatPmcid(c: PubmedComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}${c.rest}`;
}
