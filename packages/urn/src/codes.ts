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
  'q-component-empty', // q-component = pchar *( pchar / "/" / "?" )
  'q-component-character',
  'f-component-character', // f-component = fragment (RFC 3986)
] as const;

export type UrnErrorCode = (typeof URN_ERROR_CODES)[number];
