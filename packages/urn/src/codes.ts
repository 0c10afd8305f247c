/** Every error code of the URN parser, each named after the RFC 8141 rule that failed. */
export const URN_ERROR_CODES = [
  'urn-label', // assigned-name = "urn" ":" NID ":" NSS
  'nid-length', // NID is 2 to 32 characters
  'nid-character', // ldh = alphanum / "-"
  'nid-hyphen', // NID = (alphanum) 0*30(ldh) (alphanum)
  'nid-unterminated', // the NID must be followed by ":"
  'nss-empty', // NSS = pchar *(pchar / "/")
  'nss-leading-slash', // the NSS starts with a pchar, never "/"
  'nss-character',
  'pct-encoded', // pct-encoded = "%" HEXDIG HEXDIG
  'bare-question-mark', // "?" must start "?+" or "?=" (RFC 8141 §2)
  'r-component-empty', // r-component = pchar *( pchar / "/" / "?" )
  'r-component-character',
  'r-component-start', // r-component begins with a pchar (not "/" or "?")
  'q-component-empty', // q-component = pchar *( pchar / "/" / "?" )
  'q-component-character',
  'q-component-start', // q-component begins with a pchar (not "/" or "?")
  'f-component-character', // f-component = fragment (RFC 3986)
  // Namespace rules (src/namespaces/), one family per namespace, each named after its registration's rule.
  'isbn-character', // RFC 8254 / ISO 2108: digits, "X" only as the ISBN-10 check character
  'isbn-separator', // hyphens (and, outside URNs, spaces) only between digits
  'isbn-length', // 10 or 13 digits
  'isbn-prefix', // an ISBN-13 starts 978 or 979
  'isbn-check-digit', // ISBN-10 mod 11, ISBN-13 mod 10
  'issn-syntax', // RFC 8254 / ISO 3297: NNNN-NNNC
  'issn-check-digit', // mod 11, X for 10
  'nbn-country-code', // RFC 8458: a two-letter ISO 3166 country code first
  'nbn-syntax', // prefix, "-", NBN string
  'nbn-check-digit', // the Deutsche Nationalbibliothek's check digit for urn:nbn:de, at, ch
  'uuid-syntax', // RFC 9562 §4: 8-4-4-4-12 hex digits
  'oid-syntax', // RFC 3061: number *("." number)
  'oid-leading-zero', // RFC 3061: number = "0" / (nonzero *DIGIT)
  'ietf-subnamespace', // RFC 2648: the NSS starts with a sub-namespace name (rfc, fyi, std, bcp, id, mtg, params, ...)
  'ietf-number', // RFC 2648: rfc/fyi/std/bcp take 1*DIGIT
  'ietf-syntax',
  'doi-prefix', // DOI: "10." registrant code "/"
  'doi-suffix', // DOI: a non-empty suffix
  'lex-jurisdiction', // URN:LEX: jurisdiction code
  'lex-syntax', // URN:LEX: authority:measure:details
  'isan-syntax', // RFC 4246 / ISO 15706: hex groups and check characters
  'isan-check-character', // ISO 7064 MOD 37,36
  'iso-syntax', // RFC 5141: std:originator[:type]:docnumber
  'epc-syntax', // RFC 5134: id/tag/pat/raw/idpat/class/prefix
  'mpeg-syntax', // RFC 3614
  'ogc-syntax', // RFC 5165
  'ieee-syntax', // RFC 8069
  '3gpp-syntax', // RFC 5279
  'dev-subtype', // RFC 9039: mac, ow, org, os, ops, example
  'dev-syntax',
  'service-syntax', // RFC 5031: dot-separated labels
  'alert-syntax', // RFC 7462: category ":" indication
  'mrn-syntax', // IALA MRN: OID ":" OSNID ":" OSNS
] as const;

export type UrnErrorCode = (typeof URN_ERROR_CODES)[number];

/**
 * Warnings a valid URN can carry (never errors): RFC 8141 parses any well-formed NID, but IANA
 * registers the namespaces.
 */
export const URN_WARNING_CODES = [
  'nid-unregistered', // not in IANA's formal or informal registry
  'nid-informal-unregistered', // "urn-N" form, but no such informal registration
  'nid-experimental', // RFC 3406's "X-" experimental form, which RFC 8141 removed
  'nid-reserved', // a form RFC 8141 §5.1 keeps from registration (two characters, "ab-", "urn-x"), or "urn" (RFC 2141)
  'ietf-subnamespace-unregistered', // urn:ietf: with a sub-namespace not in IANA's registry (RFC 6924)
] as const;

export type UrnWarningCode = (typeof URN_WARNING_CODES)[number];
