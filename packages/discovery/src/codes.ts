/** The codes a Maptr lookup (`maptrLookup`) fails with: the Maptr codes, less the server's. */
export const MAPTR_ERROR_CODES = [
  'maptr-naan',
  'maptr-server',
  'maptr-timeout',
  'maptr-network',
  'maptr-nxdomain',
  'maptr-rcode',
  'maptr-truncated',
  'maptr-loop',
  'maptr-depth',
  'maptr-query-limit',
  'maptr-no-records',
] as const;

/** Every error code of the discovery package, each named after the rule that failed. */
export const DISCOVERY_ERROR_CODES = [
  // natab (draft-kunze-ark-09 §4.1, Appendix 13)
  'natab-naan', // an NAA line starts with the NAA Number (NAAN)
  'natab-colon', // "the NAA Number first, a colon, and an ARK or URL"
  'natab-policy', // ... "and an ARK or URL to a statement of naming policy"
  'natab-orphan-nmah', // NMAH lines are "indented, after the corresponding NAA line"
  'natab-nmah', // an NMAH is a hostport: host [":" port]
  // NAAN registry (JSON export, ANVL `naa:` records)
  'registry-json-syntax', // the file is not JSON
  'registry-shape', // the export is {"metadata": {...}, "data": [...]}
  'registry-record-schema', // one record does not match the record schema (zod)
  'registry-what', // `what` is a NAAN or NAAN/shoulder
  'registry-rtype', // `rtype` agrees with `what`
  'registry-http-code', // `target.http_code` is a redirect (3xx)
  'registry-target-url', // `target.url` is an http(s) URL template
  'registry-template', // `${content}`, `${value}`, `${pid}`, `${suffix}` are the template variables
  'registry-where', // an ANVL `where:` is a URL (with an optional status code first)
  'registry-duplicate', // a `what` appears once
  // loading a table file
  'naan-table-read',
  'naan-table-format',
  // NAPTR rdata (RFC 3403 §4.1)
  'naptr-truncated',
  'naptr-trailing',
  'naptr-uint16',
  'naptr-string-length', // a <character-string> is at most 255 octets
  'naptr-flags', // flags are characters from A-Z and 0-9
  'naptr-name', // a <domain-name>: labels of 1..63 octets, 255 octets in all, no compression loop
  // Maptr (§4.2)
  ...MAPTR_ERROR_CODES,
  // Maptr server
  'maptr-server-entry',
] as const;

export type DiscoveryErrorCode = (typeof DISCOVERY_ERROR_CODES)[number];

export type MaptrErrorCode = (typeof MAPTR_ERROR_CODES)[number];
