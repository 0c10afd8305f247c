/**
 * Invalid URNs generated from RFC 8141 §2's ABNF: each rule builds a valid namestring from the ABNF's
 * parts, breaks one rule, and names that rule's code (codes.ts) and offset. Test code only (not in the
 * tarball): `@pidgate/urn/testing`.
 *
 *   namestring = assigned-name [ rq-components ] [ "#" f-component ]
 *   assigned-name = "urn" ":" NID ":" NSS
 *   NID = (alphanum) 0*30(ldh) (alphanum) ; NSS = pchar *(pchar / "/")
 *   r-component = pchar *( pchar / "/" / "?" ) ; q-component likewise ; f-component = fragment
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
import type { UrnErrorCode } from '../codes.ts';

const ALPHANUM = `${ALPHA}${DIGITS}`;
/** RFC 3986 pchar less pct-encoded: unreserved / sub-delims / ":" / "@". */
const PCHAR = `${ALPHANUM}-._~!$&'()*+,;=:@`;
/** Characters no component of a URN allows (never "%", "/", "?", "#"). */
const OUTSIDE = [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '[', ']', '\u00e9', '\u4e2d'];

/**
 * NIDs of no registered namespace and of no other scheme (PDI, PWID, DOI, ...): "ex" and letters,
 * digits and hyphens, ending in a letter or digit. 3 to 14 characters.
 */
const nid = fc
  .tuple(charsOf(`${LOWER}${DIGITS}-`, 0, 10), fc.constantFrom(...`${LOWER}${DIGITS}`), fc.boolean())
  .map(([mid, end, upper]) => (upper ? `EX${mid.toUpperCase()}${end.toUpperCase()}` : `ex${mid}${end}`));
const label = fc.constantFrom('urn:', 'URN:', 'Urn:');
/** NSS = pchar *(pchar / "/"). Kept free of "?" and "#" by construction. */
const nss = fc.tuple(fc.constantFrom(...PCHAR), charsOf(`${PCHAR}/`, 0, 12)).map(([first, rest]) => first + rest);
const component = fc
  .tuple(fc.constantFrom(...PCHAR), charsOf(`${PCHAR}/?`, 0, 8))
  .map(([first, rest]) => first + rest)
  .filter((c) => !c.includes('?='));
/** A valid assigned-name. */
const assigned = fc.tuple(label, nid, nss).map(([l, n, s]) => `${l}${n}:${s}`);

const rule = invalidRule<UrnErrorCode>;

