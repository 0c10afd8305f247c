import { isUnreservedCode, percentEncode } from '@pidgate/core';

/**
 * Characters that may stand as they are in a URL sent in a `Location` header (RFC 3986 unreserved,
 * reserved and `%`): everything else (controls, space, `"<>\^`{|}`, non-ASCII) is percent-encoded.
 */
const ALLOWED = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=") {
  ALLOWED[ch.charCodeAt(0)] = 1;
}

const isAllowed = (c: number): boolean => c < 128 && ALLOWED[c] === 1;

/**
 * Percent-encode what a URI may not hold as it is, keeping well-formed escapes (`%2F` stays `%2F`,
 * a `%` not followed by two hex digits becomes `%25`). The result is pure printable ASCII: no CR, LF or space.
 * (A lone surrogate has no UTF-8 form: it is encoded as U+FFFD, which is still safe.)
 */
export function encodeUriText(s: string): string {
  return percentEncode(s, isAllowed, { keepEscapes: true });
}

/** Percent-encode a value for a query parameter or a single path segment (everything but unreserved). */
export function encodeComponent(s: string): string {
  return percentEncode(s, isUnreservedCode);
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

/** The parts of an absolute URL that decide where a request goes: scheme, userinfo, host and port. */
function originKey(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const u = new URL(url);
  return `${u.protocol}//${u.username}:${u.password}@${u.host}`;
}

/**
 * Where the authority of an absolute `scheme://authority…` string ends: the index of the first `/`, `?`,
 * `#` or `\` after `//` (the string's length when there is none); -1 when it has no `//` authority.
 */
export function authorityEnd(url: string): number {
  const colon = url.indexOf(':');
  if (colon === -1 || url.charCodeAt(colon + 1) !== 47 || url.charCodeAt(colon + 2) !== 47) return -1;
  for (let i = colon + 3; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35 || c === 92) return i;
  }
  return url.length;
}

/**
 * The rule every join follows: what `value` becomes when put at `at` of a URL whose authority ends at
 * `end`. Inside the authority: percent-encoded whole (`@`, `:`, `/` cannot add userinfo, a port or a path).
 * Right at its end: behind a `/` unless it starts with `/`, `?` or `#` (so `.evil.com` cannot lengthen the
 * host). After it: as it is.
 */
export function originSafePiece(value: string, at: number, end: number): string {
  if (value.length === 0 || at > end) return value;
  if (at < end) return encodeComponent(value);
  const c = value.charCodeAt(0);
  return c === 47 || c === 63 || c === 35 ? value : `/${value}`;
}

/**
 * Put `tail` (a suffix, a query, a template value) at `at` in `base` so that the result still goes to
 * `base`'s origin: the one function every append and template fill goes through. Inside the authority a
 * value is percent-encoded whole (it can then only spell a host, never add userinfo or a port); right at
 * its end, a `/` is put in between (`https://example.org` + `.a@evil.com` → `https://example.org/.a@evil.com`).
 * Returns the joined string, or null when the scheme, userinfo, host or port would still differ from
 * `origin` (the target's own, when given) or the result is no http(s) URL.
 */
export function spliceInto(base: string, at: number, tail: string, origin?: string | null): string | null {
  const end = authorityEnd(base);
  if (end === -1) return null;
  const joined = safeHttpUrl(base.slice(0, at) + originSafePiece(tail, at, end) + base.slice(at));
  if (joined === null) return null;
  // Past the authority's end (a `/`, `?` or `#` now stands between them) nothing can reach the origin: the
  // joined URL's authority is the base's own text, and the parser has left it before it reads the piece.
  if (at >= end && origin === undefined) return joined;
  const want = origin === undefined ? originKey(safeHttpUrl(base) ?? '') : origin;
  // A base whose origin cannot be read has none to keep: nothing is joined to it.
  if (want === null) return null;
  return originKey(joined) === want ? joined : null;
}

/**
 * A target with what the client sent after the bound prefix appended exactly as sent (suffix passthrough,
 * N2T style), never changing the target's origin: see `spliceInto`. Null when no http(s) URL results.
 */
export function appendToTarget(target: string, tail: string): string | null {
  return spliceInto(target, target.length, tail);
}

const PLACEHOLDER = /\$\{([a-z_]+)\}/gi;

/**
 * Fill `${name}` placeholders of a URL template (unknown placeholders are left as they are), each value
 * through `originSafePiece`, the rule `spliceInto` applies: a value never changes the scheme, userinfo, host or port the template names
 * (a value inside the authority is percent-encoded whole; one right at its end gets a `/` before it).
 * When the template's authority is fixed (no placeholder in it) the result must keep it: otherwise, and
 * for a result that is no http(s) URL, the answer is "" (which `safeHttpUrl` refuses).
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  // The authority ends at the first placeholder too, unless the host itself is one (`https://${host}/`).
  let end = authorityEnd(template);
  const first = template.indexOf('${');
  const hostStart = template.indexOf('//') + 2;
  if (end !== -1 && first !== -1 && first < end && first > hostStart) end = first;
  const fixedAuthority = end !== -1 && !template.slice(0, end).includes('${');
  let out = '';
  let last = 0;
  let authorityOut = -1;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const at = m.index ?? 0;
    out += template.slice(last, at);
    last = at + m[0].length;
    const value = values[m[1] as string];
    if (value === undefined) {
      out += m[0];
      continue;
    }
    out += end === -1 ? value : originSafePiece(value, at, end);
    if (at < end) authorityOut = out.length;
  }
  out += template.slice(last);
  if (authorityOut === -1 && !fixedAuthority) return out;
  // Every value went after the authority's end (or behind a `/` put there): the origin is the template's.
  if (fixedAuthority && authorityOut === -1) return out;
  const checked = safeHttpUrl(out);
  if (checked === null) return '';
  if (!fixedAuthority) return out;
  // The template's own origin, with every placeholder emptied.
  const bare = safeHttpUrl(template.replace(PLACEHOLDER, ''));
  return bare !== null && originKey(bare) === originKey(checked) ? out : '';
}
