import { hexValue, type SchemeOptions } from '@pidgate/core';
import { isHex, isUnreserved, PURL_HOST_ALIASES } from './grammar.ts';
import type { PurlComponents } from './parse.ts';

/**
 * RFC 3986 §6.2.2 for a path or query: escapes of unreserved characters decoded, other escapes' hex
 * digits in upper case. Nothing else changes: PURL names are case-sensitive.
 */
export function normalizeEscapes(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      const byte = hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2));
      out += isUnreserved(byte) ? String.fromCharCode(byte) : s.slice(i, i + 3).toUpperCase();
      i += 2;
    } else out += s[i];
  }
  return out;
}

/**
 * The canonical spelling and equivalence key: `https://`, the host in lower case (an alias such as
 * `www.purl.org` replaced by its service's name), the path and query with escapes normalized; the
 * fragment dropped. `http` and `https` name the same PURL: every service listed answers both.
 */
export function normalizePurl(c: PurlComponents, _options?: SchemeOptions): string {
  const host = c.host.toLowerCase();
  const query = c.query === null ? '' : `?${normalizeEscapes(c.query)}`;
  return `https://${PURL_HOST_ALIASES[host] ?? host}${normalizeEscapes(c.path)}${query}`;
}
