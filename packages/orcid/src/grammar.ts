/** Label and character tests of ORCID iDs; no regular expressions. */

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

/** The length of `http(s)://HOST/` when the host (any case) is one of `hosts`, or 0. */
export function httpHostPrefix(s: string, hosts: readonly string[]): number {
  const start = httpSchemeLength(s);
  if (start === 0) return 0;
  for (const host of hosts) {
    if (s.charCodeAt(start + host.length) === 47 && wordAt(s, start, host)) return start + host.length + 1;
  }
  return 0;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The hosts whose path is an ORCID iD. */
export const ORCID_HOSTS = ['orcid.org', 'www.orcid.org'] as const;

/** A bare iD: 16 characters, or 19 with hyphens, starting with four digits (a cheap look, no validation). */
export function looksBare(s: string): boolean {
  return (
    (s.length === 16 || s.length === 19) &&
    isDigit(s.charCodeAt(0)) &&
    isDigit(s.charCodeAt(1)) &&
    isDigit(s.charCodeAt(2)) &&
    isDigit(s.charCodeAt(3)) &&
    (s.length === 16 ? isDigit(s.charCodeAt(4)) : s.charCodeAt(4) === 45)
  );
}
