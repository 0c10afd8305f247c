import type { SchemeOptions } from '@pidgate/core';
import type { IsbnComponents, IssnComponents } from './parse.ts';

/** Serialize an ISBN's parts as written: `parseIsbn(formatIsbn(c))` gives `c` back. */
export function formatIsbn(c: IsbnComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}`;
}

/** Serialize an ISSN's parts as written: `parseIssn(formatIssn(c))` gives `c` back. */
export function formatIssn(c: IssnComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}`;
}
