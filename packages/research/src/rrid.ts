/**
 * RRIDs (Research Resource Identifiers, the Resource Identification Initiative, SciCrunch):
 * `RRID:AB_90755`, `RRID:SCR_001905`, `RRID:CVCL_0033`, `RRID:IMSR_JAX:000664`, `RRID:Addgene_12259`.
 * Always written with `RRID:` (the initiative's citation format), or as SciCrunch's resolver URL
 * (`https://scicrunch.org/resolver/RRID:AB_90755`): the authority's prefix (letters, then letters or
 * digits) and its local ID (after "_" or ":", or directly, `RRID:SAMN19842595`). Kept as written: the
 * prefixes' case is the authority's (`Addgene`).
 */
import { compareParsed, type DefinedScheme, defineScheme, type PidError, type SchemeOptions } from '@pidgate/core';
import { digit, fail, formatShell, type IdComponents, letter, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the RRID parser. */
export const RRID_ERROR_CODES = [
  'rrid-label', // RRID: or the SciCrunch resolver's URL
  'rrid-prefix', // the authority's prefix starts with a letter
  'rrid-character', // letters, digits, "_", ":", ".", "-"
  'rrid-local', // something after the prefix, ending in a letter or digit
] as const;
export type RridErrorCode = (typeof RRID_ERROR_CODES)[number];
export type RridComponents = IdComponents;

export const RRID_SPELLINGS: Spellings = {
  labels: ['rrid:'],
  urls: ['scicrunch.org/resolver/rrid:', 'identifiers.org/rrid:rrid:', 'identifiers.org/rrid/rrid:'],
};

const idChar = (c: number): boolean => letter(c) || digit(c) || c === 95 || c === 58 || c === 46 || c === 45;

function idError(s: string, start: number, end: number): PidError<RridErrorCode> | null {
  if (!letter(s.charCodeAt(start)))
    return fail('rrid-prefix', "an RRID starts with its authority's prefix (AB_, SCR_…)", start);
  let sawDigit = false;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!idChar(c)) return fail('rrid-character', 'an RRID is letters, digits, "_", ":", "." and "-"', i);
    if (digit(c)) sawDigit = true;
  }
  const last = s.charCodeAt(end - 1);
  if (!sawDigit || !(letter(last) || digit(last))) {
    return fail('rrid-local', "an RRID's local ID follows its prefix (AB_90755)", end - 1);
  }
  return null;
}

/** Parse an RRID. Never throws; linear. */
export function parseRrid(input: string, _options?: SchemeOptions) {
  const message = 'an RRID is written RRID:AB_90755';
  return parseShell(input, RRID_SPELLINGS, { label: 'rrid-label' as const, labelMessage: message }, idError);
}

/** The canonical spelling and equivalence key: `RRID:` and the ID as written. */
export function normalizeRrid(c: Pick<RridComponents, 'id'>, _options?: SchemeOptions): string {
  return `RRID:${c.id}`;
}

export const formatRrid = (c: RridComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareRrid(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseRrid, normalizeRrid, a, b, options);
}

export const rridScheme: DefinedScheme<RridComponents, 'rrid', RridErrorCode> = defineScheme({
  name: 'rrid',
  priority: 29,
  errorCodes: RRID_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, RRID_SPELLINGS) !== null,
  parse: parseRrid,
  normalize: normalizeRrid,
  format: formatRrid,
  route: { labels: ['rrid:'], hosts: ['scicrunch.org/resolver/', 'identifiers.org/rrid'] },
  resolver: { template: 'https://scicrunch.org/resolver/RRID:{id}', id: (c) => c.id },
  docs: {
    title: 'RRID, Research Resource Identifier',
    specification: 'Resource Identification Initiative (SciCrunch), RRID citation format',
    page: 'docs/specs/rrid.md',
    package: '@pidgate/research',
    example: 'RRID:AB_90755',
  },
});
