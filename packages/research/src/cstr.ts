/**
 * CSTRs (China Science and Technology Resource identifiers, GB/T 32843-2016; cstr.cn's specification):
 * `CSTR:31253.11.sciencedb.j00001.00123`. A five-digit registration agency code, ".", a two-digit resource
 * type, ".", and the agency's own ID (letters, digits, ".", "-", "_" and "/"). Written with `CSTR:` (any
 * case) or as a cstr.cn URL; the canonical form is `CSTR:` and the ID as written.
 */
import { compareParsed, type DefinedScheme, defineScheme, type PidError, type SchemeOptions } from '@pidgate/core';
import { digit, fail, formatShell, type IdComponents, letter, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the CSTR parser. */
export const CSTR_ERROR_CODES = [
  'cstr-label', // CSTR: or https://cstr.cn/
  'cstr-agency', // five digits, then "."
  'cstr-type', // two digits, then "."
  'cstr-local', // the local ID: not empty; letters, digits, ".", "-", "_", "/"
] as const;
export type CstrErrorCode = (typeof CSTR_ERROR_CODES)[number];
export type CstrComponents = IdComponents;

export const CSTR_SPELLINGS: Spellings = { labels: ['cstr:'], urls: ['cstr.cn/', 'www.cstr.cn/'] };

const localChar = (c: number): boolean => letter(c) || digit(c) || c === 46 || c === 45 || c === 95 || c === 47;

function idError(s: string, start: number, end: number): PidError<CstrErrorCode> | null {
  for (let i = start; i < start + 5; i++) {
    if (i >= end || !digit(s.charCodeAt(i)))
      return fail('cstr-agency', 'a CSTR starts with a five-digit agency code', i);
  }
  if (s.charCodeAt(start + 5) !== 46) return fail('cstr-agency', 'a "." follows the five-digit agency code', start + 5);
  for (let i = start + 6; i < start + 8; i++) {
    if (i >= end || !digit(s.charCodeAt(i)))
      return fail('cstr-type', 'a two-digit resource type follows the agency', i);
  }
  if (s.charCodeAt(start + 8) !== 46) return fail('cstr-type', 'a "." follows the two-digit resource type', start + 8);
  if (start + 9 >= end) return fail('cstr-local', 'the local ID after the type is never empty', start + 9);
  for (let i = start + 9; i < end; i++) {
    if (!localChar(s.charCodeAt(i))) {
      return fail('cstr-local', 'the local ID is letters, digits, ".", "-", "_" and "/"', i);
    }
  }
  return null;
}

/** Parse a CSTR. Never throws; linear. */
export function parseCstr(input: string, _options?: SchemeOptions) {
  const message = 'a CSTR is written CSTR:31253.11.sciencedb.j00001.00123';
  return parseShell(input, CSTR_SPELLINGS, { label: 'cstr-label' as const, labelMessage: message }, idError);
}

/** The canonical spelling and equivalence key: `CSTR:` and the ID as written. */
export function normalizeCstr(c: Pick<CstrComponents, 'id'>, _options?: SchemeOptions): string {
  return `CSTR:${c.id}`;
}

export const formatCstr = (c: CstrComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareCstr(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseCstr, normalizeCstr, a, b, options);
}

export const cstrScheme: DefinedScheme<CstrComponents, 'cstr', CstrErrorCode> = defineScheme({
  name: 'cstr',
  priority: 28,
  errorCodes: CSTR_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, CSTR_SPELLINGS) !== null,
  parse: parseCstr,
  normalize: normalizeCstr,
  format: formatCstr,
  route: { labels: ['cstr:'], hosts: ['cstr.cn', 'www.cstr.cn'] },
  resolver: { template: 'https://cstr.cn/{id}', id: (c) => c.id },
  docs: {
    title: 'CSTR, China Science and Technology Resource identifier',
    specification: 'GB/T 32843-2016; cstr.cn specification',
    page: 'docs/specs/cstr.md',
    package: '@pidgate/research',
    example: 'CSTR:31253.11.sciencedb.j00001.00123',
  },
});
