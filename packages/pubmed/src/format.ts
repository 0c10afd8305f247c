import type { PubmedComponents } from './parse.ts';

/** Serialize a PMID's or PMCID's parts as written: parsing the result gives the parts back. */
export function formatPubmed(c: PubmedComponents): string {
  return `${c.label}${c.written}${c.rest}`;
}
