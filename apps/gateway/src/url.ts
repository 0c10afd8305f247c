const HEX = '0123456789ABCDEF';
const encoder = new TextEncoder();

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * Characters that may stand as they are in a URL sent in a `Location` header (RFC 3986 unreserved,
 * reserved and `%`): everything else (controls, space, `"<>\^`{|}`, non-ASCII) is percent-encoded.
 */
const ALLOWED = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=") {
  ALLOWED[ch.charCodeAt(0)] = 1;
}

function encodeChar(ch: string): string {
  let out = '';
  for (const byte of encoder.encode(ch)) out += `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
  return out;
}

/**
 * Percent-encode what a URI may not hold as it is, keeping well-formed escapes (`%2F` stays `%2F`,
 * a `%` not followed by two hex digits becomes `%25`). The result is pure printable ASCII: no CR, LF or space.
 */
export function encodeUriText(s: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && ALLOWED[c] === 1) continue;
    if (c === 37 && i + 2 < s.length && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) continue;
    let ch = s[i] as string;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) ch = s.slice(i, i + 2);
    }
    // A lone surrogate has no UTF-8 form: TextEncoder gives U+FFFD, which is still safe.
    out += s.slice(last, i) + encodeChar(ch);
    i += ch.length - 1;
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Percent-encode a value for a query parameter or a single path segment (everything but unreserved). */
export function encodeComponent(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const HTTP_URL_START = /^https?:\/\/[^/?#]/i;

/**
 * A redirect target: only an absolute http(s) URL with a host, encoded so it is safe in a header.
 * Returns null for anything else (`javascript:`, `data:`, relative, no host).
 */
export function safeHttpUrl(candidate: string): string | null {
  const encoded = encodeUriText(candidate.trim());
  if (!HTTP_URL_START.test(encoded)) return null;
  // The start is http(s), a special scheme: the WHATWG parser refuses such a URL with an empty host, so
  // "parses" is "parses with a host" (URL.canParse builds no URL object).
  return URL.canParse(encoded) ? encoded : null;
}

/** Fill `${name}` placeholders of a URL template; unknown placeholders are left as they are. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{([a-z_]+)\}/gi, (whole, name: string) => values[name] ?? whole);
}
