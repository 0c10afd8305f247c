/**
 * VIAF IDs (Virtual International Authority File, OCLC): `https://viaf.org/viaf/75121530`, `viaf:75121530`.
 * A VIAF cluster's number: digits without a leading zero, 2 to 22 of them (OCLC's numbers so far; the
 * longest are 22 digits). No check digit, so no bare form: a bare number is refused as ambiguous.
 */
import { compareParsed, type DefinedScheme, defineScheme, type PidError, type SchemeOptions } from '@pidgate/core';
import { fail, firstNonDigit, formatShell, type IdComponents, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the VIAF parser. */
export const VIAF_ERROR_CODES = [
  'viaf-label', // https://viaf.org/viaf/, viaf.org/viaf/ or viaf:
  'viaf-character', // digits only
  'viaf-leading-zero', // the number starts with 1-9
  'viaf-length', // 2 to 22 digits
] as const;
export type ViafErrorCode = (typeof VIAF_ERROR_CODES)[number];
export type ViafComponents = IdComponents;

export const VIAF_SPELLINGS: Spellings = { labels: ['viaf:'], urls: ['viaf.org/viaf/', 'www.viaf.org/viaf/'] };

function idError(s: string, start: number, end: number): PidError<ViafErrorCode> | null {
  const bad = firstNonDigit(s, start, end);
  if (bad >= 0) return fail('viaf-character', 'a VIAF ID is digits only', bad);
  if (s.charCodeAt(start) === 48) return fail('viaf-leading-zero', 'a VIAF ID does not start with 0', start);
  if (end - start < 2 || end - start > 22) return fail('viaf-length', 'a VIAF ID is 2 to 22 digits', start);
  return null;
}

/** Parse a VIAF ID: a viaf.org URL (one trailing "/") or `viaf:`. Never throws; linear. */
export function parseViaf(input: string, _options?: SchemeOptions) {
  const message = 'a VIAF ID is written https://viaf.org/viaf/75121530 or viaf:75121530';
  return parseShell(input, VIAF_SPELLINGS, { label: 'viaf-label' as const, labelMessage: message }, idError);
}

/** The canonical spelling and equivalence key: the cluster's URI. */
export function normalizeViaf(c: Pick<ViafComponents, 'id'>, _options?: SchemeOptions): string {
  return `https://viaf.org/viaf/${c.id}`;
}

export const formatViaf = (c: ViafComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareViaf(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseViaf, normalizeViaf, a, b, options);
}

export const viafScheme: DefinedScheme<ViafComponents, 'viaf', ViafErrorCode> = defineScheme({
  name: 'viaf',
  priority: 21,
  errorCodes: VIAF_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, VIAF_SPELLINGS) !== null,
  parse: parseViaf,
  normalize: normalizeViaf,
  format: formatViaf,
  route: { labels: ['viaf:'], hosts: ['viaf.org/viaf/', 'www.viaf.org/viaf/'] },
  resolver: { template: 'https://viaf.org/viaf/{id}', id: (c) => c.id },
  docs: {
    title: 'VIAF ID, Virtual International Authority File',
    specification: 'OCLC VIAF cluster URIs',
    page: 'docs/specs/viaf.md',
    package: '@pidgate/research',
    example: 'https://viaf.org/viaf/75121530',
  },
});
