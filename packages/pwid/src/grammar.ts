/**
 * Character classes of the PWID ABNF (draft-07) and of RFC 3986 / RFC 5234 / RFC 1034, as lookup
 * tables: no regular expressions, so nothing can backtrack.
 */
const ALPHA = 1; // RFC 5234 ALPHA
const DIGIT = 2; // RFC 5234 DIGIT
const UNRESERVED = 4; // RFC 3986 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
const SUB_DELIM = 8; // RFC 3986 sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
const HEX = 16; // RFC 5234 HEXDIG (case-insensitive)
export const SCHEME = 32; // RFC 3986 scheme continuation: ALPHA / DIGIT / "+" / "-" / "."
export const PATH = 64; // RFC 3986 path characters: pchar / "/" (less pct-encoded)
export const QUERY = 128; // RFC 3986 query / fragment characters: pchar / "/" / "?" (less pct-encoded)
/** ASCII upper-case letter (what normalization lowercases). */
export const UPPER = 256;
/** RFC 1034 §3.5 `let-dig-hyp`: ALPHA / DIGIT / "-". */
export const LDH = 512;
/** RFC 3986 reg-name characters (less pct-encoded): unreserved / sub-delims. */
export const REG_NAME = 1024;
/** RFC 3986 userinfo characters (less pct-encoded): unreserved / sub-delims / ":". */
export const USERINFO = 2048;

const table = new Uint16Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  let bits = 0;
  if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) bits |= ALPHA | UNRESERVED | SCHEME;
  if (ch >= '0' && ch <= '9') bits |= DIGIT | UNRESERVED | SCHEME | HEX;
  if ((ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F')) bits |= HEX;
  if ('-._~'.includes(ch)) bits |= UNRESERVED;
  if ("!$&'()*+,;=".includes(ch)) bits |= SUB_DELIM;
  if ('+-.'.includes(ch)) bits |= SCHEME;
  if (bits & (UNRESERVED | SUB_DELIM) || ':@/'.includes(ch)) bits |= PATH | QUERY;
  if (ch === '?') bits |= QUERY;
  if (ch >= 'A' && ch <= 'Z') bits |= UPPER;
  if (bits & (ALPHA | DIGIT) || ch === '-') bits |= LDH;
  if (bits & (UNRESERVED | SUB_DELIM)) bits |= REG_NAME | USERINFO;
  if (ch === ':') bits |= USERINFO;
  table[c] = bits;
}

const has = (c: number, bit: number): boolean => c < 128 && ((table[c] as number) & bit) !== 0;
/** Is `c` in one of the classes `bits` (`UPPER`, `LDH`, `REG_NAME`, `USERINFO`, ...)? */
export const hasClass = has;

// The RFC 5234 and RFC 3986 classes are the toolkit's (one definition for every package).
export {
  isAlpha,
  isDigit,
  isHexCode as isHex,
  isSubDelimCode as isSubDelim,
  isUnreservedCode as isUnreserved,
} from '@pidgate/core';
export const isSchemeChar = (c: number): boolean => has(c, SCHEME);
/** RFC 3986 pchar less pct-encoded: unreserved / sub-delims / ":" / "@". */
export const isPchar = (c: number): boolean => has(c, UNRESERVED | SUB_DELIM) || c === COLON || c === AT;
/** RFC 3986 path character: pchar / "/" (less pct-encoded). */
export const isPathChar = (c: number): boolean => c < 128 && ((table[c] as number) & PATH) !== 0;
/** RFC 3986 query and fragment character: pchar / "/" / "?" (less pct-encoded). */
export const isQueryChar = (c: number): boolean => c < 128 && ((table[c] as number) & QUERY) !== 0;
/** A letter, digit or hyphen (RFC 1034 §3.5 `let-dig-hyp`). */
export const isLdh = (c: number): boolean => has(c, LDH);

export const COLON = 58; // ":"
export const HYPHEN = 45; // "-"
export const DOT = 46; // "."
export const SLASH = 47; // "/"
export const TILDE = 126; // "~"
export const PERCENT = 37; // "%"
export const QUESTION = 63; // "?"
export const HASH = 35; // "#"
export const AT = 64; // "@"
export const LBRACKET = 91; // "["
export const RBRACKET = 93; // "]"
export const UNDERSCORE = 95; // "_"

/** precision-spec values of draft-07 (lowercase; the rule is case-insensitive). */
export const PRECISION_VALUES = ['part', 'page', 'subsite', 'site', 'collection', 'recording', 'snapshot'] as const;
/** precision-spec values of the IANA registration (2022), the `modern` profile. */
export const MODERN_PRECISION_VALUES = ['part', 'page'] as const;

/** RFC 1034 §3.5: a label is at most 63 characters; RFC 1035 §2.3.4: a name at most 255 octets (253 written). */
export const MAX_LABEL_LENGTH = 63;
export const MAX_DOMAIN_LENGTH = 253;

/** An http(s) URL with a host, for registry patterns (RFC 3986 `scheme "://" authority`); linear: no nested quantifier. */
export const HTTP_URL = /^https?:\/\/[^/\s]+/i;
/** A Wayback replay flag (`id_`, `im_`, `js_`, `cs_`, `if_`, `fw_`, `mp_`, `oe_`): two letters and "_". */
export const WAYBACK_FLAG = /^[a-z]{2}_$/;
/**
 * A registry's `collection`: one path segment of RFC 3986 unreserved characters (`segment-nz` less
 * sub-delims, ":", "@" and pct-encoded), such as Archive-It's `all`; linear: one character class.
 */
export const PATH_SEGMENT = /^[A-Za-z0-9._~-]+$/;
