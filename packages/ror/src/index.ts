/**
 * ROR IDs (Research Organization Registry): `https://ror.org/05dxps055`. ror.org's "ROR identifier
 * pattern": a leading `0`, six characters of Crockford base32 (lower case, no i, l, o or u), and two check
 * digits, ISO/IEC 7064 MOD 97-10 over the base32 value of the first seven characters. One file: the
 * codes, the grammar, the four functions of the signature shape and the scheme's definition.
 */
import {
  bareHostPrefix,
  compareParsed,
  type DefinedScheme,
  defineScheme,
  err,
  httpHostPrefix,
  type Identifier,
  isDigit,
  mod97_10,
  type PidError,
  type Result,
  type SchemeOptions,
  wordAt,
} from '@pidgate/core';

/** Every error code of the ROR parser. */
export const ROR_ERROR_CODES = [
  'ror-label', // https://ror.org/, ror.org/ or ror:
  'ror-leading-zero', // the ID starts with "0"
  'ror-character', // Crockford base32 (no i, l, o, u) in the six characters, digits in the check digits
  'ror-length', // nine characters: "0", six, and two check digits
  'ror-check', // ISO 7064 MOD 97-10 check digits
  'ror-trailing', // after the ID in a URL: one "/" at most
] as const;
export type RorErrorCode = (typeof ROR_ERROR_CODES)[number];

export type RorForm = 'url' | 'ror';

/** A ROR ID as written: the parts, not normalized. */
export interface RorComponents {
  readonly form: RorForm;
  /** `https://ror.org/` (any case; http, or no scheme as a browser's address bar shows it) or `ror:`. */
  readonly label: string;
  /** The nine characters as written (any case). */
  readonly id: string;
  /** A URL's trailing "/", or "". */
  readonly rest: string;
}

export type RorIdentifier = Identifier<RorComponents, 'ror'>;

/** The host whose path is a ROR ID. */
export const ROR_HOSTS = ['ror.org'] as const;

/** Crockford's base32 alphabet (digits, then letters without i, l, o, u): a character's value is its index. */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
/** Char code (lower case) → base32 value, or -1. */
const VALUE: readonly number[] = Array.from({ length: 128 }, (_, c) => CROCKFORD.indexOf(String.fromCharCode(c)));

/** The base32 value of the character `c` (any case), or -1. */
function base32(c: number): number {
  return c < 128 ? (VALUE[c | (c >= 65 && c <= 90 ? 0x20 : 0)] as number) : -1;
}

/** The label at the start of `s`: its form and length, or null. A cheap look, no validation. */
export function rorLabel(s: string): { form: RorForm; length: number } | null {
  const url = httpHostPrefix(s, ROR_HOSTS) || bareHostPrefix(s, ROR_HOSTS);
  if (url > 0) return { form: 'url', length: url };
  return wordAt(s, 0, 'ror:') ? { form: 'ror', length: 4 } : null;
}

const ID_LENGTH = 9;

/** The first rule the nine characters from `start` (before `end`) break, or null: the grammar in order. */
function idError(s: string, start: number, end: number): PidError<RorErrorCode> | null {
  if (end > start && s.charCodeAt(start) !== 48) {
    return { code: 'ror-leading-zero', message: 'a ROR ID starts with "0"', offset: start };
  }
  for (let i = start + 1; i < end; i++) {
    const c = s.charCodeAt(i);
    const k = i - start;
    if (k > ID_LENGTH - 1) break;
    if (k < 7 ? base32(c) < 0 : !isDigit(c)) {
      const message =
        k < 7
          ? 'the six characters after "0" are Crockford base32: digits and letters other than i, l, o and u'
          : 'a ROR ID ends with two check digits';
      return { code: 'ror-character', message, offset: i };
    }
  }
  if (end - start !== ID_LENGTH) {
    return {
      code: 'ror-length',
      message: 'a ROR ID is nine characters: "0", six characters and two check digits',
      offset: start,
    };
  }
  return null;
}

/** The two check digits of the first seven characters at `start`: MOD 97-10 over their base32 value. */
export function rorCheckDigits(s: string, start = 0): string {
  const values: number[] = [];
  for (let i = start; i < start + 7; i++) values.push(base32(s.charCodeAt(i)));
  return mod97_10(values, 32);
}

/**
 * Parse a ROR ID in any of its spellings: `https://ror.org/05dxps055` (http, no scheme, host in any case,
 * one trailing "/") and `ror:05dxps055`; the check digits are verified. Never throws; linear.
 */
export function parseRor(input: string, _options?: SchemeOptions): Result<RorComponents, PidError<RorErrorCode>> {
  const label = rorLabel(input);
  if (!label) return err('ror-label', 'a ROR ID is written https://ror.org/05dxps055 or ror:05dxps055', 0);
  const start = label.length;
  let end = start;
  while (end < input.length && input.charCodeAt(end) !== 47) end++;
  const bad = idError(input, start, end);
  if (bad) return { ok: false, error: bad };
  const rest = input.slice(end);
  if (rest !== '' && (rest !== '/' || label.form !== 'url')) {
    return err('ror-trailing', 'nothing but one "/" may follow the ID in a URL', end);
  }
  const check = rorCheckDigits(input, start);
  if (input.slice(start + 7, end) !== check) {
    return err('ror-check', `the check digits should be ${check} (ISO 7064 MOD 97-10)`, start + 7);
  }
  return { ok: true, value: { form: label.form, label: input.slice(0, start), id: input.slice(start, end), rest } };
}

/** The canonical spelling and equivalence key: `https://ror.org/` and the ID in lower case, as ror.org writes it. */
export function normalizeRor(c: Pick<RorComponents, 'id'>, _options?: SchemeOptions): string {
  return `https://ror.org/${c.id.toLowerCase()}`;
}

/** Serialize the parts as written: `parseRor(formatRor(c))` gives `c` back. */
export function formatRor(c: RorComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.id}${c.rest}`;
}

/** Are `a` and `b` the same ROR ID? The first parse error when either is not one. */
export function compareRor(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<RorErrorCode>> {
  return compareParsed(parseRor, normalizeRor, a, b, options);
}

/**
 * ROR IDs. Asked before ARK: a ror.org URL is never an ARK's URL prefix. A bare nine characters
 * (`05dxps055`) are not claimed: ror.org writes the ID as its URL, and nine bare characters are too
 * often something else (docs/specs/ror.md).
 */
export const rorScheme: DefinedScheme<RorComponents, 'ror', RorErrorCode> = defineScheme({
  name: 'ror',
  priority: 9,
  errorCodes: ROR_ERROR_CODES,
  recognize: (input: string) => rorLabel(input) !== null,
  parse: parseRor,
  normalize: normalizeRor,
  format: formatRor,
  route: { labels: ['ror:'], hosts: ROR_HOSTS },
  resolver: { template: 'https://ror.org/{id}', id: (c) => c.id.toLowerCase() },
  docs: {
    title: 'ROR ID, Research Organization Registry identifier',
    specification: 'ror.org "ROR identifier pattern" (Crockford base32, ISO/IEC 7064 MOD 97-10)',
    page: 'docs/specs/ror.md',
    example: 'https://ror.org/05dxps055',
  },
});
