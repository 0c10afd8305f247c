/**
 * ISNIs, International Standard Name Identifiers (ISO 27729): 15 digits and a check character (a digit
 * or "X"), ISO/IEC 7064 MOD 11-2, the routine ORCID uses (`mod11_2` in `@pidgate/core`). An ORCID iD is
 * an ISNI from a block reserved for ORCID: the `standard` key of both is the ISNI's canonical URI, so an
 * ISNI and the ORCID iD with its digits group together at that level (docs/specs/isni.md). One file: the
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
  mod11_2,
  type PidError,
  type Result,
  type SchemeOptions,
  wordAt,
} from '@pidgate/core';
import { inOrcidBlock } from '@pidgate/orcid';

/** Every error code of the ISNI parser. */
export const ISNI_ERROR_CODES = [
  'isni-label', // https://isni.org/isni/, isni: or "ISNI ", or a bare ISNI
  'isni-character', // digits, and "X" only as the check character
  'isni-separator', // spaces (or hyphens) only between the four groups of four, one kind throughout
  'isni-length', // 16 characters: 15 digits and the check character
  'isni-check', // ISO 7064 MOD 11-2 check character
  'isni-trailing', // after the ISNI in a URL: one "/" at most
] as const;
export type IsniErrorCode = (typeof ISNI_ERROR_CODES)[number];

export type IsniForm = 'url' | 'isni' | 'bare';

/** An ISNI as written: the parts, not normalized. */
export interface IsniComponents {
  readonly form: IsniForm;
  /** `https://isni.org/isni/` (any case, http, `www.`, or no scheme), `isni:` / `ISNI ` (any case), or "". */
  readonly label: string;
  /** The ISNI as written: `0000 0001 2103 2683`, `0000000121032683`. */
  readonly written: string;
  /** A URL's trailing "/", or "". */
  readonly rest: string;
  /** The 16 characters, separators dropped, the check character as written. */
  readonly digits: string;
}

export type IsniIdentifier = Identifier<IsniComponents, 'isni'>;

/** The URL prefixes (host and path) whose path is an ISNI. */
export const ISNI_URLS = ['isni.org/isni', 'www.isni.org/isni'] as const;

const SPACE = 32;
const HYPHEN = 45;

/** The label at the start of `s` (not a bare ISNI): its form and length, or null. */
function labelAt(s: string): { form: IsniForm; length: number } | null {
  const url = httpHostPrefix(s, ISNI_URLS) || bareHostPrefix(s, ISNI_URLS);
  if (url > 0) return { form: 'url', length: url };
  if (!wordAt(s, 0, 'isni')) return null;
  const c = s.charCodeAt(4);
  if (c === 58) return { form: 'isni', length: s.charCodeAt(5) === SPACE ? 6 : 5 }; // "isni:", "ISNI: "
  return c === SPACE ? { form: 'isni', length: 5 } : null; // "ISNI 0000 0001 …", ISO 27729's display
}

/**
 * A bare ISNI's shape: 16 characters, or 19 with a space or hyphen at 4, 9 and 14; digits elsewhere,
 * the last one a digit or "X" (a look at the characters, no check).
 */
export function looksBare(s: string): boolean {
  const n = s.length;
  if (n !== 16 && n !== 19) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (n === 19 && (i === 4 || i === 9 || i === 14)) {
      if (c !== SPACE && c !== HYPHEN) return false;
    } else if (!isDigit(c) && !(i === n - 1 && (c | 0x20) === 120)) return false;
  }
  return true;
}

/** The 15 base digits of a bare ISNI of the right shape (separators at 4, 9 and 14 when 19 long). */
function baseDigits(s: string): string {
  return s.length === 16 ? s.slice(0, 15) : s.slice(0, 4) + s.slice(5, 9) + s.slice(10, 14) + s.slice(15, 18);
}

/**
 * Does the string carry an ISNI label, or look like a bare ISNI outside ORCID's blocks? A bare 16
 * digits inside them is an ORCID iD: the ORCID scheme claims it (docs/specs/isni.md).
 */
export function recognizeIsni(s: string): boolean {
  if (labelAt(s) !== null) return true;
  return looksBare(s) && !inOrcidBlock(baseDigits(s));
}

