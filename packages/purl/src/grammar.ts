/** Hosts and character classes of PURLs; lookup tables, no regular expressions. */

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

/**
 * The hosts of PURL services: OCLC's original resolver (purl.oclc.org, purl.org and its www name, the
 * early purl.net), the US Government Publishing Office's (purl.fdlp.gov, purl.access.gpo.gov), the OBO
 * Foundry's (purl.obolibrary.org) and Florida State University's (purl.lib.fsu.edu).
 */
export const PURL_HOSTS = [
  'purl.org',
  'www.purl.org',
  'purl.oclc.org',
  'purl.net',
  'purl.fdlp.gov',
  'purl.access.gpo.gov',
  'purl.obolibrary.org',
  'purl.lib.fsu.edu',
] as const;

/** Host names that are the same PURL service as another: `www.purl.org` is `purl.org`. */
export const PURL_HOST_ALIASES: Readonly<Record<string, string>> = { 'www.purl.org': 'purl.org' };

const PCHAR = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@") {
  PCHAR[ch.charCodeAt(0)] = 1;
}

/** RFC 3986 pchar, less pct-encoded. */
export function isPchar(c: number): boolean {
  return c < 128 && PCHAR[c] === 1;
}

/** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
export function isUnreserved(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c) || c === 45 || c === 46 || c === 95 || c === 126;
}

export function isHex(c: number): boolean {
  return isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
}
