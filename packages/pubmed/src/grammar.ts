/** Labels of PubMed and PubMed Central identifiers; no regular expressions. */

/** Does `s` hold `word` at `i`, ASCII letters compared in any case? (`word` is lower case.) */
export function wordAt(s: string, i: number, word: string): boolean {
  if (s.length < i + word.length) return false;
  for (let k = 0; k < word.length; k++) {
    const w = word.charCodeAt(k);
    const c = s.charCodeAt(i + k);
    if (c !== w && !(w >= 97 && w <= 122 && (c | 0x20) === w)) return false;
  }
  return true;
}

/** The length of a leading `http://` or `https://` (any case), or 0. */
export function httpSchemeLength(s: string): number {
  if ((s.charCodeAt(0) | 0x20) !== 104 || !wordAt(s, 1, 'ttp')) return 0;
  const i = (s.charCodeAt(4) | 0x20) === 115 ? 5 : 4;
  return s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47 ? i + 3 : 0;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

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
