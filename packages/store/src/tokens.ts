import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '@pidgate/core';
import { checkKey } from './validate.ts';

export const MAX_TOKEN_NAME_LENGTH = 200;
export const MAX_SCOPES = 100;

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

export function checkTokenName(name: unknown): Result<string> {
  if (typeof name !== 'string' || name.trim().length === 0) return err('invalid-token-name', 'the token name is empty');
  if (name.length > MAX_TOKEN_NAME_LENGTH) {
    return err('invalid-token-name', `the token name is longer than ${MAX_TOKEN_NAME_LENGTH} characters`);
  }
  return ok(name);
}

/** Scopes are identifier prefixes: at least one, each a valid key, duplicates dropped. */
export function checkScopes(scopes: unknown): Result<string[]> {
  if (!Array.isArray(scopes) || scopes.length === 0) return err('invalid-scope', 'a token needs at least one scope');
  if (scopes.length > MAX_SCOPES) return err('invalid-scope', `a token has at most ${MAX_SCOPES} scopes`);
  const out: string[] = [];
  for (const scope of scopes) {
    const checked = checkKey(scope, 'scope', 'invalid-scope');
    if (!checked.ok) return checked;
    if (!out.includes(checked.value)) out.push(checked.value);
  }
  return ok(out);
}

const SLASH = 47;
const DOT = 46;

function isBoundary(c: number): boolean {
  return c === SLASH || c === DOT;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/**
 * True when the scope's last `/`-segment is an ARK shoulder: letters up to and including the first
 * digit (`x6`, `fk4`), so that every Name minted on it (`x6np1wh8k`) is inside the scope.
 */
function endsWithShoulder(scope: string): boolean {
  const slash = scope.lastIndexOf('/');
  if (slash < 0 || !scope.startsWith('ark:')) return false;
  const segment = scope.slice(slash + 1);
  if (segment.length < 2) return false;
  for (let i = 0; i < segment.length - 1; i++) if (!isLetter(segment.charCodeAt(i))) return false;
  const last = segment.charCodeAt(segment.length - 1);
  // The NAAN segment itself (`ark:/99999`) has no letters before its digits, so it never counts.
  return last >= 48 && last <= 57 && scope.slice(0, slash).includes('/');
}

/**
 * Does one of the scopes cover the normalized identifier? A scope covers the identifier itself and
 * everything below it at a boundary: the next character is `/` or `.`, or the scope ends with one,
 * or the scope ends with an ARK shoulder (`ark:/99999/x6` covers `ark:/99999/x6np1wh8k`).
 * `ark:/9999` never covers `ark:/99999/x`.
 */
export function scopeAllows(scopes: readonly string[], identifier: string): boolean {
  for (const scope of scopes) {
    if (scope.length === 0 || !identifier.startsWith(scope)) continue;
    if (identifier.length === scope.length) return true;
    if (isBoundary(scope.charCodeAt(scope.length - 1))) return true;
    if (isBoundary(identifier.charCodeAt(scope.length))) return true;
    if (endsWithShoulder(scope)) return true;
  }
  return false;
}
