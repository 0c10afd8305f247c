import type { Store, VerifiedToken } from '@pidgate/store';
import type { Context } from 'hono';
import { tokenCovers } from '../admin/index.ts';
import { utf8 } from './anvl.ts';

/**
 * EZID's authentication (API guide, "Authentication"): HTTP Basic on every request, where the user name is
 * a pidgate token's name and the password is the token; or the `sessionid` cookie of `GET /login`. A
 * pidgate bearer token is accepted too. Scopes are the admin API's: `mayChange` is auth.ts's one check.
 */

export const SESSION_COOKIE = 'sessionid';

export type Credentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'token'; readonly token: VerifiedToken }
  | { readonly kind: 'refused' }
  | { readonly kind: 'failed'; readonly message: string };

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
    let presented: string | null = null;
    let user: string | null = null;
    if (basic) {
      presented = basic.password;
      user = basic.user;
    } else {
      const space = header.indexOf(' ');
      if (space !== -1 && header.slice(0, space).toLowerCase() === 'bearer') presented = header.slice(space + 1).trim();
    }
    if (presented === null) return { kind: 'refused' };
    const verified = await store.verifyToken(presented);
    if (!verified.ok) {
      const code = verified.error.code;
      return code === 'storage-error' || code === 'store-closed'
        ? { kind: 'failed', message: verified.error.message }
        : { kind: 'refused' };
    }
    if (user !== null && user !== verified.value.name) return { kind: 'refused' };
    return { kind: 'token', token: verified.value };
  }
  const session = cookieValue(c.req.header('cookie'), SESSION_COOKIE);
  if (session) {
    const verified = await store.verifySession(session);
    if (verified.ok) return { kind: 'token', token: verified.value };
    const code = verified.error.code;
    if (code === 'storage-error' || code === 'store-closed') return { kind: 'failed', message: verified.error.message };
  }
  return { kind: 'none' };
}

/** May this token create, change or see (when reserved) the identifier? The admin API's scope check. */
export function mayChange(token: VerifiedToken, key: string): boolean {
  return tokenCovers(token, key);
}
