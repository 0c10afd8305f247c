/**
 * Character classes of RFC 8141 §2 (with RFC 3986 `pchar`), as lookup tables:
 * no regular expressions, so nothing can backtrack.
 */
const PCHAR = 1; // unreserved / sub-delims / ":" / "@"   (RFC 3986 pchar, less pct-encoded)
const ALPHANUM = 2; // ALPHA / DIGIT                        (RFC 8141 alphanum)

const table = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9]/.test(ch)) table[c] = PCHAR | ALPHANUM;
  else if ("-._~!$&'()*+,;=:@".includes(ch)) table[c] = PCHAR;
}

export function isPchar(c: number): boolean {
  return c < 128 && ((table[c] as number) & PCHAR) !== 0;
}

export function isAlphanum(c: number): boolean {
  return c < 128 && ((table[c] as number) & ALPHANUM) !== 0;
}

export const PERCENT = 37; // "%"
export const SLASH = 47; // "/"
export const QUESTION = 63; // "?"
export const HASH = 35; // "#"
export const COLON = 58; // ":"
export const HYPHEN = 45; // "-"
export const PLUS = 43; // "+"
export const EQUALS = 61; // "="
