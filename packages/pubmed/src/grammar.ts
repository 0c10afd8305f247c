/** Labels of PubMed and PubMed Central identifiers; no regular expressions. */
import { httpSchemeLength, isDigit, wordAt } from '@pidgate/core';

export { httpSchemeLength, isDigit, wordAt };

/** URL prefixes (after `http(s)://`) whose next path segment is a PMID. */
export const PMID_URLS = [
  'pubmed.ncbi.nlm.nih.gov/',
  'www.ncbi.nlm.nih.gov/pubmed/',
  'ncbi.nlm.nih.gov/pubmed/',
  // Europe PMC names a PubMed record by its source, MED, and the PMID
  'europepmc.org/article/MED/',
  'europepmc.org/abstract/MED/',
] as const;
/**
 * URL prefixes (after `http(s)://`) whose next path segment is a PMCID; a longer prefix before the
 * shorter one it starts with (`…/pmc/articles/` before `…/pmc/`, idutils' landing URL).
 */
export const PMCID_URLS = [
  'pmc.ncbi.nlm.nih.gov/articles/',
  'www.ncbi.nlm.nih.gov/pmc/articles/',
  'ncbi.nlm.nih.gov/pmc/articles/',
  'www.ncbi.nlm.nih.gov/pmc/',
  'ncbi.nlm.nih.gov/pmc/',
  'europepmc.org/articles/',
  'europepmc.org/article/PMC/',
] as const;

/**
 * The length of one of `prefixes` (any case) at the start of `s`, after `http(s)://` or without it (as a
 * browser's address bar shows a URL: `pubmed.ncbi.nlm.nih.gov/12082125`), or 0.
 */
export function urlPrefix(s: string, prefixes: readonly string[]): number {
  const start = httpSchemeLength(s);
  for (const p of prefixes) if (wordAt(s, start, p)) return start + p.length;
  return 0;
}
