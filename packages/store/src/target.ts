/**
 * A binding's target as the WHATWG URL parser reads it (the parser of every browser, of Node's `URL` and
 * `fetch`): the serialization is what is stored and what is sent in `Location`, so what is stored is what is
 * sent. A text that other readers (RFC 3986 parsers, curl, proxies, people) would read as another URL than the
 * WHATWG parser does is refused (`ambiguous-target`): a `\` before the query (WHATWG reads it as `/`, so
 * `https://example.org\@evil.example/` has host `example.org` there and `evil.example` elsewhere), a scheme not
 * followed by exactly `//` (`http:evil.example`, `https:\\evil.example`, `http:///evil.example`), control
 * characters (WHATWG drops tabs and line breaks anywhere: `https://exa\nmple.org`), a user name or password
 * (`https://example.org@evil.example/` names `evil.example`), or a percent-escape in the host.
 */

/** Why a target is refused: `invalid` (not an absolute http(s) URL) or `ambiguous` (read two ways). */
export interface TargetRefusal {
  readonly kind: 'invalid' | 'ambiguous';
  readonly message: string;
}

/** The longest target URL accepted (browsers and proxies cope with 8 KiB). */
export const MAX_TARGET_LENGTH = 8192;

const INVALID: TargetRefusal = { kind: 'invalid', message: 'an absolute http: or https: URL' };
const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME_SLASHES = /^https?:\/\/(?![/\\])/i;

const ambiguous = (why: string): TargetRefusal => ({
  kind: 'ambiguous',
  message: `is read two ways (${why}): write the URL as a browser would send it`,
});

/** Why `text` is refused as a target, or null when it is one. */
export function targetRefusal(text: string): TargetRefusal | null {
  if (CONTROL.test(text)) return ambiguous('it holds a control character, which URL parsers drop or refuse');
  if (!URL.canParse(text)) return INVALID;
  const url = new URL(text);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return INVALID;
  const trimmed = text.trim();
  if (!SCHEME_SLASHES.test(trimmed)) {
    return ambiguous(`the scheme must be followed by // and the host; this is read as ${url.href}`);
  }
  const end = trimmed.search(/[?#]/);
  const beforeQuery = end === -1 ? trimmed : trimmed.slice(0, end);
  if (beforeQuery.includes('\\')) return ambiguous(`a \\ before the query is read as / by browsers: ${url.href}`);
  const authority = beforeQuery.slice(beforeQuery.indexOf('//') + 2).split('/')[0] as string;
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    return ambiguous(`a user name or password hides the host, which is ${url.host}`);
  }
  if (authority.includes('%')) return ambiguous(`a percent-escape in the host is read as ${url.host}`);
  if (url.href.length > MAX_TARGET_LENGTH)
    return { kind: 'invalid', message: `is longer than ${MAX_TARGET_LENGTH} characters once encoded` };
  return null;
}

/**
 * The target as stored and sent: its WHATWG serialization (call after `targetRefusal` said null), except that
 * an empty path stays empty (`https://example.org?q` is not given the `/` the serializer adds, which means the
 * same), so that a suffix passed through is appended to the target as it was written.
 */
export function serializeTarget(text: string): string {
  const url = new URL(text);
  const trimmed = text.trim();
  const afterHost = trimmed.slice(trimmed.indexOf('//') + 2).search(/[/?#]/);
  const emptyPath = afterHost === -1 || trimmed.charAt(trimmed.indexOf('//') + 2 + afterHost) !== '/';
  return emptyPath && url.pathname === '/' ? `${url.protocol}//${url.host}${url.search}${url.hash}` : url.href;
}
