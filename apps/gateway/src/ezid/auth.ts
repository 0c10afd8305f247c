import { type Principal, retryAtOf, type Store, type StoreError } from '@pidgate/store';
import type { Context } from 'hono';
import { utf8 } from './anvl.ts';

/**
 * EZID's authentication (API guide, "Authentication"): HTTP Basic on every request, with a user's name and
 * password (as EZID), or a token's name (or its owner's) and the token as the password; a pidgate bearer
 * token; or the `sessionid` cookie of `GET /login`. Whoever it is acts as a `Principal` (a token: its owner,
 * narrowed by its scopes) and the ownership rule (`@pidgate/store`'s ownership.ts) decides what it may do.
 * Wrong passwords are throttled by the store (`too-many-attempts`, answered 429 with Retry-After).
 */

export const SESSION_COOKIE = 'sessionid';

/** Who acts: the principal, and the token it came with (null for a password or a user session). */
export interface Caller {
  readonly principal: Principal;
  readonly tokenId: string | null;
}

export type Credentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'caller'; readonly caller: Caller }
  | { readonly kind: 'refused' }
  | { readonly kind: 'throttled'; readonly retryAt: string }
  | { readonly kind: 'failed'; readonly message: string };

const down = (e: StoreError) => e.code === 'storage-error' || e.code === 'store-closed';
/** A token-shaped password (`createToken`'s 43 base64url characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A verified token's caller, when `user` (Basic's user name, if any) is its name or its owner's. */
async function tokenCaller(store: Store, presented: string, user: string | null): Promise<Credentials | null> {
  const verified = await store.verifyToken(presented);
  if (!verified.ok) {
    if (down(verified.error)) return { kind: 'failed', message: verified.error.message };
    // An unknown token-shaped Basic password may still be a user's password.
    return verified.error.code === 'invalid-token' && user !== null ? null : { kind: 'refused' };
  }
  if (user !== null && user !== verified.value.name && user !== verified.value.owner) return { kind: 'refused' };
  const principal = await store.principalOfToken(verified.value);
  if (!principal.ok) return down(principal.error) ? { kind: 'failed', message: principal.error.message } : { kind: 'refused' };
  return { kind: 'caller', caller: { principal: principal.value, tokenId: verified.value.id } };
}

/** A user's name and password (EZID's own Basic authentication), throttled by the store. */
async function passwordCaller(store: Store, user: string, password: string): Promise<Credentials> {
  const checked = await store.verifyPassword(user, password);
  if (!checked.ok) {
    if (down(checked.error)) return { kind: 'failed', message: checked.error.message };
    const retryAt = retryAtOf(checked.error);
    return retryAt ? { kind: 'throttled', retryAt } : { kind: 'refused' };
  }
  const principal = await store.principalOf(checked.value.username);
  if (!principal.ok) return down(principal.error) ? { kind: 'failed', message: principal.error.message } : { kind: 'refused' };
  return { kind: 'caller', caller: { principal: principal.value, tokenId: null } };
}

/** The user name and password of an `Authorization: Basic …` header, or null when it is not one. */
export function basicCredentials(header: string): { user: string; password: string } | null {
  const space = header.indexOf(' ');
  if (space === -1 || header.slice(0, space).toLowerCase() !== 'basic') return null;
  const encoded = header.slice(space + 1).trim();
  if (encoded.length === 0 || encoded.length > 4096) return null;
  const text = utf8(Buffer.from(encoded, 'base64'));
  if (text === null) return null;
  const colon = text.indexOf(':');
  if (colon === -1) return null;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** The value of one cookie in a Cookie header (RFC 6265 §5.4: `name=value` pairs separated by `;`). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Who is calling: Basic credentials first, then a bearer token, then the session cookie. Wrong credentials
 * are `refused` (EZID: 401); a session that is no longer valid counts as no credentials, as in EZID.
 */
export async function ezidCredentials(c: Context, store: Store): Promise<Credentials> {
  const header = c.req.header('authorization');
  if (header !== undefined) {
    const basic = basicCredentials(header);
    if (basic) {
      if (TOKEN_SHAPE.test(basic.password)) {
        const byToken = await tokenCaller(store, basic.password, basic.user);
        if (byToken) return byToken;
      }
      return passwordCaller(store, basic.user, basic.password);
    }
    const space = header.indexOf(' ');
    if (space === -1 || header.slice(0, space).toLowerCase() !== 'bearer') return { kind: 'refused' };
    return (await tokenCaller(store, header.slice(space + 1).trim(), null)) ?? { kind: 'refused' };
  }
  const session = cookieValue(c.req.header('cookie'), SESSION_COOKIE);
  if (session) {
    // A token's session (`createSession`), or a user's (`createUserSession`: a password sign-in).
    const verified = await store.verifySession(session);
    if (verified.ok) {
      const principal = await store.principalOfToken(verified.value);
      if (principal.ok) return { kind: 'caller', caller: { principal: principal.value, tokenId: verified.value.id } };
      if (down(principal.error)) return { kind: 'failed', message: principal.error.message };
      return { kind: 'none' };
    }
    if (down(verified.error)) return { kind: 'failed', message: verified.error.message };
    const user = await store.verifyUserSession(session);
    if (user.ok) return { kind: 'caller', caller: { principal: user.value.principal, tokenId: null } };
    if (down(user.error)) return { kind: 'failed', message: user.error.message };
  }
  return { kind: 'none' };
}
