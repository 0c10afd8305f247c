/**
 * Invalid PURLs generated from RFC 3986's URL syntax on a PURL service's host (path = *( "/" segment ),
 * segment = *pchar; query and fragment = *( pchar / "/" / "?" )): each rule builds a valid PURL, breaks
 * one rule, and names that rule's code (codes.ts) and offset. Test code only (not in the tarball):
 * `@pidgate/purl/testing`.
 */
import {
  ALPHA,
  badEscape,
  charsOf,
  DIGITS,
  type InvalidRule,
  invalidRule,
  LOWER,
  truncatedEscape,
  violation,
} from '@pidgate/core/testing';
import fc from 'fast-check';
import type { PurlErrorCode } from '../codes.ts';

const PCHAR = `${ALPHA}${DIGITS}-._~!$&'()*+,;=:@`;
const OUTSIDE = [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '[', ']', '\u00e9'];
const prefix = fc
  .tuple(fc.constantFrom('http', 'https', 'HTTP'), fc.constantFrom('purl.org', 'purl.oclc.org', 'purl.obolibrary.org'))
  .map(([s, h]) => `${s}://${h}`);
/** A path of a domain and a name: "/" segment "/" segment ... */
const path = fc.array(charsOf(PCHAR, 1, 8), { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`);
const purl = fc.tuple(prefix, path).map(([p, a]) => p + a);

const rule = invalidRule<PurlErrorCode>;

export const PURL_INVALID_RULES: readonly InvalidRule<PurlErrorCode>[] = [
  rule(
    "a PURL is an http(s) URL on a PURL service's host: another host",
    'purl-label',
    fc
      .tuple(fc.constantFrom('https://purl.example.org', 'https://purl.org.example', 'ftp://purl.org'), path)
      .map(([p, a]) => ({ input: p + a, offset: 0 })),
    { recognized: false },
  ),
  rule(
    'a PURL names a domain and a name: the path is more than "/"',
    'purl-path-empty',
    fc.tuple(prefix, fc.constantFrom('', '?q=1', '#f')).map(([p, rest]) => violation(`${p}/`, '', rest)),
  ),
  rule(
    'path = *( "/" segment ), segment = *pchar: another character',
    'purl-character',
    fc.tuple(purl, fc.constantFrom(...OUTSIDE), charsOf(LOWER, 0, 4)).map(([u, bad, b]) => violation(u, bad, b)),
  ),
  rule(
    'query = *( pchar / "/" / "?" ): another character',
    'purl-character',
    fc
      .tuple(purl, charsOf(`${PCHAR}/?`, 0, 6), fc.constantFrom(...OUTSIDE), charsOf(LOWER, 0, 4))
      .map(([u, q, bad, b]) => violation(`${u}?${q}`, bad, b)),
  ),
  rule(
    'fragment = *( pchar / "/" / "?" ): another character',
    'purl-character',
    fc
      .tuple(purl, charsOf(`${PCHAR}/?`, 0, 6), fc.constantFrom(...OUTSIDE, '#'), charsOf(LOWER, 0, 4))
      .map(([u, f, bad, b]) => violation(`${u}#${f}`, bad, b)),
  ),
  rule(
    'pct-encoded = "%" HEXDIG HEXDIG',
    'pct-encoded',
    fc.oneof(
      fc.tuple(purl, badEscape, charsOf(LOWER, 0, 4)).map(([u, bad, b]) => violation(u, bad, b)),
      fc.tuple(purl, truncatedEscape).map(([u, bad]) => violation(u, bad)),
      fc.tuple(purl, charsOf(LOWER, 1, 4), badEscape).map(([u, q, bad]) => violation(`${u}?${q}`, bad)),
    ),
  ),
];
