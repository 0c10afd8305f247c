import { isHexCode as isHexDigit } from '@pidgate/core';

/** Hyphens, which ARK normalization drops (`-`, and U+2010..U+2015 in `modern`). */
function isHyphen(c: number): boolean {
  return c === 45 || (c >= 0x2010 && c <= 0x2015);
}

/**
 * Where the part of `raw` (the request after `NAAN/`, exactly as sent) that `keyRest` (a bound key after
 * `NAAN/`) stands for ends: `raw` is read alongside `keyRest`, skipping what normalization drops
 * (hyphens; repeated and initial `/` and `.`) and comparing `%`-escapes without regard to case. -1 when
 * `raw` does not start with what the key names in order (a normalization that reorders, such as the
 * `source` profile's sorted suffixes): the caller then falls back to the normalized rest. Linear.
 */
export function rawPrefixEnd(raw: string, keyRest: string): number {
  let i = 0;
  let j = 0;
  let inEscape = 0;
  while (j < keyRest.length) {
    if (i >= raw.length) return -1;
    const c = raw.charCodeAt(i);
    const k = keyRest.charCodeAt(j);
    if (c === k || (inEscape > 0 && isHexDigit(c) && (c | 32) === (k | 32))) {
      inEscape = c === 37 ? 2 : Math.max(0, inEscape - 1);
      i++;
      j++;
      continue;
    }
    const prev = i === 0 ? 47 : raw.charCodeAt(i - 1);
    if (isHyphen(c) || ((c === 47 || c === 46) && (i === 0 || prev === 47 || prev === 46))) {
      i++;
      continue;
    }
    return -1;
  }
  return i;
}

/** The part of a normalized key after `ark:/NAAN/` (or `ark:NAAN/`). */
function keyRestOf(key: string): string {
  const afterLabel = key.startsWith('ark:/') ? 5 : 4;
  const slash = key.indexOf('/', afterLabel);
  return slash === -1 ? '' : key.slice(slash + 1);
}

/**
 * What to append to a bound target for a request: what the client sent after the part the binding names,
 * exactly as sent (N2T's passthrough: `.`-suffixes, hyphens and the query kept); when the request does not
 * spell the key in order, the rest of the normalized identifier as before.
 */
export function passthroughTail(rawRest: string, key: string, normalized: string): string {
  const end = rawPrefixEnd(rawRest, keyRestOf(key));
  if (end !== -1) return rawRest.slice(end);
  return normalized.startsWith(key) ? normalized.slice(key.length) : '';
}
