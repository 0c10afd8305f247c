import type { SchemeOptions } from '@pidgate/core';
import type { ArxivComponents } from './parse.ts';

/** Serialize an identifier's parts as written; `parseArxiv(formatArxiv(c))` gives `c` back. */
export function formatArxiv(c: ArxivComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}${c.rest}`;
}
