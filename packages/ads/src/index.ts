/**
 * ADS bibcodes (NASA Astrophysics Data System): `2011ApJS..192...18K`, nineteen characters
 * YYYYJJJJJVVVVMPPPPA (ADS, "Bibliographic Codes"): the year, the journal's abbreviation (left-justified,
 * "." filling it), the volume (right-justified), a qualifier, the page (right-justified) and the first
 * author's initial. One file: the codes, the grammar, the signature shape and the scheme's definition.
 */
import {
  compareParsed,
  type DefinedScheme,
  defineScheme,
  err,
  httpSchemeLength,
  type Identifier,
  isAlpha,
  isDigit,
  type PidError,
  type Result,
  type SchemeOptions,
  wordAt,
} from '@pidgate/core';

/** Every error code of the bibcode parser. */
export const ADS_ERROR_CODES = [
  'ads-label', // bare, ads:, or an ADS abstract URL
  'ads-year', // four digits
  'ads-journal', // the journal's abbreviation starts with a letter
  'ads-character', // letters, digits, "&" and "." fill the journal, volume, qualifier and page
  'ads-author', // the last character: the first author's initial (a letter) or "."
  'ads-length', // nineteen characters
  'ads-trailing', // after the bibcode in a URL: "/" or "/abstract"
] as const;
export type AdsErrorCode = (typeof ADS_ERROR_CODES)[number];

export type AdsForm = 'bare' | 'ads' | 'url';

/** A bibcode as written: the parts, not normalized. */
export interface AdsComponents {
  readonly form: AdsForm;
  /** `""`, `ads:` (any case) or the URL up to the bibcode. */
  readonly label: string;
  /** The bibcode as written (an ellipsis "…" stands for "..." as some pages print it). */
  readonly bibcode: string;
  /** A URL's trailing `/` or `/abstract`, or "". */
  readonly rest: string;
}

export type AdsIdentifier = Identifier<AdsComponents, 'ads'>;

/** ADS's abstract pages, without `http(s)://`. */
export const ADS_URLS = [
  'ui.adsabs.harvard.edu/abs/',
  'ui.adsabs.harvard.edu/#abs/',
  'adsabs.harvard.edu/abs/',
] as const;

const LENGTH = 19;
const ELLIPSIS = 0x2026;

/** The label at the start of `s`: its form and length, or null. */
function adsLabel(s: string): { form: AdsForm; length: number } | null {
  const http = httpSchemeLength(s);
  for (const url of ADS_URLS) if (wordAt(s, http, url)) return { form: 'url', length: http + url.length };
  if (http === 0 && wordAt(s, 0, 'ads:')) return { form: 'ads', length: 4 };
  return null;
}

/** Four digits and a letter at `i`: a bibcode's year and its journal's first letter. */
function startsBibcode(s: string, i: number): boolean {
  return (
    isDigit(s.charCodeAt(i)) &&
    isDigit(s.charCodeAt(i + 1)) &&
    isDigit(s.charCodeAt(i + 2)) &&
    isDigit(s.charCodeAt(i + 3)) &&
    isAlpha(s.charCodeAt(i + 4))
  );
}

/** The bibcode's length from `start` to `end`, an ellipsis counted as three dots. */
function expandedLength(s: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n += s.charCodeAt(i) === ELLIPSIS ? 3 : 1;
  return n;
}

/** A bare bibcode: four digits, a letter, nineteen characters in all (ellipses counted as three). */
function looksBare(s: string): boolean {
  return startsBibcode(s, 0) && s.length <= LENGTH && expandedLength(s, 0, s.length) === LENGTH;
}

/** Letters, digits, "&" and ".": what fills the journal, the volume, the qualifier and the page. */
const isFill = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 38 || c === 46 || c === ELLIPSIS;

