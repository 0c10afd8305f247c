/**
 * Invalid ARKs generated from the grammar of draft-kunze-ark-09 (`source`) and draft-42 (`modern`):
 * each rule builds a valid ARK from its parts, then breaks one rule of it, and names the code (and
 * offset) of that rule in codes.ts. Test code only (not in the tarball): `@pidgate/ark/testing`.
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
import type { ArkErrorCode } from '../codes.ts';

// §2.6: letters, digits, "= # * + @ _ $" (draft-42: "= ~ * + @ _ $"); the reserved "% - . /" are
// left out of generated Names so that each one is a plain run of Name characters.
const SOURCE_NAME = `${ALPHA}${DIGITS}=#*+@_$`;
const MODERN_NAME = `${ALPHA}${DIGITS}=~*+@_$`;
const BETANUMERIC = '0123456789bcdfghjkmnpqrstvwxz';
/** RFC 3986 reg-name characters (a subset: letters, digits, "-", "."), for NMAHs. */
const HOST = `${LOWER}${DIGITS}-.`;

/** Characters outside every class of the URL prefix and the ARK body (never "/", "?", "#", "%"). */
const NEVER_ALLOWED = [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u00e9', '\u4e2d'];
/** draft-42 §3.1: whitespace is dropped from a modern ARK, so only the rest never passes. */
const NEVER_ALLOWED_MODERN = NEVER_ALLOWED.filter((c) => c !== ' ');

const sourceNaan = fc.oneof(charsOf(DIGITS, 5, 5), charsOf(DIGITS, 9, 9));
const modernNaan = charsOf(BETANUMERIC, 1, 16);
const sourceName = charsOf(SOURCE_NAME, 1, 10);
const modernName = charsOf(MODERN_NAME, 1, 10);
const host = charsOf(HOST, 1, 12).map((h) => `${h}.org`);

/** Labels that end in "/" (the NAAN starts right after), with and without a URL prefix (§2, §2.2). */
const slashLabel = fc.oneof(
  fc.constantFrom('ark:/', 'ARK:/', 'Ark:/'),
  fc.tuple(fc.constantFrom('http', 'https'), host).map(([s, h]) => `${s}://${h}/ark:/`),
  fc.tuple(host, charsOf(LOWER, 1, 6)).map(([h, p]) => `https://${h}/${p}/ark:/`),
);
/** Any label: draft-42 writes `ark:` without the "/". */
const label = fc.oneof(slashLabel, fc.constantFrom('ark:', 'ARK:'));

/** `[/|.]Qualifier` parts after the Name (§2.5), possibly none. */
const qualifier = (name: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(fc.constantFrom('/', '.'), name), { maxLength: 3 }).map((a) => a.flat().join(''));
const inflection = fc.constantFrom('', '?', '??', '?info');

/** A valid source ARK up to the end of its Qualifier, and its inflection. */
const sourceBody = fc
  .tuple(label, sourceNaan, sourceName, qualifier(sourceName))
  .map(([l, naan, name, q]) => `${l}${naan}/${name}${q}`);
const modernBody = fc
  .tuple(label, modernNaan, modernName, qualifier(modernName))
  .map(([l, naan, name, q]) => `${l}${naan}/${name}${q}`);

const rule = invalidRule<ArkErrorCode>;

/** The broken rules of draft-kunze-ark-09 (source profile). */
const SOURCE_RULES: InvalidRule<ArkErrorCode>[] = [
  rule(
    '§2 label "ark:" misspelt',
    'ark-label',
    fc
      .tuple(fc.constantFrom('ar:/', 'arc:/', 'rk:/', 'ark/', 'ark;/', 'urn:ark:/', 'ark-/'), sourceNaan, sourceName)
      .map(([l, naan, name]) => ({ input: `${l}${naan}/${name}`, offset: 0 })),
    { recognized: false },
  ),
  rule(
    '§2.1 NMAH = hostname, a character outside it',
    'nmah-host',
    fc
      .tuple(charsOf(HOST, 0, 8), fc.constantFrom(...NEVER_ALLOWED), charsOf(HOST, 0, 8), sourceNaan, sourceName)
      .map(([a, bad, b, naan, name]) => violation(`http://${a}`, bad, `${b}/ark:/${naan}/${name}`)),
  ),
  rule(
    '§2.1 NMAH = hostname, empty',
    'nmah-host',
    fc
      .tuple(fc.constantFrom('http', 'https', 'ftp'), sourceNaan, sourceName)
      .map(([s, naan, name]) => violation(`${s}://`, '', `/ark:/${naan}/${name}`)),
  ),
  rule(
    '§2.1 URL path before the label, a character outside pchar',
    'nmah-path',
    fc
      .tuple(
        host,
        charsOf(LOWER, 0, 6),
        fc.constantFrom(...NEVER_ALLOWED, '[', ']'),
        charsOf(LOWER, 0, 6),
        sourceNaan,
        sourceName,
      )
      .map(([h, a, bad, b, naan, name]) => violation(`http://${h}/${a}`, bad, `${b}/ark:/${naan}/${name}`)),
  ),
  rule(
    '§2.3 NAAN = digits, another character in it',
    'naan-character',
    fc
      .tuple(
        label,
        charsOf(DIGITS, 0, 4),
        fc.constantFrom(...'abxzBXZ=*+@_$~!%', ...NEVER_ALLOWED), // not "-": §2.6 ignores hyphens
        charsOf(DIGITS, 0, 4),
        sourceName,
      )
      .map(([l, a, bad, b, name]) => violation(`${l}${a}`, bad, `${b}/${name}`)),
  ),
  rule(
    '§2.3 NAAN = 5 or 9 digits, another length',
    'naan-length',
    fc
      .tuple(slashLabel, fc.constantFrom(0, 1, 2, 3, 4, 6, 7, 8, 10, 11, 16), sourceName)
      // an empty NAAN ends the input: a "/" after "ark:/" is read into the label (§2.7 step 3)
      .chain(([l, n, name]) => charsOf(DIGITS, n, n).map((naan) => violation(l, '', n === 0 ? '' : `${naan}/${name}`))),
  ),
  rule(
    '§2.3 NAAN "/" Name, the "/" missing',
    'naan-unterminated',
    fc
      .tuple(label, sourceNaan, fc.constantFrom('', '?', '??'))
      .map(([l, naan, tail]) => violation(`${l}${naan}`, '', tail)),
  ),
  rule(
    '§2.4 the Name is required',
    'name-empty',
    fc
      .tuple(label, sourceNaan, charsOf('/.', 0, 3), inflection)
      .map(([l, naan, structural, tail]) => violation(`${l}${naan}/`, '', `${structural}${tail}`)),
  ),
  rule(
    '§2.6 Name characters, another character in the Name',
    'name-character',
    fc
      .tuple(
        label,
        sourceNaan,
        charsOf(SOURCE_NAME, 0, 6),
        fc.constantFrom(...NEVER_ALLOWED, '~', '!', '&', "'", '(', ')', ',', ';', ':', '[', ']', '\u2010'),
        sourceName,
      )
      .map(([l, naan, a, bad, b]) => violation(`${l}${naan}/${a}`, bad, b)),
  ),
  rule(
    '§2.5/§2.6 Qualifier characters, another character in the Qualifier',
    'qualifier-character',
    fc
      .tuple(
        sourceBody,
        fc.constantFrom('/', '.'),
        charsOf(SOURCE_NAME, 0, 6),
        fc.constantFrom(...NEVER_ALLOWED, '~', '!', '(', ')', ',', ';', ':', '[', ']'),
        charsOf(SOURCE_NAME, 0, 6),
      )
      .map(([body, sep, a, bad, b]) => violation(`${body}${sep}${a}`, bad, b)),
  ),
  rule(
    '§2.6 %-encoded octet = "%" hex hex, in the Name',
    'pct-encoded',
    fc
      .tuple(label, sourceNaan, charsOf(SOURCE_NAME, 0, 6), badEscape, charsOf(SOURCE_NAME, 0, 6))
      .map(([l, naan, a, bad, b]) => violation(`${l}${naan}/${a}`, bad, b)),
  ),
  rule(
    '§2.6 %-encoded octet, cut short at the end',
    'pct-encoded',
    fc.tuple(sourceBody, truncatedEscape).map(([body, bad]) => violation(body, bad)),
  ),
  rule(
    '§6 inflections "?" / "??" only (and "?info")',
    'inflection',
    fc
      .tuple(
        sourceBody,
        charsOf(`${LOWER}?=&`, 1, 6).filter((q) => q !== '?' && q !== 'info'),
      )
      .map(([body, q]) => violation(body, `?${q}`)),
  ),
];

/** The broken rules of draft-42 (modern profile). */
const MODERN_RULES: InvalidRule<ArkErrorCode>[] = [
  rule(
    'draft-42 NAAN = betanumeric, another character in it',
    'naan-character',
    fc
      .tuple(
        label,
        charsOf(BETANUMERIC, 0, 4),
        fc.constantFrom(...'aeiouylAEIOUYL=*+@_$~!%', ...NEVER_ALLOWED_MODERN),
        charsOf(BETANUMERIC, 0, 4),
        modernName,
      )
      .map(([l, a, bad, b, name]) => violation(`${l}${a}`, bad, `${b}/${name}`)),
    { profile: 'modern' },
  ),
  rule(
    'draft-42 NAAN, empty',
    'naan-length',
    // nothing before the end or a "?": a "/" after "ark:/" is read into the label (draft-42 §3.2 step 8)
    fc.tuple(slashLabel, fc.constantFrom('', '?', '??', '?info')).map(([l, tail]) => violation(l, '', tail)),
    { profile: 'modern' },
  ),
  rule(
    'draft-42 Name characters, "#" or another character in the Name',
    'name-character',
    fc
      .tuple(
        label,
        modernNaan,
        charsOf(MODERN_NAME, 0, 6),
        fc.constantFrom(...NEVER_ALLOWED_MODERN, '#', '!', '(', ')', ',', ';', ':', '[', ']'),
        modernName,
      )
      .map(([l, naan, a, bad, b]) => violation(`${l}${naan}/${a}`, bad, b)),
    { profile: 'modern' },
  ),
  rule(
    'draft-42 / RFC 3986 §3.4 query = *( pchar / "/" / "?" ), another character',
    'query-character',
    fc
      .tuple(
        modernBody,
        charsOf(`${LOWER}=&/?`, 0, 6),
        fc.constantFrom(...NEVER_ALLOWED_MODERN, '#', '[', ']'),
        charsOf(`${LOWER}=&`, 0, 6),
      )
      .map(([body, a, bad, b]) => violation(`${body}?${a}`, bad, b)),
    { profile: 'modern' },
  ),
  rule(
    'draft-42 %-encoded octet in a URI query',
    'pct-encoded',
    fc
      .tuple(modernBody, charsOf(`${LOWER}=&`, 1, 6), badEscape)
      .map(([body, a, bad]) => violation(`${body}?${a}`, bad)),
    { profile: 'modern' },
  ),
];

export const ARK_INVALID_RULES: readonly InvalidRule<ArkErrorCode>[] = [...SOURCE_RULES, ...MODERN_RULES];