/** The ISNI from `start`: four groups of four, one kind of separator or none. Its end and 16 characters, or an error. */
function readIsni(s: string, start: number, url: boolean): { end: number; digits: string } | PidError<IsniErrorCode> {
  let end = start;
  let count = 0;
  let separator = 0;
  let digits = '';
  for (; end < s.length && count < 16; end++) {
    const c = s.charCodeAt(end);
    if ((c === SPACE || c === HYPHEN) && !url) {
      const at = end - start;
      if (at !== 4 && at !== 9 && at !== 14) {
        return { code: 'isni-separator', message: 'spaces come only between the four groups of four', offset: end };
      }
      if (separator !== 0 && c !== separator) {
        return { code: 'isni-separator', message: 'separate the groups with one kind of separator', offset: end };
      }
      separator = c;
      continue;
    }
    if (isDigit(c) || (count === 15 && (c | 0x20) === 120)) {
      digits += s.charAt(end);
      count++;
      continue;
    }
    if (c === 47) break;
    return { code: 'isni-character', message: 'an ISNI holds digits, and "X" only as its last character', offset: end };
  }
  if (count < 16) {
    return { code: 'isni-length', message: 'an ISNI is 16 characters: 15 digits and a check character', offset: end };
  }
  const length = end - start;
  if (length !== 16 && !(length === 19 && separator !== 0)) {
    return {
      code: 'isni-separator',
      message: 'write four groups of four, with a separator between each or none',
      offset: start,
    };
  }
  return { end, digits };
}

/**
 * Parse an ISNI in any of its spellings: `https://isni.org/isni/0000000121032683` (http, `www.`, no
 * scheme), `isni:0000000121032683`, `ISNI 0000 0001 2103 2683` and bare; the check character is verified.
 * A bare ISNI in ORCID's blocks parses here too (it is an ISNI); a registry gives it to ORCID. Never throws.
 */
export function parseIsni(input: string, _options?: SchemeOptions): Result<IsniComponents, PidError<IsniErrorCode>> {
  const label = labelAt(input) ?? (looksBare(input) ? { form: 'bare' as const, length: 0 } : null);
  if (!label) {
    return err('isni-label', 'an ISNI is written https://isni.org/isni/0000000121032683, isni:… or ISNI 0000 …', 0);
  }
  const start = label.length;
  const read = readIsni(input, start, label.form === 'url');
  if ('code' in read) return { ok: false, error: read };
  const { end, digits } = read;
  const rest = input.slice(end);
  if (rest !== '' && (rest !== '/' || label.form !== 'url')) {
    return err('isni-trailing', 'nothing but one "/" may follow the ISNI in a URL', end);
  }
  const check = mod11_2(digits.slice(0, 15));
  if (digits.charAt(15).toUpperCase() !== check) {
    return err('isni-check', `the check character should be ${check} (ISO 7064 MOD 11-2)`, end - 1);
  }
  const value = { form: label.form, label: input.slice(0, start), written: input.slice(start, end), rest, digits };
  return { ok: true, value };
}

/**
 * The canonical spelling and equivalence key: ISNI's URI, `https://isni.org/isni/` and the 16 characters
 * without spaces, "X" in upper case. It is also the `standard` key of the ORCID iD with the same digits.
 */
export function normalizeIsni(c: Pick<IsniComponents, 'digits'>, _options?: SchemeOptions): string {
  return `https://isni.org/isni/${c.digits.toUpperCase()}`;
}

/** Serialize the parts as written: `parseIsni(formatIsni(c))` gives `c` back. */
export function formatIsni(c: IsniComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}${c.rest}`;
}

/** Are `a` and `b` the same ISNI? The first parse error when either is not one. */
export function compareIsni(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<IsniErrorCode>> {
  return compareParsed(parseIsni, normalizeIsni, a, b, options);
}

/**
 * ISNIs. Asked before ORCID (priority 10.5, ORCID's is 11): a bare 16 digits outside ORCID's blocks is an
 * ISNI, inside them the ISNI recognizer declines and ORCID claims it.
 */
export const isniScheme: DefinedScheme<IsniComponents, 'isni', IsniErrorCode> = defineScheme({
  name: 'isni',
  priority: 10.5,
  errorCodes: ISNI_ERROR_CODES,
  recognize: recognizeIsni,
  parse: parseIsni,
  normalize: normalizeIsni,
  format: formatIsni,
  route: { labels: ['isni:', 'isni '], hosts: ['isni.org', 'www.isni.org'], bareDigits: looksBare },
  resolver: { template: 'https://isni.org/isni/{id}', id: (c) => c.digits.toUpperCase() },
  docs: {
    title: 'ISNI, International Standard Name Identifier',
    specification: 'ISO 27729, ISO/IEC 7064 MOD 11-2',
    page: 'docs/specs/isni.md',
    example: 'ISNI 0000 0001 2103 2683',
  },
});
