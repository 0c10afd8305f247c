import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDeps } from '../deps.ts';
import { publicBase } from '../http/index.ts';
import type { ConsoleEnv } from './env.ts';

/** The session cookie: the session's secret id (the store keeps only its hash). */
export const SESSION_COOKIE = 'pidgate_console';
/** Before sign-in: the token the sign-in form carries (double-submit), so no other site can sign a visitor in. */
export const SIGNIN_COOKIE = 'pidgate_console_signin';

/** The console's root path as the browser sees it: `/console/`, below the gateway's base path. */
export function consoleBase(c: Context<ConsoleEnv>, deps: AppDeps): string {
  const site = new URL(publicBase(c, deps.config)).pathname;
  return `${site.endsWith('/') ? site : `${site}/`}console/`;
}

/**
 * Is the console served over https? When the gateway's public base URL (`baseUrl`) is https (it runs
 * behind a TLS proxy) or the request itself came over https. Then its cookies are `Secure`.
 */
export function servedOverHttps(c: Context, deps: AppDeps): boolean {
  return publicBase(c, deps.config).startsWith('https:') || new URL(c.req.url).protocol === 'https:';
}

/** The origins a console form may be posted from: the gateway's public origin and the request's own. */
export function ownOrigins(c: Context, deps: AppDeps): string[] {
  return [new URL(publicBase(c, deps.config)).origin, new URL(c.req.url).origin].map((o) => o.toLowerCase());
}

function cookiePath(c: Context<ConsoleEnv>): string {
  return (c.get('base') ?? '/console/').replace(/\/$/, '');
}

/** Set the session cookie: HttpOnly, SameSite=Lax, Path=/console, Secure over https, for the session's lifetime. */
export function setSessionCookie(c: Context<ConsoleEnv>, deps: AppDeps, id: string, expiresAt: string): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    secure: servedOverHttps(c, deps),
    sameSite: 'Lax',
    path: cookiePath(c),
    maxAge,
  });
}

export function clearSessionCookie(c: Context<ConsoleEnv>, deps: AppDeps): void {
  deleteCookie(c, SESSION_COOKIE, { path: cookiePath(c), secure: servedOverHttps(c, deps), httpOnly: true });
}

export function sessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * The sign-in form's token: the visitor's `SIGNIN_COOKIE`, made now when there is none. The form posts it
 * back; the CSRF middleware compares the two, so a sign-in posted from another site fails (login CSRF).
 */
export function signinToken(c: Context<ConsoleEnv>, deps: AppDeps): string {
  const had = getCookie(c, SIGNIN_COOKIE);
  if (had && /^[A-Za-z0-9_-]{43}$/.test(had)) return had;
  const token = randomBytes(32).toString('base64url');
  setCookie(c, SIGNIN_COOKIE, token, {
    httpOnly: true,
    secure: servedOverHttps(c, deps),
    sameSite: 'Strict',
    path: cookiePath(c),
    maxAge: 3600,
  });
  return token;
}

export function clearSigninCookie(c: Context<ConsoleEnv>, deps: AppDeps): void {
  deleteCookie(c, SIGNIN_COOKIE, { path: cookiePath(c), secure: servedOverHttps(c, deps), httpOnly: true });
}

/**
 * Where to go after sign-in: `next` when it is a path of this console (`/console/…`, no scheme, no host,
 * no `//` or backslash that a browser would read as another site), else the dashboard.
 */
export function safeNext(next: string | undefined | null, base: string): string {
  if (typeof next !== 'string' || next.length > 2048) return base;
  if (!next.startsWith(base) && next !== base.replace(/\/$/, '')) return base;
  if (/[\\\u0000-\u001f\u007f]/.test(next) || next.includes('//') || /\/(\.|%2e){1,2}(\/|$)/i.test(next)) return base;
  return next;
}
