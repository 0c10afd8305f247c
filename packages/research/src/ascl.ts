/**
 * ASCL IDs (Astrophysics Source Code Library): `ascl:1908.011`. The year and month the code was added
 * (YYMM) and its number in that month, three digits (four from 1000 on), as ascl.net writes them; also
 * the ascl.net URL (`https://ascl.net/1908.011`). A bare `1908.011` is not claimed: it has the shape of an
 * arXiv ID's number.
 */
import { compareParsed, type DefinedScheme, defineScheme, type PidError, type SchemeOptions } from '@pidgate/core';
import { digit, fail, formatShell, type IdComponents, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the ASCL parser. */
export const ASCL_ERROR_CODES = [
  'ascl-label', // ascl: or https://ascl.net/
  'ascl-date', // YYMM, the month 01-12
  'ascl-number', // "." and three or four digits
] as const;
export type AsclErrorCode = (typeof ASCL_ERROR_CODES)[number];
export type AsclComponents = IdComponents;

export const ASCL_SPELLINGS: Spellings = { labels: ['ascl:'], urls: ['ascl.net/', 'www.ascl.net/'] };

function idError(s: string, start: number, end: number): PidError<AsclErrorCode> | null {
  for (let i = start; i < start + 4; i++) {
    if (i >= end || !digit(s.charCodeAt(i)))
      return fail('ascl-date', 'an ASCL ID starts with the year and month, YYMM', i);
  }
  const month = (s.charCodeAt(start + 2) - 48) * 10 + (s.charCodeAt(start + 3) - 48);
  if (month < 1 || month > 12) return fail('ascl-date', 'the month (the 3rd and 4th digits) is 01 to 12', start + 2);
  if (s.charCodeAt(start + 4) !== 46) return fail('ascl-number', 'a "." follows YYMM', start + 4);
  const n = end - start - 5;
  for (let i = start + 5; i < end; i++) {
    if (!digit(s.charCodeAt(i))) return fail('ascl-number', 'the number after "." is digits', i);
  }
  return n === 3 || n === 4 ? null : fail('ascl-number', 'the number after "." is three or four digits', start + 5);
}

/** Parse an ASCL ID. Never throws; linear. */
export function parseAscl(input: string, _options?: SchemeOptions) {
  const message = 'an ASCL ID is written ascl:1908.011';
  return parseShell(input, ASCL_SPELLINGS, { label: 'ascl-label' as const, labelMessage: message }, idError);
}

/** The canonical spelling and equivalence key: `ascl:` and the ID, as ascl.net writes it. */
export function normalizeAscl(c: Pick<AsclComponents, 'id'>, _options?: SchemeOptions): string {
  return `ascl:${c.id}`;
}

export const formatAscl = (c: AsclComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareAscl(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseAscl, normalizeAscl, a, b, options);
}

export const asclScheme: DefinedScheme<AsclComponents, 'ascl', AsclErrorCode> = defineScheme({
  name: 'ascl',
  priority: 27,
  errorCodes: ASCL_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, ASCL_SPELLINGS) !== null,
  parse: parseAscl,
  normalize: normalizeAscl,
  format: formatAscl,
  route: { labels: ['ascl:'], hosts: ['ascl.net', 'www.ascl.net'] },
  resolver: { template: 'https://ascl.net/{id}', id: (c) => c.id },
  docs: {
    title: 'ASCL ID, Astrophysics Source Code Library',
    specification: 'ascl.net, ASCL IDs (YYMM.NNN)',
    page: 'docs/specs/ascl.md',
    package: '@pidgate/research',
    example: 'ascl:1908.011',
  },
});
