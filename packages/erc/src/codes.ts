/**
 * Every error code of the ANVL, ERC and TEMPER parsers, each named after the rule of
 * draft-kunze-ark-09 §7 that failed.
 */
export const ERC_ERROR_CODES = [
  // ANVL (§7.1): "An element consists of a label, a colon, and an optional value."
  'element-colon-missing', // a line that is neither a comment, a continuation nor `label:`
  'element-label-empty', // `: value`, a colon with no label before it
  'continuation-without-element', // an indented line before the first element of a record
  // ERC records (§7.2, §7.3, §7.7)
  'record-empty', // no element at all
  'multiple-records', // an ERC is one record; the text held more
  'segment-label-reserved', // "Elements beginning with "erc" are reserved for segment labels"
  'qualifier-empty', // `who/`: a `/` must be followed by a qualifier term (§7.4)
  'abbreviated-form-values', // `erc: who | what | when | where` takes exactly four values (§7.3)
  'anchoring-element-missing', // each of who, what, when, where must be present in the anchoring story (§7.3)
  'anchoring-value-empty', // ... and a missing value is explained by a code such as (:unav), never left empty
  'element-order', // the quartet appears at the beginning of a segment, in the order who, what, when, where
  // TEMPER dates (§7.6)
  'temper-empty',
  'temper-character', // digits and whitespace; hyphens and commas make ranges and lists
  'temper-length', // YYYY, YYYYMM, YYYYMMDD, then hh, mm, ss: 4 to 14 digits, an even count
  'temper-month',
  'temper-day',
  'temper-hour',
  'temper-minute',
  'temper-second',
  'temper-range', // a range is exactly two dates joined by one hyphen
  'temper-range-order', // the start of a range is not after its end
] as const;

export type ErcErrorCode = (typeof ERC_ERROR_CODES)[number];

/** §7.5: the controlled codes that explain how a required element's value went missing. */
export const MISSING_VALUE_CODES = [
  'unac',
  'unal',
  'unap',
  'unas',
  'unav',
  'unkn',
  'etal',
  'none',
  'null',
  'tba',
] as const;

export type MissingValueCode = (typeof MISSING_VALUE_CODES)[number];

/** §7.5, verbatim: what each missing-value code means. */
export const MISSING_VALUE_MEANINGS: Readonly<Record<MissingValueCode, string>> = {
  unac: 'temporarily inaccessible',
  unal: 'unallowed, suppressed intentionally',
  unap: 'not applicable, makes no sense',
  unas: 'value unassigned (e.g., Untitled)',
  unav: 'value unavailable indefinitely',
  unkn: 'unknown (e.g., Anonymous, Inconnue)',
  etal: 'too numerous to list (I).',
  none: 'never had a value, never will',
  null: 'explicitly empty',
  tba: 'to be assigned or announced later',
};

export function isMissingValueCode(code: string): code is MissingValueCode {
  return Object.hasOwn(MISSING_VALUE_MEANINGS, code);
}
