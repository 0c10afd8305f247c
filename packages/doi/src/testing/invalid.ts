/**
 * Invalid DOIs generated from the DOI Handbook's syntax (§2.2: prefix "/" suffix, prefix = "10."
 * registrant code) in each of its spellings: each rule builds a valid DOI, breaks one rule, and names that
 * rule's code (codes.ts) and offset. Test code only (not in the tarball): `@pidgate/doi/testing`.
 */
import {
  ALPHA,
  badEscape,
  charsOf,
  DIGITS,
  type InvalidRule,
  invalidRule,
  LOWER,
  violation,
} from '@pidgate/core/testing';
import fc from 'fast-check';
import type { DoiErrorCode } from '../codes.ts';

/** Print labels (no escapes decoded) and URI labels (escapes decoded once, "?" and "#" end the DOI). */
const printLabel = fc.constantFrom('doi:', 'DOI:', 'doi: ');
const proxyLabel = fc.constantFrom('https://doi.org/', 'http://dx.doi.org/');
const uriLabel = fc.oneof(proxyLabel, fc.constantFrom('info:doi/', 'urn:doi:'));
const anyLabel = fc.oneof(printLabel, uriLabel);
/** registrant code = digits, optionally subdivided by single "." */
const registrant = fc.array(charsOf(DIGITS, 1, 5), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
/** Suffix characters: graphic, and none that a URI spelling reads as syntax ("?", "#", "%"). */
const SUFFIX = `${ALPHA}${DIGITS}-._;()/:<>[]`;
const suffix = charsOf(SUFFIX, 1, 12);

const rule = invalidRule<DoiErrorCode>;

export const DOI_INVALID_RULES: readonly InvalidRule<DoiErrorCode>[] = [
  rule(
    'a DOI is written doi:, info:doi/, urn:doi:, a proxy URL or a bare "10.": the label misspelt',
    'doi-label',
    fc
      .tuple(fc.constantFrom('dio:', 'do:', 'info:dio/', 'urn:dio:', '11.', 'https://doi.example/'), registrant, suffix)
      .map(([l, r, s]) => ({ input: `${l}10.${r}/${s}`, offset: 0 })),
    { recognized: false },
  ),
  rule(
    'a DOI name follows the label',
    'name-empty',
    fc.tuple(anyLabel, fc.constantFrom('', '?x=1', '#top')).map(([l, rest]) =>
      // a print label takes every character after it as the name
      l.includes('/') || l === 'urn:doi:' ? violation(l, '', rest) : violation(l, ''),
    ),
  ),
  rule(
    '§2.2 prefix = directory indicator "10." registrant code',
    'directory-indicator',
    fc
      .oneof(
        fc.tuple(
          fc.oneof(printLabel, fc.constantFrom('info:doi/', 'urn:doi:')),
          fc.constantFrom('11.', '01.', '1.', '10', '10,', '100.', 'x10.'),
        ),
        // on doi.org a numeric naming authority that is no DOI prefix (`11.1000/…`) is a handle (the Handle
        // scheme's): only a prefix that is neither is a DOI's error there
        fc.tuple(proxyLabel, fc.constantFrom('10,', 'x10.', '10a')),
      )
      .chain(([l, bad]) => fc.tuple(fc.constant(l), fc.constant(bad), registrant, suffix))
      .map(([l, bad, r, s]) => violation(l, '', `${bad}${r}/${s}`)),
  ),
  rule(
    '§2.2 registrant code = digits, subdivided by single "."',
    'registrant-code',
    fc
      .tuple(anyLabel, registrant, fc.constantFrom('a', 'x', '-', '_', ',', '..', './'), suffix)
      .map(([l, r, bad, s]) =>
        bad === './'
          ? violation(`${l}10.${r}.`, '', `/${s}`)
          : bad === '..'
            ? violation(`${l}10.${r}.`, '', `.1/${s}`)
            : violation(`${l}10.${r}`, bad, `/${s}`),
      ),
  ),
  rule(
    '§2.2 registrant code: not empty',
    'registrant-code',
    fc.tuple(anyLabel, suffix).map(([l, s]) => violation(`${l}10.`, '', `/${s}`)),
  ),
  rule(
    '§2.2 DOI = prefix "/" suffix: the "/" missing',
    'doi-separator',
    fc.tuple(anyLabel, registrant).map(([l, r]) => violation(`${l}10.${r}`, '')),
  ),
  rule(
    '§2.2 the suffix is not empty',
    'suffix-empty',
    fc.tuple(anyLabel, registrant).map(([l, r]) => violation(`${l}10.${r}/`, '')),
  ),
  rule(
    '§2.2 suffix: legal graphic characters, no white space or control character',
    'suffix-character',
    fc
      .tuple(
        fc.oneof(printLabel, fc.constant('')),
        registrant,
        suffix,
        fc.constantFrom(' ', '\t', '\n', '\u0000', '\u007f', '\u00a0', '\u3000'),
        charsOf(SUFFIX, 1, 4),
      )
      .map(([l, r, a, bad, b]) => violation(`${l}10.${r}/${a}`, bad, b)),
  ),
  rule(
    'RFC 3986 pct-encoded = "%" HEXDIG HEXDIG (URI spellings)',
    'pct-encoded',
    fc
      .tuple(uriLabel, registrant, suffix, badEscape, charsOf(LOWER, 0, 4))
      .map(([l, r, a, bad, b]) => violation(`${l}10.${r}/${a}`, bad, b)),
  ),
  rule(
    'RFC 3986 §2.5: the escapes of a URI spelling decode to UTF-8',
    'pct-utf8',
    fc
      .tuple(uriLabel, registrant, suffix, fc.constantFrom('%C3%28', '%FF', '%E2%82', '%C0%80', '%ED%A0%80'))
      .map(([l, r, a, bad]) => ({ input: `${l}10.${r}/${a}${bad}`, offset: l.length })),
  ),
];