/** The bibcode from `start` to `end`: the first rule it breaks, or null. */
function bibcodeError(s: string, start: number, end: number): PidError<AdsErrorCode> | null {
  for (let i = start; i < start + 4; i++) {
    if (i >= end || !isDigit(s.charCodeAt(i)))
      return { code: 'ads-year', message: 'a bibcode starts with a four-digit year', offset: i };
  }
  if (start + 4 >= end || !isAlpha(s.charCodeAt(start + 4))) {
    return {
      code: 'ads-journal',
      message: "the journal's abbreviation after the year starts with a letter",
      offset: start + 4,
    };
  }
  for (let i = start + 5; i < end - 1; i++) {
    if (!isFill(s.charCodeAt(i))) {
      return {
        code: 'ads-character',
        message: 'letters, digits, "&" and "." fill the journal, the volume, the qualifier and the page',
        offset: i,
      };
    }
  }
  if (expandedLength(s, start, end) !== LENGTH) {
    return { code: 'ads-length', message: 'a bibcode is nineteen characters: YYYYJJJJJVVVVMPPPPA', offset: start };
  }
  const last = s.charCodeAt(end - 1);
  if (!isAlpha(last) && last !== 46) {
    return {
      code: 'ads-author',
      message: 'a bibcode ends with the first author\'s initial (a letter) or "."',
      offset: end - 1,
    };
  }
  return null;
}

/**
 * Parse a bibcode: bare (`2011ApJS..192...18K`), `ads:2011ApJS..192...18K`, or an ADS abstract URL
 * (`https://ui.adsabs.harvard.edu/abs/2011ApJS..192...18K/abstract`). Never throws; linear.
 */
export function parseAds(input: string, _options?: SchemeOptions): Result<AdsComponents, PidError<AdsErrorCode>> {
  const label = adsLabel(input) ?? (looksBare(input) ? { form: 'bare' as const, length: 0 } : null);
  if (!label) {
    return err(
      'ads-label',
      'a bibcode is written 2011ApJS..192...18K, ads:2011ApJS..192...18K or as its ui.adsabs.harvard.edu URL',
      0,
    );
  }
  const start = label.length;
  let end = start;
  while (end < input.length && input.charCodeAt(end) !== 47) end++;
  const bad = bibcodeError(input, start, end);
  if (bad) return { ok: false, error: bad };
  const rest = input.slice(end);
  if (rest !== '' && (label.form !== 'url' || (rest !== '/' && rest !== '/abstract'))) {
    return err('ads-trailing', 'after the bibcode in a URL: "/" or "/abstract", nothing else', end);
  }
  return {
    ok: true,
    value: { form: label.form, label: input.slice(0, start), bibcode: input.slice(start, end), rest },
  };
}

/** The canonical form and equivalence key: the bibcode, an ellipsis written "..." (a bibcode's case is kept: it is significant). */
export function normalizeAds(c: Pick<AdsComponents, 'bibcode'>, _options?: SchemeOptions): string {
  return c.bibcode.includes('\u2026') ? c.bibcode.replaceAll('\u2026', '...') : c.bibcode;
}

/** Serialize the parts as written: `parseAds(formatAds(c))` gives `c` back. */
export function formatAds(c: AdsComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.bibcode}${c.rest}`;
}

/** Are `a` and `b` the same bibcode? The first parse error when either is not one. */
export function compareAds(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<AdsErrorCode>> {
  return compareParsed(parseAds, normalizeAds, a, b, options);
}

/**
 * ADS bibcodes. A bare bibcode starts with four digits and a letter, and is nineteen characters long:
 * no other scheme's bare form (all digits, or digits and "." / "-") looks so.
 */
export const adsScheme: DefinedScheme<AdsComponents, 'ads', AdsErrorCode> = defineScheme({
  name: 'ads',
  priority: 40,
  errorCodes: ADS_ERROR_CODES,
  recognize: (input: string) => adsLabel(input) !== null || looksBare(input),
  parse: parseAds,
  normalize: normalizeAds,
  format: formatAds,
  route: { labels: ['ads:'], hosts: ADS_URLS, bareDigits: (s: string) => startsBibcode(s, 0) },
  resolver: { template: 'https://ui.adsabs.harvard.edu/abs/{id}/abstract', id: (c) => normalizeAds(c) },
  docs: {
    title: 'ADS bibcode, NASA Astrophysics Data System',
    specification: 'ADS "Bibliographic Codes" (YYYYJJJJJVVVVMPPPPA)',
    page: 'docs/specs/ads.md',
    example: '2011ApJS..192...18K',
  },
});
