/**
 * Invalid handles generated from RFC 3651 §2 (<Handle> = <Handle Naming Authority> "/" <Handle Local Name>)
 * in each spelling: each rule builds a valid handle, breaks one rule, and names that rule's code (codes.ts)
 * and offset. Naming authorities never start "10." (the DOI directory, claimed by the DOI scheme). Test code
 * only (not in the tarball): `@pidgate/handle/testing`.
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
import type { HandleErrorCode } from '../codes.ts';

const printLabel = fc.constantFrom('hdl:', 'HDL:');
const uriLabel = fc.constantFrom('https://hdl.handle.net/', 'http://hdl.handle.net/', 'info:hdl/');
const anyLabel = fc.oneof(printLabel, uriLabel);
/** A naming authority: segments of letters and digits joined by ".", the first not "10". */
const prefix = fc
  .tuple(
    fc
      .oneof(charsOf('23456789', 1, 1), charsOf(LOWER, 1, 1))
      .chain((first) => charsOf(`${LOWER}${DIGITS}`, 0, 5).map((r) => first + r)),
    fc.array(charsOf(`${LOWER}${DIGITS}`, 1, 5), { maxLength: 2 }),
  )
  .map(([first, rest]) => [first, ...rest].join('.'));
const LOCAL = `${ALPHA}${DIGITS}-._;()/:`;
const local = charsOf(LOCAL, 1, 12);
const SPACES = [' ', '\t', '\n', '\u0000', '\u007f', '\u00a0', '\u2028', '\u3000'];

const rule = invalidRule<HandleErrorCode>;

export const HANDLE_INVALID_RULES: readonly InvalidRule<HandleErrorCode>[] = [
  rule(
    'a handle is written hdl:, info:hdl/ or https://hdl.handle.net/: the label misspelt',
    'handle-label',
    fc
      .tuple(fc.constantFrom('hdI:', 'hd:', 'info:hdI/', 'https://hdl.example.net/'), prefix, local)
      .map(([l, p, s]) => ({ input: `${l}${p}/${s}`, offset: 0 })),
    { recognized: false },
  ),
  rule(
    'a handle follows the label',
    'name-empty',
    fc
      .tuple(anyLabel, fc.constantFrom('', '?x=1', '#f'))
      .map(([l, rest]) => (l.startsWith('hdl:') || l.startsWith('HDL:') ? violation(l, '') : violation(l, '', rest))),
  ),
  rule(
    'RFC 3651 §2: <Handle> = naming authority "/" local name, the "/" missing',
    'handle-separator',
    fc.tuple(anyLabel, prefix).map(([l, p]) => violation(`${l}${p}`, '')),
  ),
  rule(
    'RFC 3651 §2: the naming authority is not empty',
    'prefix-empty',
    fc.tuple(anyLabel, local).map(([l, s]) => violation(l, '', `/${s}`)),
  ),
  rule(
    'RFC 3651 §2: naming authority segments are separated by one "."',
    'prefix-segment',
    fc
      .tuple(anyLabel, prefix, fc.constantFrom('..', '.'), local)
      .map(([l, p, dots, s]) =>
        dots === '.' ? violation(`${l}${p}.`, '', `/${s}`) : violation(`${l}${p}.`, '', `.x/${s}`),
      ),
  ),
  rule(
    'RFC 3651 §2: a naming authority holds no white space or control character',
    'prefix-character',
    fc
      .tuple(printLabel, prefix, fc.constantFrom(...SPACES), charsOf(`${LOWER}${DIGITS}`, 0, 3), local)
      .map(([l, p, bad, b, s]) => violation(`${l}${p}`, bad, `${b}/${s}`)),
  ),
  rule(
    'RFC 3651 §2: the local name is not empty',
    'suffix-empty',
    fc.tuple(anyLabel, prefix).map(([l, p]) => violation(`${l}${p}/`, '')),
  ),
  rule(
    'RFC 3651 §2: a local name holds no white space or control character',
    'suffix-character',
    fc
      .tuple(printLabel, prefix, local, fc.constantFrom(...SPACES), charsOf(LOCAL, 1, 4))
      .map(([l, p, a, bad, b]) => violation(`${l}${p}/${a}`, bad, b)),
  ),
  rule(
    'RFC 3986 pct-encoded = "%" HEXDIG HEXDIG (URI spellings)',
    'pct-encoded',
    fc
      .tuple(uriLabel, prefix, local, badEscape, charsOf(LOWER, 0, 4))
      .map(([l, p, a, bad, b]) => violation(`${l}${p}/${a}`, bad, b)),
  ),
  rule(
    'RFC 3986 §2.5: the escapes of a URI spelling decode to UTF-8',
    'pct-utf8',
    fc
      .tuple(uriLabel, prefix, local, fc.constantFrom('%C3%28', '%FF', '%E2%82', '%C0%80'))
      .map(([l, p, a, bad]) => ({ input: `${l}${p}/${a}${bad}`, offset: l.length })),
  ),
];
