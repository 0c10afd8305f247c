/** Every error code of the Handle parser, each named after the RFC 3651 §2 rule that failed. */
export const HANDLE_ERROR_CODES = [
  'handle-label', // hdl:, info:hdl/ or http(s)://hdl.handle.net/
  'name-empty', // a label with no handle after it
  'pct-encoded', // pct-encoded = "%" HEXDIG HEXDIG (URI forms only)
  'pct-utf8', // the escapes of a URI form must decode to UTF-8
  'handle-separator', // <Handle> = <Handle Naming Authority> "/" <Handle Local Name>
  'prefix-empty', // the naming authority is not empty
  'prefix-segment', // naming authority segments are separated by one "." and none is empty
  'prefix-character', // no white space or control characters
  'suffix-empty', // the local name is not empty
  'suffix-character', // no white space or control characters
] as const;

export type HandleErrorCode = (typeof HANDLE_ERROR_CODES)[number];
