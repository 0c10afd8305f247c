/**
 * GND IDs (Gemeinsame Normdatei, Deutsche Nationalbibliothek): `https://d-nb.info/gnd/4079154-3`,
 * `gnd:118540238`. Digits and a check character (a digit or `X`), the GND's weighted MOD 11; the numbers
 * the SWD, the GKD and the ZDB gave before the GND (2012) are written with a hyphen before the check
 * character, and the SWD's and GKD's kept their own check rule (DNB, "Prüfziffernberechnung").
 */
import {
  compareParsed,
  type DefinedScheme,
  defineScheme,
  type PidError,
  type SchemeOptions,
  weightedMod11,
} from '@pidgate/core';
import { digit, fail, formatShell, type IdComponents, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the GND parser. */
export const GND_ERROR_CODES = [
  'gnd-label', // https://d-nb.info/gnd/, d-nb.info/gnd/ or gnd:
  'gnd-character', // digits, one hyphen before the check character, a digit or X last
  'gnd-length', // one to ten digits, then the check character
  'gnd-check', // the check character (weighted MOD 11)
] as const;
export type GndErrorCode = (typeof GND_ERROR_CODES)[number];
export type GndComponents = IdComponents;

const HYPHEN = 45;
const isCheck = (c: number): boolean => digit(c) || (c | 0x20) === 120;

/**
 * A bare GND ID, as catalogues write the SWD's, GKD's and ZDB's numbers: one to eight digits, a hyphen
 * and the check character (`4079154-3`). A bare number without a hyphen is not claimed: it is as much a
 * PMID, a VIAF ID or an ISBN's digits (docs/specs/gnd.md).
 */
export function looksLikeBareGnd(s: string): boolean {
  const n = s.length;
  if (n < 3 || n > 10 || s.charCodeAt(n - 2) !== HYPHEN || !isCheck(s.charCodeAt(n - 1))) return false;
  if (s.charCodeAt(0) === 48) return false;
  for (let i = 0; i < n - 2; i++) if (!digit(s.charCodeAt(i))) return false;
  return true;
}

export const GND_SPELLINGS: Spellings = {
  labels: ['gnd:'],
  urls: ['d-nb.info/gnd/'],
  bare: looksLikeBareGnd,
};

/** The check character the GND gives the digits, and (for a hyphenated number) the SWD's and GKD's. */
export function gndCheck(digits: string): { gnd: string; swd: string } {
  const rest = weightedMod11(digits);
  const gnd = (11 - rest) % 11;
  return { gnd: gnd === 10 ? 'X' : String(gnd), swd: rest === 10 ? 'X' : String(rest) };
}

function idError(s: string, start: number, end: number): PidError<GndErrorCode> | null {
  let hyphen = -1;
  for (let i = start; i < end - 1; i++) {
    const c = s.charCodeAt(i);
    if (digit(c)) continue;
    if (c === HYPHEN && hyphen < 0 && i === end - 2 && i > start) {
      hyphen = i;
      continue;
    }
    return fail('gnd-character', 'a GND ID is digits, then a check character (a hyphen may stand before it)', i);
  }
  if (end > start && !isCheck(s.charCodeAt(end - 1))) {
    return fail('gnd-character', 'a GND ID ends with its check character, a digit or X', end - 1);
  }
  const digits = s.slice(start, hyphen < 0 ? end - 1 : hyphen);
  if (digits.length < 1 || digits.length > 10) {
    return fail('gnd-length', 'a GND ID is one to ten digits and a check character', start);
  }
  const check = gndCheck(digits);
  const written = s.charAt(end - 1).toUpperCase();
  if (written !== check.gnd && !(hyphen >= 0 && written === check.swd)) {
    const either = hyphen >= 0 && check.swd !== check.gnd ? ` (the GND's) or ${check.swd} (the SWD's and GKD's)` : '';
    return fail('gnd-check', `the check character should be ${check.gnd}${either}: DNB's weighted MOD 11`, end - 1);
  }
  return null;
}

/** Parse a GND ID in any of its spellings. Never throws; linear. */
export function parseGnd(input: string, _options?: SchemeOptions) {
  return parseShell(
    input,
    GND_SPELLINGS,
    {
      label: 'gnd-label' as const,
      labelMessage: 'a GND ID is written https://d-nb.info/gnd/4079154-3, gnd:4079154-3 or 4079154-3',
    },
    idError,
  );
}

/** The canonical spelling and equivalence key: the DNB's URI, the check character in upper case. */
export function normalizeGnd(c: Pick<GndComponents, 'id'>, _options?: SchemeOptions): string {
  return `https://d-nb.info/gnd/${c.id.toUpperCase()}`;
}

export const formatGnd = (c: GndComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareGnd(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseGnd, normalizeGnd, a, b, options);
}

/** GND IDs. A bare number is claimed only with its hyphen (`4079154-3`). */
export const gndScheme: DefinedScheme<GndComponents, 'gnd', GndErrorCode> = defineScheme({
  name: 'gnd',
  priority: 20,
  errorCodes: GND_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, GND_SPELLINGS) !== null,
  parse: parseGnd,
  normalize: normalizeGnd,
  format: formatGnd,
  route: { labels: ['gnd:'], hosts: ['d-nb.info/gnd/'], bareDigits: looksLikeBareGnd },
  resolver: { template: 'https://d-nb.info/gnd/{id}', id: (c) => c.id.toUpperCase() },
  docs: {
    title: 'GND ID, Gemeinsame Normdatei (Integrated Authority File)',
    specification: 'Deutsche Nationalbibliothek, GND and its check digit (weighted MOD 11)',
    page: 'docs/specs/gnd.md',
    package: '@pidgate/research',
    example: 'https://d-nb.info/gnd/4079154-3',
  },
});
