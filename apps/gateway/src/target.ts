import type { Context } from 'hono';

/** The THUMP inflections (ARK §6; `?info` from today's ARK spec), asked of any identifier. */
export type Inflection = '?' | '??' | '?info';

/** What the path of a resolution request asks for. */
export interface IdentifierRequest {
  /** The identifier exactly as written after the first `/`, without the inflection. */
  readonly identifier: string;
  readonly inflection: Inflection | null;
}

interface NodeBindings {
  readonly incoming?: { readonly url?: string };
}

/**
 * The request target exactly as the client sent it (`/ark:/12025/x?`), from the raw HTTP request line
 * when @hono/node-server serves the app (nothing decoded, `//`, `%2F` and dot segments kept), otherwise
 * from the request URL (`app.request()` in tests), whose href keeps a bare trailing `?`.
 */
export function requestTarget(c: Context): string {
  const raw = (c.env as NodeBindings | undefined)?.incoming?.url;
  const target = typeof raw === 'string' ? raw : c.req.raw.url;
  if (target.charCodeAt(0) === 47) return target;
  // Absolute form (`http://host/path`): drop the scheme and authority.
  const authority = target.indexOf('//');
  const path = authority === -1 ? -1 : target.indexOf('/', authority + 2);
  if (path === -1) {
    const query = target.indexOf('?', authority + 2);
    return query === -1 ? '/' : `/${target.slice(query)}`;
  }
  return target.slice(path);
}

/** Split `/ID`, `/ID?`, `/ID??` and `/ID?info` into the identifier and its inflection. */
export function splitInflection(target: string): IdentifierRequest {
  const id = target.slice(1);
  if (id.endsWith('??')) return { identifier: id.slice(0, -2), inflection: '??' };
  if (id.endsWith('?info')) return { identifier: id.slice(0, -5), inflection: '?info' };
  if (id.endsWith('?')) return { identifier: id.slice(0, -1), inflection: '?' };
  return { identifier: id, inflection: null };
}
