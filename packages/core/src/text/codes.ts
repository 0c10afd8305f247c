/**
 * Error codes of the text toolkit, each named after the rule that failed: percent-encoding (RFC 3986
 * §2.1, UTF-8 per RFC 3629), the line splitter's limit, and ANVL's element syntax (draft-kunze-ark §7.1,
 * EZID API guide "Request & response bodies").
 */
export const TEXT_ERROR_CODES = [
  'pct-encoded', // a "%" not followed by two hex digits
  'pct-utf8', // percent-escapes that do not spell UTF-8 characters
  'line-too-long', // a line longer than the reader's maximum
  'element-colon-missing', // "An element consists of a label, a colon, and an optional value."
  'element-label-empty', // `: value`, a colon with no label before it
  'continuation-without-element', // an indented line with no element before it to continue
] as const;
export type TextErrorCode = (typeof TEXT_ERROR_CODES)[number];
