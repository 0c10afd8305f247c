/** Every error code of the DOI parser, each named after the DOI Handbook (§2.2) rule that failed. */
export const DOI_ERROR_CODES = [
  'doi-label', // doi:, info:doi/, urn:doi:, a DOI proxy URL, a handle of the 10. directory, or a bare 10.
  'name-empty', // a label with nothing after it
  'pct-encoded', // pct-encoded = "%" HEXDIG HEXDIG (URI forms only)
  'pct-utf8', // the escapes of a URI form must decode to UTF-8
  'directory-indicator', // a DOI prefix starts with the directory indicator "10."
  'registrant-code', // the registrant code: digits, optionally subdivided by single "."
  'doi-separator', // prefix "/" suffix
  'suffix-empty', // the suffix is not empty
  'suffix-character', // legal graphic characters only: no white space or control characters
] as const;

export type DoiErrorCode = (typeof DOI_ERROR_CODES)[number];
