/**
 * ISTCs (International Standard Text Code, ISO 21047): `ISTC 0A9-2002-12B4A105-7`. Sixteen hexadecimal
 * characters in four elements: registration agency (3), year (4), work (8) and a check character (1),
 * ISO 21047's weighted sum (11, 9, 3, 1) MOD 16. Written with `ISTC ` or `istc:`, or bare with its four
 * elements separated (by hyphens or spaces, as the ISTC agency prints them); sixteen bare characters
 * without separators are not claimed (an ISNI, an ORCID iD or a hash may be sixteen hexadecimal digits).
 */
import {
  compareParsed,
  type DefinedScheme,
  defineScheme,
  istcCheck,
  type PidError,
  type SchemeOptions,
} from '@pidgate/core';
import { fail, formatShell, type IdComponents, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the ISTC parser. */
export const ISTC_ERROR_CODES = [
  'istc-label', // ISTC , istc: or the four elements separated
  'istc-character', // hexadecimal digits, "-" or " " between the elements
  'istc-length', // sixteen characters: 3, 4, 8 and 1
  'istc-check', // the check character (weighted MOD 16)
] as const;
export type IstcErrorCode = (typeof ISTC_ERROR_CODES)[number];
export type IstcComponents = IdComponents;

/** Char code → hexadecimal value (either case), or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

/** Where the separators of the displayed form stand: after 3, 7 and 15 characters. */
const BREAKS = [3, 7, 15];

/** The four elements separated by one kind of separator: `0A9-2002-12B4A105-7`, `0A9 2002 12B4A105 7`. */
export function looksLikeBareIstc(s: string): boolean {
  if (s.length !== 19) return false;
  const sep = s.charCodeAt(3);
  if (sep !== 45 && sep !== 32) return false;
  let k = 0;
  for (let i = 0; i < 19; i++) {
    const at = i - k;
    if (k < 3 && at === BREAKS[k]) {
      if (s.charCodeAt(i) !== sep) return false;
      k++;
    } else if (hexValue(s.charCodeAt(i)) < 0) return false;
  }
  return true;
}

export const ISTC_SPELLINGS: Spellings = { labels: ['istc:', 'istc '], urls: [], bare: looksLikeBareIstc };

/** The sixteen values of the ID from `start`, separators skipped, or an error. */
function idError(s: string, start: number, end: number): PidError<IstcErrorCode> | null {
  const values: number[] = [];
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    const v = hexValue(c);
    if (v >= 0) {
      if (values.length === 16) return fail('istc-length', 'an ISTC is sixteen hexadecimal characters', i);
      values.push(v);
    } else if (
      !((c === 45 || c === 32) && BREAKS.includes(values.length) && i > start && hexValue(s.charCodeAt(i - 1)) >= 0)
    ) {
      return fail('istc-character', 'an ISTC is hexadecimal digits, its elements separated by "-" or " "', i);
    }
  }
  if (values.length !== 16) return fail('istc-length', 'an ISTC is sixteen hexadecimal characters', start);
  const check = istcCheck(values.slice(0, 15));
  if (check !== s.charAt(end - 1).toUpperCase()) {
    return fail('istc-check', `the check character should be ${check} (ISO 21047, MOD 16)`, end - 1);
  }
  return null;
}

/** Parse an ISTC. Never throws; linear. */
export function parseIstc(input: string, _options?: SchemeOptions) {
  const message = 'an ISTC is written ISTC 0A9-2002-12B4A105-7';
  return parseShell(input, ISTC_SPELLINGS, { label: 'istc-label' as const, labelMessage: message }, idError);
}

/** The sixteen characters, upper case, without separators. */
export function istcCompact(c: Pick<IstcComponents, 'id'>): string {
  let out = '';
  for (const ch of c.id) if (ch !== '-' && ch !== ' ') out += ch.toUpperCase();
  return out;
}

/** The canonical spelling and equivalence key: ISO 21047's display, `ISTC 0A9-2002-12B4A105-7`. */
export function normalizeIstc(c: Pick<IstcComponents, 'id'>, _options?: SchemeOptions): string {
  const x = istcCompact(c);
  return `ISTC ${x.slice(0, 3)}-${x.slice(3, 7)}-${x.slice(7, 15)}-${x.slice(15)}`;
}

export const formatIstc = (c: IstcComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareIstc(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseIstc, normalizeIstc, a, b, options);
}

/** ISTCs. No resolver: the ISTC agency's register is a search, not a URL per code (docs/specs/istc.md). */
export const istcScheme: DefinedScheme<IstcComponents, 'istc', IstcErrorCode> = defineScheme({
  name: 'istc',
  priority: 25,
  errorCodes: ISTC_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, ISTC_SPELLINGS) !== null,
  parse: parseIstc,
  normalize: normalizeIstc,
  format: formatIstc,
  route: {
    labels: ['istc:', 'istc '],
    bareDigits: looksLikeBareIstc,
    bareWord: (s) => s.length === 19 && looksLikeBareIstc(s),
  },
  docs: {
    title: 'ISTC, International Standard Text Code',
    specification: 'ISO 21047',
    page: 'docs/specs/istc.md',
    package: '@pidgate/research',
    example: 'ISTC 0A9-2002-12B4A105-7',
  },
});
