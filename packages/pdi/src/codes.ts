import type { Err, PidError } from '@pidgate/core';

/**
 * Every error code of the PDI parser, each named after the rule of draft-mallery-urn-pdi-00
 * (rule names as restored in the specs README) or the prose section that failed.
 */
export const PDI_ERROR_CODES = [
  'pdi-label', // URN = "urn:" pdi ; PDI = "pdi" ":" nss (§1.1, case-insensitive)
  'resource-identifier', // RESOURCE-IDENTIFIER = "//" document-series "/" iso-date "/" specifier
  'document-series', // DOCUMENT-SERIES = component *( "." component ) "." iso-country
  'component', // COMPONENT = alpha-hyphen-digits (one or more)
  'iso-country', // ISO-COUNTRY: a two-letter ISO 3166 code (§2.2)
  'iso-date', // ISO-DATE = year "/" month "/" day, then "/" specifier
  'year', // YEAR = 4*digit / wildcard
  'month', // MONTH = 2*digit / wildcard
  'day', // DAY = 2*digit / wildcard
  'calendar-month', // a month is 01 to 12 (ISO 8601)
  'calendar-day', // the day exists in that month (ISO 8601, Gregorian)
  'wildcard', // WILDCARD = "*" stands alone for a whole field
  'unique-id', // UNIQUE-ID = daily-serial-number / encapsulated-unique-id / digits / wildcard
  'reserved', // §1.2.5: reserved characters MUST be %-encoded where they are not syntax
  'pct-encoded', // "%" hex hex
  'format', // FORMAT = media-type-token / wildcard (§2.5)
  'version', // VERSION = digits / wildcard, a positive integer (§2.6)
  'format-required', // §2.5: a format is required by a fragment, a citation, a version
  'version-required', // §2.6: a version is required by a fragment or a citation
  'wildcard-fragment', // a fragment or citation names one fixed representation: no wildcards
  'fragment-scheme', // FRAGMENT-SCHEME = "char" / ... / ext-fragment-scheme (alpha-hyphen)
  'fragment-scheme-required', // §3.3: the scheme may be omitted only where the media type has a default
  'fragment-scheme-media-type', // §3.4: a built-in scheme used with a media type it is not defined for
  'position-scheme-mixed', // §3.4.4: position schemes MUST NOT be intermixed
  'position', // POSITION: an item or "(" item *( "," item ) ")"
  'position-count', // each scheme takes a fixed number of positions
  'char-position', // §3.4.1 start-char, end-char = digits
  'element-position', // §3.4.2 element-position = digits
  'element-name', // §3.4.2 element-name = urn-chars
  '2-dim-coordinate', // §3.4.5 2-DIM-COORDINATE = "(" x-coordinate "," y-coordinate ")"
  'frame-number', // §3.4.5 frame = digits
  'time', // §3.4.4 start-time, end-time = digits (in the unit of the time scheme)
  'time-position-scheme', // §3.4.4 "msec" / "sec" / ext-time-position-scheme
  'byte-position', // byte=start,end: digits
  'ext-position', // EXT-POSITION = position-specifier / "(" position-specifier *( "," ... ) ")"
  'interval-order', // an interval's start does not come after its end
  'citation-specifier', // CITATION-SPECIFIER = "@" origin-position "=" pdi
  'origin-position', // ORIGIN-POSITION = position
  'citation-depth', // nested citations are bounded (MAX_CITATION_DEPTH)
] as const;

export type PdiErrorCode = (typeof PDI_ERROR_CODES)[number];

/** A failed result of the PDI parser's steps: one of its own codes. */
export type PdiErr = Err<PidError<PdiErrorCode>>;
