import type { IsbnComponents, IssnComponents } from './parse.ts';

/** Serialize an ISBN's or ISSN's parts as written: parsing the result gives the parts back. */
export function formatNumber(c: IsbnComponents | IssnComponents): string {
  return `${c.label}${c.written}`;
}
