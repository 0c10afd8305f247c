/**
 * HAL IDs (HAL, the French national open archive, CCSD): `hal-01234567`, `tel-00123456v2`,
 * `inserm-13102590`, the old `sic_00001234`, `mem_13102590` and `ijn_00000001`; bare, after `hal:`, or in
 * a HAL portal's URL (`https://hal.science/hal-01234567`). CCSD's documentation: a portal's prefix in
 * lower case, "-", eight digits, and an optional version `v` and a number.
 */
import { compareParsed, type DefinedScheme, defineScheme, type PidError, type SchemeOptions } from '@pidgate/core';
import { digit, fail, formatShell, type IdComponents, lower, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the HAL parser. */
export const HAL_ERROR_CODES = [
  'hal-label', // hal:, a HAL portal's URL, or a bare ID
  'hal-prefix', // the portal's prefix: lower-case letters (and digits), then "-" (or sic_, mem_, ijn_)
  'hal-number', // eight digits
  'hal-version', // v and a number, not starting with 0
] as const;
export type HalErrorCode = (typeof HAL_ERROR_CODES)[number];
export type HalComponents = IdComponents;

/** The HAL portals whose URL path is an ID (each also serves the others' IDs). */
export const HAL_HOSTS = [
  'hal.science',
  'theses.hal.science',
  'shs.hal.science',
  'inserm.hal.science',
  'inria.hal.science',
  'hal.archives-ouvertes.fr',
  'tel.archives-ouvertes.fr',
  'halshs.archives-ouvertes.fr',
  'hal.inria.fr',
  'hal.inrae.fr',
] as const;

/** The prefixes of HAL's first IDs, written with "_" (`mem_13102590`). */
const OLD = ['sic_', 'mem_', 'ijn_'];

/** The end of the prefix at `start` (the index of its "-" or "_"), or -1. */
function prefixEnd(s: string, start: number, end: number): number {
  for (const old of OLD) if (s.startsWith(old, start)) return start + 3;
  let i = start;
  if (!lower(s.charCodeAt(i))) return -1;
  while (i < end && (lower(s.charCodeAt(i)) || digit(s.charCodeAt(i)))) i++;
  return i - start >= 3 && s.charCodeAt(i) === 45 ? i : -1;
}

function idError(s: string, start: number, end: number): PidError<HalErrorCode> | null {
  const sep = prefixEnd(s, start, end);
  if (sep < 0) {
    return fail(
      'hal-prefix',
      "a HAL ID starts with its portal's prefix in lower case and '-' (hal-, tel-, inserm-…)",
      start,
    );
  }
  const from = sep + 1;
  for (let i = from; i < from + 8; i++) {
    if (i >= end || !digit(s.charCodeAt(i))) return fail('hal-number', 'a HAL ID has eight digits after its prefix', i);
  }
  const v = from + 8;
  if (v === end) return null;
  if (s.charCodeAt(v) !== 118 || v + 1 >= end || s.charCodeAt(v + 1) === 48) {
    return fail('hal-version', 'only a version (v1, v2…) may follow the eight digits', v);
  }
  for (let i = v + 1; i < end; i++) {
    if (!digit(s.charCodeAt(i))) return fail('hal-version', 'a version is v and a number', i);
  }
  return null;
}

/** A bare HAL ID: it parses (a cheap look: the prefix and eight digits). */
export function looksLikeBareHal(s: string): boolean {
  return idError(s, 0, s.length) === null;
}

export const HAL_SPELLINGS: Spellings = {
  labels: ['hal:'],
  urls: HAL_HOSTS.map((h) => `${h}/`),
  bare: looksLikeBareHal,
};

/** Parse a HAL ID in any of its spellings. Never throws; linear. */
export function parseHal(input: string, _options?: SchemeOptions) {
  const message = 'a HAL ID is written hal-01234567, hal:hal-01234567 or https://hal.science/hal-01234567';
  return parseShell(input, HAL_SPELLINGS, { label: 'hal-label' as const, labelMessage: message }, idError);
}

/** The canonical spelling and equivalence key: the ID on hal.science, HAL's own URL for every portal's. */
export function normalizeHal(c: Pick<HalComponents, 'id'>, _options?: SchemeOptions): string {
  return `https://hal.science/${c.id}`;
}

export const formatHal = (c: HalComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareHal(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseHal, normalizeHal, a, b, options);
}

export const halScheme: DefinedScheme<HalComponents, 'hal', HalErrorCode> = defineScheme({
  name: 'hal',
  priority: 26,
  errorCodes: HAL_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, HAL_SPELLINGS) !== null,
  parse: parseHal,
  normalize: normalizeHal,
  format: formatHal,
  route: {
    labels: ['hal:'],
    hosts: HAL_HOSTS,
    // the word of letters and hyphens ends in "-" (`hal-`), or "_" or a digit follows it (`mem_`, `in2p3-`)
    bareWord: (s, end) => {
      const c = s.charCodeAt(end);
      return (s.charCodeAt(end - 1) === 45 || c === 95 || digit(c)) && looksLikeBareHal(s);
    },
  },
  resolver: { template: 'https://hal.science/{id}', id: (c) => c.id },
  docs: {
    title: 'HAL ID, HAL open archive (CCSD)',
    specification: 'CCSD, HAL identifiers (portal prefix, eight digits, version)',
    page: 'docs/specs/hal.md',
    package: '@pidgate/research',
    example: 'hal-01234567',
  },
});
