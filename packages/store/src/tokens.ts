import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { ISO_TIMESTAMP } from './grammar.ts';
import { checkScope } from './scope.ts';

export const MAX_TOKEN_NAME_LENGTH = 200;
export const MAX_SCOPES = 100;
/**
 * The scope of an administrator's token: it may create, list and revoke tokens over HTTP
 * (`/api/v1/tokens`). It names no identifier (`pidgate:` is no identifier scheme), so it covers none.
 */
export const ADMIN_SCOPE = 'pidgate:admin';

/** Is this an administrator's token? */
export function isAdmin(token: { readonly scopes: readonly string[] }): boolean {
  return token.scopes.includes(ADMIN_SCOPE);
}

/** The longest session: 31 days. */
export const MAX_SESSION_TTL = 31 * 24 * 3600;

/** A token's expiry: null (never), or an ISO 8601 instant after `now`; normalized to `toISOString`. */
export function checkExpiry(expiresAt: unknown, now: string): StoreResult<string | null> {
  if (expiresAt === null || expiresAt === undefined) return ok(null);
  if (typeof expiresAt !== 'string' || !ISO_TIMESTAMP.test(expiresAt) || Number.isNaN(Date.parse(expiresAt))) {
    return err('invalid-expiry', 'the expiry is an ISO 8601 date or instant, such as 2027-01-31T00:00:00Z');
  }
  const at = new Date(expiresAt).toISOString();
  if (at <= now) return err('invalid-expiry', `the expiry ${at} is not in the future`);
  return ok(at);
}

/** A new bearer token: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token id: 12 random bytes, base64url (not secret). */
export function generateTokenId(): string {
  return `tok_${randomBytes(12).toString('base64url')}`;
}

/** The stored form of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compare two hex SHA-256 digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}

export function checkTokenName(name: unknown): StoreResult<string> {
  if (typeof name !== 'string' || name.trim().length === 0) return err('invalid-token-name', 'the token name is empty');
  if (name.length > MAX_TOKEN_NAME_LENGTH) {
    return err('invalid-token-name', `the token name is longer than ${MAX_TOKEN_NAME_LENGTH} characters`);
  }
  return ok(name);
}

/** Scopes are identifier prefixes (`scope.ts`): at least one, each parsed, duplicates dropped. */
export function checkScopes(scopes: unknown): StoreResult<string[]> {
  if (!Array.isArray(scopes) || scopes.length === 0) return err('invalid-scope', 'a token needs at least one scope');
  if (scopes.length > MAX_SCOPES) return err('invalid-scope', `a token has at most ${MAX_SCOPES} scopes`);
  const out: string[] = [];
  for (const scope of scopes) {
    const checked = checkScope(scope);
    if (!checked.ok) return checked;
    if (!out.includes(checked.value)) out.push(checked.value);
  }
  return ok(out);
}

export { scopeAllows } from './scope.ts';
