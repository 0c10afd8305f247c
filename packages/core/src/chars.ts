/**
 * Character and label tests the scheme scanners share: char-code loops, no regular expressions, so
 * every one runs in time linear in what it reads.
 */

export { isDigit } from './text/chars.ts';

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

/**
 * The length of a leading `http://` or `https://` (any case), or 0. (Every read is inside the string: an
 * optimized read past its end deoptimizes, and junk such as `http` is common in lists.)
 */
export function httpSchemeLength(s: string): number {
  if (s.length < 7 || (s.charCodeAt(0) | 0x20) !== 104 || !wordAt(s, 1, 'ttp')) return 0;
  const i = (s.charCodeAt(4) | 0x20) === 115 ? 5 : 4;
  return i + 3 <= s.length && s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47
    ? i + 3
    : 0;
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

/**
 * The length of `HOST/` at the start of `s`, without `http(s)://`, when the host (any case) is one of
 * `hosts`, or 0: a URL as pasted from a browser's address bar, which hides the scheme
 * (`doi.org/10.1000/182`, `orcid.org/0000-0002-1825-0097`). The host must be followed by "/".
 */
export function bareHostPrefix(s: string, hosts: readonly string[]): number {
  for (const host of hosts) {
    if (s.charCodeAt(host.length) === 47 && wordAt(s, 0, host)) return host.length + 1;
  }
  return 0;
}
