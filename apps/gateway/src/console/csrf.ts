import { timingSafeEqual } from 'node:crypto';
import { jsx } from 'hono/jsx';

/** The name of the hidden field every console form carries (and of the header a script may send instead). */
export const CSRF_FIELD = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The hidden CSRF field of a console form. Every POST under /console is checked by one middleware
 * (`index.ts`): the token must be the session's own (a synchronizer token), so a form only renders this.
 */
export function CsrfField({ token }: { token: string }) {
  return jsx('input', { type: 'hidden', name: CSRF_FIELD, value: token });
}

/** Do two tokens match? In constant time, so a wrong guess tells nothing about how close it was. */
export function sameToken(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || expected.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Is a request with these headers from another site? `Sec-Fetch-Site: cross-site` (every current browser
 * sends it), or an `Origin` that is not one of `origins` (`null` included: a sandboxed or privacy-redirected
 * page). A request with neither header (a program, an old browser) is left to the token check.
 */
export function crossSite(
  headers: { origin?: string | undefined; secFetchSite?: string | undefined },
  origins: readonly string[],
): boolean {
  if (headers.secFetchSite === 'cross-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  return !origins.includes(origin.toLowerCase());
}
