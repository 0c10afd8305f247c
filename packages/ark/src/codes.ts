/**
 * Every error code of the ARK parser, each named after the draft-kunze-ark-09 rule that failed
 * (section numbers of that draft; "modern" marks rules of today's ARK spec, draft-42).
 */
export const ARK_ERROR_CODES = [
  'ark-label', // §2: an ARK contains the label "ark:", at the start or after a URL prefix
  'nmah-host', // §2.1: the NMAH is a hostname or hostport, as in a URL
  'nmah-path', // §2.1: the URL prefix before the label is "scheme://NMAH[/path]/"
  'naan-character', // §2.3: a NAAN is digits (modern: betanumeric)
  'naan-length', // §2.3: a NAAN is 5 or 9 digits (modern: at least one character)
  'naan-unterminated', // §2.3: the NAAN is enclosed in "/" characters and the Name follows
  'name-empty', // §2.4: the Name is required
  'name-character', // §2.6: letters, digits, "= # * + @ _ $" and the reserved "% - . /" (modern: "= ~ * + @ _ $")
  'qualifier-character', // §2.5, §2.6: the Qualifier uses the same repertoire as the Name
  'pct-encoded', // §2.6: a %-encoded octet is "%" followed by two hex digits
  'inflection', // §6: an ARK ends at most in the inflection "?", "??" or "?info"
  'query-character', // modern: a URI query after the ARK holds query characters
] as const;

export type ArkErrorCode = (typeof ARK_ERROR_CODES)[number];

/** Error codes of NOID templates and minting (the NOID documentation, not the ARK draft). */
export const NOID_ERROR_CODES = [
  'template-dot', // a template is "prefix.mask"
  'template-prefix-character', // the prefix (shoulder) holds Name characters
  'template-generator', // the mask starts with "r" (random), "s" (sequential) or "z" (unbounded)
  'template-mask-character', // then "d" and "e" characters, and at most one final "k"
  'template-mask-empty', // the mask has at least one "d" or "e"
  'template-exhausted', // the ordinal is not below the template's capacity
  'ordinal-range', // the ordinal is a non-negative integer
] as const;

export type NoidErrorCode = (typeof NOID_ERROR_CODES)[number];
