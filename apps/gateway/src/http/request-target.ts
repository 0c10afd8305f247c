import type { Context } from 'hono';

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
