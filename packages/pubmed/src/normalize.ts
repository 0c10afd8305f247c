import type { SchemeOptions } from '@pidgate/core';

/** The canonical PMID: `pmid:` and the number (NLM writes "PMID: 12345"; the label keeps it a PMID). */
export function normalizePmid(c: { readonly number: string }, _options?: SchemeOptions): string {
  return `pmid:${c.number}`;
}

/** The canonical PMCID: `PMC` in upper case and the number, as PubMed Central writes it. */
export function normalizePmcid(c: { readonly number: string }, _options?: SchemeOptions): string {
  return `PMC${c.number}`;
}
