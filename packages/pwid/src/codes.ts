import type { Err, PidError } from '@pidgate/core';

/**
 * Every error code of the PWID parser, each named after the draft-07 ABNF rule that failed.
 * An error also names the `part` of the PWID: `pwid-NID`, `archive-id`, `archival-time`,
 * `precision-spec` or `archived-item-id`.
 */
export const PWID_ERROR_CODES = [
  // pwid-urn = "urn:" pwid-NID ":" pwid-NSS
  'pwid-label', // neither "urn:pwid:" nor (source) the bare "pwid:" of early tools
  'bare-pwid-label', // modern: "pwid:" without "urn:"
  // archive-id = domain / ( "~" registered-archive-id )
  'archive-id-empty',
  'archive-id-domain', // domain (RFC 1034 §3.5): labels of letters, digits, hyphens
  'archive-id-length', // a label is at most 63 characters, a domain at most 253
  'registered-archive-id', // registered-archive-id = 1*unreserved
  'registered-id-not-allowed', // modern (IANA): no "~" identifiers
  'archive-id-unterminated', // archive-id ":" archival-time
  // archival-time = utc-date ["T" utc-time] "Z"
  'utc-date', // utc-date = 4DIGIT "-" 2DIGIT "-" 2DIGIT
  'utc-month', // 01-12
  'utc-day', // 01-28, 01-29, 01-30, 01-31 based on month/year
  'utc-time', // utc-time = utc-hour ":" utc-minute [":" utc-second [secfrac]]
  'utc-hour', // 00-23
  'utc-minute', // 00-59
  'utc-second', // 00-59, 60 at a leap second
  'leap-second', // 60 only at the end of a day in the published list
  'secfrac', // secfrac = "." 1*9DIGIT
  'time-zone', // the closing "Z"
  'legacy-time-form', // modern: the 2017 colon-less time or the "_" form of early tools
  'archival-time-unterminated', // archival-time ":" precision-spec
  // precision-spec = "part" / "page" / ... / extension ; extension = 1*ALPHA
  'precision-spec-empty',
  'precision-spec-character',
  'precision-spec-value', // modern (IANA): only "part" and "page"
  'precision-spec-unterminated', // precision-spec ":" archived-item-id
  // archived-item-id = uri-string / ( "~" registered-item-id )
  'archived-item-id-empty',
  'registered-item-id', // registered-item-id = 1*unreserved
  'uri-scheme', // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
  'uri-character', // a character RFC 3986 does not allow where it stands
  'uri-host', // host = IP-literal / IPv4address / reg-name
  'uri-port', // port = *DIGIT
  'pct-encoded', // pct-encoded = "%" HEXDIG HEXDIG
  'uri-unencoded-character', // modern: "[", "]", "?", "#" written as themselves
  'uri-unencoded-percent', // modern: "%" of the URI not itself encoded as "%25"
] as const;

export type PwidErrorCode = (typeof PWID_ERROR_CODES)[number];

/** A failed result of the PWID parser's steps: one of its own codes. */
export type PwidErr = Err<PidError<PwidErrorCode>>;

/** The parts of a PWID an error can name (the `part` field of a `PidError`). */
export const PWID_PARTS = ['pwid-NID', 'archive-id', 'archival-time', 'precision-spec', 'archived-item-id'] as const;
export type PwidPart = (typeof PWID_PARTS)[number];

/** Error codes of the archive registry, resolution, replay-URL conversion and collections. */
export const RESOLUTION_ERROR_CODES = [
  'registry-file', // the registry file cannot be read
  'registry-json', // the registry file is not JSON
  'registry-schema', // the registry does not match its schema
  'unknown-archive', // the archive-id is not in the registry
  'no-replay', // the archive has no replay pattern
  'registered-item', // a "~" item has no URI to replay
  'replay-url', // the URL is not a replay URL of any archive in the registry
  'replay-timestamp', // the Wayback timestamp has no PWID form (4, 6 or an odd number of digits)
  'replay-host', // the archived URI of a replay URL is http(s) with an empty host: nothing was archived there
  'precision-spec', // the precision given for a replay URL is not a precision-spec
] as const;

export type ResolutionErrorCode = (typeof RESOLUTION_ERROR_CODES)[number];

/** The codes a replay URL read as a PWID can give besides the PWID parser's own (`pwidScheme`). */
export const REPLAY_ERROR_CODES = ['replay-url', 'replay-timestamp', 'replay-host'] as const;
export type ReplayErrorCode = (typeof REPLAY_ERROR_CODES)[number];
