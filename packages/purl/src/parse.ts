import { type Err, err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { PurlErrorCode } from './codes.ts';
import { httpHostPrefix, httpSchemeLength, isHex, isPchar, PURL_HOSTS } from './grammar.ts';

/** A PURL as written: the parts of its URL, not normalized. */
export interface PurlComponents {
  /** `http` or `https`, as written. */
  readonly scheme: string;
  /** The PURL service's host, as written. */
  readonly host: string;
  /** The path, from its first "/", as written: the PURL's domain and name. */
  readonly path: string;
  /** The query without its "?", or null. */
  readonly query: string | null;
  /** The fragment without its "#", or null (not part of the PURL). */
  readonly fragment: string | null;
}

/** Does `s` start with `http(s)://` and a PURL service's host, then "/"? */
export function isPurlUrl(s: string): boolean {
  return httpHostPrefix(s, PURL_HOSTS) > 0;
}

/** Scan pchar / "/" (and "?" when `question`) from `i` to a stop character: the end, or an error. */
function scan(s: string, i: number, question: boolean, stops: string): number | Err<PidError<PurlErrorCode>> {
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isPchar(c) || c === 47 || (question && c === 63)) continue;
    if (c === 37) {
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) {
        return err('pct-encoded', 'a percent-escape is "%" followed by two hex digits', i);
      }
      i += 2;
      continue;
    }
    if (stops.includes(s[i] as string)) return i;
    return err(
      'purl-character',
      `character ${JSON.stringify(s[i])} is not allowed in a URL here; percent-encode it`,
      i,
    );
  }
  return i;
}

/** Parse a PURL: an http(s) URL on a PURL service's host. Never throws; linear in the input's length. */
export function parsePurl(s: string, _options?: SchemeOptions): Result<PurlComponents, PidError<PurlErrorCode>> {
  const prefix = httpHostPrefix(s, PURL_HOSTS);
  if (prefix === 0) {
    return err('purl-label', `a PURL is an http(s) URL on a PURL service's host (${PURL_HOSTS.join(', ')})`, 0);
  }
  const schemeEnd = httpSchemeLength(s) - 3;
  const pathStart = prefix - 1;
  const pathEnd = scan(s, pathStart, false, '?#');
  if (typeof pathEnd !== 'number') return pathEnd;
  if (pathEnd - pathStart <= 1)
    return err('purl-path-empty', 'a PURL names a domain and a name after the host', prefix);
  let query: string | null = null;
  let fragment: string | null = null;
  let i = pathEnd;
  if (s.charCodeAt(i) === 63) {
    const end = scan(s, i + 1, true, '#');
    if (typeof end !== 'number') return end;
    query = s.slice(i + 1, end);
    i = end;
  }
  if (s.charCodeAt(i) === 35) {
    const end = scan(s, i + 1, true, '');
    if (typeof end !== 'number') return end;
    fragment = s.slice(i + 1, end);
  }
  return {
    ok: true,
    value: {
      scheme: s.slice(0, schemeEnd),
      host: s.slice(schemeEnd + 3, pathStart),
      path: s.slice(pathStart, pathEnd),
      query,
      fragment,
    },
  };
}
