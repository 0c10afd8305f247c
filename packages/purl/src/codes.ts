/** Every error code of the PURL parser (RFC 3986 URL syntax on a PURL service's host). */
export const PURL_ERROR_CODES = [
  'purl-label', // http(s):// and the host of a PURL service, then "/"
  'purl-path-empty', // a PURL names a domain and a name: the path is more than "/"
  'purl-character', // path = *( "/" segment ), segment = *pchar; query = *( pchar / "/" / "?" )
  'pct-encoded', // pct-encoded = "%" HEXDIG HEXDIG
] as const;

export type PurlErrorCode = (typeof PURL_ERROR_CODES)[number];
