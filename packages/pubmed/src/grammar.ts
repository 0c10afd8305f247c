/** Labels of PubMed and PubMed Central identifiers; no regular expressions. */
import { httpSchemeLength, isDigit, wordAt } from '@pidgate/core';

export { httpSchemeLength, isDigit, wordAt };

/** URL prefixes (after `http(s)://`) whose next path segment is a PMID. */
export const PMID_URLS = [
  'pubmed.ncbi.nlm.nih.gov/',
  'www.ncbi.nlm.nih.gov/pubmed/',
  'ncbi.nlm.nih.gov/pubmed/',
] as const;
/** URL prefixes (after `http(s)://`) whose next path segment is a PMCID. */
export const PMCID_URLS = [
  'pmc.ncbi.nlm.nih.gov/articles/',
  'www.ncbi.nlm.nih.gov/pmc/articles/',
  'ncbi.nlm.nih.gov/pmc/articles/',
  'europepmc.org/articles/',
] as const;

/** The length of `http(s)://` and one of `prefixes` (any case) at the start of `s`, or 0. */
export function urlPrefix(s: string, prefixes: readonly string[]): number {
  const start = httpSchemeLength(s);
  if (start === 0) return 0;
  for (const p of prefixes) if (wordAt(s, start, p)) return start + p.length;
  return 0;
}
