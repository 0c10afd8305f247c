import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppDeps } from '../deps.ts';
import { CSRF_FIELD, CSRF_HEADER, crossSite, sameToken } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { errorPage } from './errors.tsx';
import { clearSessionCookie, consoleBase, ownOrigins, SIGNIN_COOKIE, sessionCookie } from './session.ts';

/** The console path of a request, after `/console` (`/console/account` → `/account`). */
function pathInConsole(c: Context): string {
  return c.req.path.replace(/^\/console/, '') || '/';
}

/** Paths a visitor may open without a session. */
const OPEN = new Set(['/signin']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * First for every console request: the base path, the store (a gateway without a store has no console),
 * the metrics label and the headers every console answer carries (never cached, never framed).
 */
export function prepare(deps: AppDeps): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    c.set('scheme', 'console');
    c.set('base', consoleBase(c, deps));
    if (c.req.path === '/console') return c.redirect(c.get('base'), 301);
    if (!deps.store) {
      return errorPage(
        c,
        404,
        'no-store',
        'This gateway runs without a store of its own, so there is no console. An administrator can enable the store (store.enabled).',
      );
    }
    c.set('store', deps.store);
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-frame-options', 'DENY');
    c.header('content-security-policy', "frame-ancestors 'none'");
    c.header('referrer-policy', 'same-origin');
    c.header('x-content-type-options', 'nosniff');
  };
}

/**
 * The session: the cookie's session when the store knows it (`principal`, `session`); a visitor without
 * one is sent to sign in, with the page they asked for as `next` (and told when their session ended).
 */
export function loadSession(deps: AppDeps): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    const id = sessionCookie(c);
    let ended = false;
    if (id) {
      const verified = await c.get('store').verifyUserSession(id);
      if (verified.ok) {
        c.set('principal', verified.value.principal);
        c.set('session', { id, csrf: verified.value.csrf });
      } else {
        ended = true;
        clearSessionCookie(c, deps);
      }
    }
    const path = pathInConsole(c);
    if (!c.get('principal') && !OPEN.has(path)) {
      const base = c.get('base');
      const url = new URL(c.req.url);
      const next = SAFE_METHODS.has(c.req.method) ? `${base}${path.slice(1)}${url.search}` : base;
      const query = new URLSearchParams({ next });
      if (ended) query.set('why', 'expired');
      return c.redirect(`${base}signin?${query}`, 303);
    }
    await next();
  };
}

/**
 * THE CSRF check of every form under /console (any method but GET, HEAD and OPTIONS): refused when it comes
 * from another site (`Sec-Fetch-Site: cross-site`, or an `Origin` that is not the gateway's), and unless it
 * carries the session's own token (the `csrf` field, or the `X-CSRF-Token` header from a script). The
 * sign-in form, before there is a session, carries the token of the visitor's sign-in cookie instead.
 * Refusals are 403 pages; feature pages only render `CsrfField`.
 */
export function checkForms(deps: AppDeps): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const headers = { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') };
    if (crossSite(headers, ownOrigins(c, deps))) {
      return errorPage(c, 403, 'cross-site', 'This form was sent from another site, so the console did not act on it.');
    }
    let given = c.req.header(CSRF_HEADER);
    if (given === undefined) {
      const type = c.req.header('content-type') ?? '';
      if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
        let body: Record<string, unknown>;
        try {
          body = await c.req.parseBody({ all: true });
        } catch {
          return errorPage(c, 400, 'bad-request', 'The form could not be read. Go back and send it again.');
        }
        const field = body[CSRF_FIELD];
        given = typeof field === 'string' ? field : undefined;
      }
    }
    // The sign-in form carries the sign-in cookie's token (signed in or not); every other form the session's.
    const expected = pathInConsole(c) === '/signin' ? getCookie(c, SIGNIN_COOKIE) : c.get('session')?.csrf;
    if (!expected || !sameToken(given, expected)) {
      return errorPage(
        c,
        403,
        'csrf-failed',
        'The form did not carry this session’s security token (it may be from an older page or another site). Go back, reload the page and send it again.',
      );
    }
    await next();
  };
}