export const URN_INVALID_RULES: readonly InvalidRule<UrnErrorCode>[] = [
  rule(
    'assigned-name = "urn" ":" ..., the label misspelt',
    'urn-label',
    fc
      .tuple(fc.constantFrom('um:', 'ur:', 'urn;', 'urn', 'uri:', 'rn:'), nid, nss)
      .map(([l, n, s]) => ({ input: `${l}${n}:${s}`, offset: 0 })),
    { recognized: false },
  ),
  rule(
    'ldh = alphanum / "-": another character in the NID',
    'nid-character',
    fc
      .tuple(
        label,
        charsOf(ALPHANUM, 1, 10),
        fc.constantFrom('_', '.', '+', '!', '~', '%', '/', '@', '=', ...OUTSIDE),
        charsOf(ALPHANUM, 1, 10),
        nss,
      )
      .map(([l, a, bad, b, s]) => violation(`${l}${a}`, bad, `${b}:${s}`)),
  ),
  rule(
    'NID = 2 to 32 characters: one',
    'nid-length',
    fc.tuple(label, fc.constantFrom(...ALPHANUM), nss).map(([l, c, s]) => violation(l, '', `${c}:${s}`)),
  ),
  rule(
    'NID = 2 to 32 characters: more than 32',
    'nid-length',
    fc.tuple(label, charsOf(ALPHANUM, 33, 40), nss).map(([l, n, s]) => ({ input: `${l}${n}:${s}`, offset: 4 + 32 })),
  ),
  rule(
    'NID = (alphanum) 0*30(ldh) (alphanum): a hyphen first or last',
    'nid-hyphen',
    fc
      .tuple(label, charsOf(ALPHANUM, 1, 10), fc.boolean(), nss)
      .map(([l, n, first, s]) => (first ? violation(l, '-', `${n}:${s}`) : violation(`${l}${n}`, '-', `:${s}`))),
  ),
  rule(
    'assigned-name = "urn" ":" NID ":" NSS: no ":" after the NID',
    'nid-unterminated',
    fc.tuple(label, nid).map(([l, n]) => violation(`${l}${n}`, '')),
  ),
  rule(
    'NSS = pchar *(pchar / "/"): empty',
    'nss-empty',
    fc
      .tuple(label, nid, fc.constantFrom('', '?+r', '?=q', '#f'))
      .map(([l, n, tail]) => violation(`${l}${n}:`, '', tail)),
  ),
  rule(
    'NSS = pchar *(pchar / "/"): "/" first',
    'nss-leading-slash',
    fc.tuple(label, nid, nss).map(([l, n, s]) => violation(`${l}${n}:`, '/', s)),
  ),
  rule(
    'NSS: a character that is not pchar or "/"',
    'nss-character',
    fc.tuple(assigned, fc.constantFrom(...OUTSIDE), charsOf(PCHAR, 0, 6)).map(([a, bad, b]) => violation(a, bad, b)),
  ),
  rule(
    'pct-encoded = "%" HEXDIG HEXDIG, in the NSS',
    'pct-encoded',
    fc.oneof(
      fc.tuple(assigned, badEscape, charsOf(PCHAR, 0, 6)).map(([a, bad, b]) => violation(a, bad, b)),
      fc.tuple(assigned, truncatedEscape).map(([a, bad]) => violation(a, bad)),
    ),
  ),
  rule(
    'RFC 8141 §2: "?" starts "?+" or "?=" only',
    'bare-question-mark',
    fc.tuple(assigned, fc.constantFrom('', 'x', '?', 'a=b', '-')).map(([a, tail]) => violation(a, '?', tail)),
  ),
  rule(
    'r-component = pchar *( pchar / "/" / "?" ): empty',
    'r-component-empty',
    fc.tuple(assigned, fc.constantFrom('', '?=q', '#f')).map(([a, tail]) => violation(`${a}?+`, '', tail)),
  ),
  rule(
    'r-component begins with a pchar',
    'r-component-start',
    fc
      .tuple(assigned, fc.constantFrom('/', '?'), charsOf(LOWER, 1, 4))
      .map(([a, bad, b]) => violation(`${a}?+`, bad, b)),
  ),
  rule(
    'r-component: a character that is not pchar, "/" or "?"',
    'r-component-character',
    fc
      .tuple(assigned, component, fc.constantFrom(...OUTSIDE), charsOf(PCHAR, 0, 4))
      .map(([a, r, bad, b]) => violation(`${a}?+${r}`, bad, b)),
  ),
  rule(
    'q-component = pchar *( pchar / "/" / "?" ): empty',
    'q-component-empty',
    fc.tuple(assigned, fc.constantFrom('', '#f')).map(([a, tail]) => violation(`${a}?=`, '', tail)),
  ),
  rule(
    'q-component begins with a pchar',
    'q-component-start',
    fc
      .tuple(assigned, fc.constantFrom('/', '?'), charsOf(LOWER, 1, 4))
      .map(([a, bad, b]) => violation(`${a}?=`, bad, b)),
  ),
  rule(
    'q-component: a character that is not pchar, "/" or "?"',
    'q-component-character',
    fc
      .tuple(assigned, component, fc.constantFrom(...OUTSIDE), charsOf(PCHAR, 0, 4))
      .map(([a, q, bad, b]) => violation(`${a}?=${q}`, bad, b)),
  ),
  rule(
    'f-component = fragment = *( pchar / "/" / "?" ): another character',
    'f-component-character',
    fc
      .tuple(assigned, charsOf(`${PCHAR}/?`, 0, 6), fc.constantFrom(...OUTSIDE, '#'), charsOf(PCHAR, 0, 4))
      .map(([a, f, bad, b]) => violation(`${a}#${f}`, bad, b)),
  ),
  rule(
    'RFC 9562 §4: a UUID is 8-4-4-4-12 hex digits',
    'uuid-syntax',
    fc
      .tuple(
        fc.constantFrom('urn:uuid:', 'URN:UUID:'),
        fc.array(charsOf('0123456789abcdef', 4, 4), { minLength: 8, maxLength: 8 }),
        fc.nat(35),
        fc.constantFrom('g', 'z', '-', '_'),
      )
      .map(([l, quads, at, bad]) => {
        const h = quads.join('');
        const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
        // replace one character by one that breaks the 8-4-4-4-12 shape
        const i = at % uuid.length;
        const broken = `${uuid.slice(0, i)}${uuid[i] === '-' ? '0' : bad}${uuid.slice(i + 1)}`;
        return { input: `${l}${broken}`, offset: null };
      }),
  ),
  rule(
    'RFC 3061: number = "0" / ( nonzero *DIGIT ), a leading zero',
    'oid-leading-zero',
    fc
      .tuple(
        fc.array(fc.integer({ min: 0, max: 999 }).map(String), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 99 }),
      )
      .map(([arcs, n]) => ({ input: `urn:oid:1.${arcs.join('.')}.0${n}`, offset: null })),
  ),
];
