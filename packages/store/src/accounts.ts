import { err, ok } from '@pidgate/core';
import type { StoreError, StoreResult } from './codes.ts';

/**
 * Accounts, as EZID has them (docs/accounts.md): users with a role, groups of users that share shoulders,
 * and co-owners. Every identifier has an owner (a username) and a group; `ownership.ts` holds the rule.
 */

/** `admin` may do anything; `user` acts on what it owns (or co-owns, or its group owns); `readonly` only looks. */
export const ROLES = ['admin', 'user', 'readonly'] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  readonly username: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly role: Role;
  /** The groups the user belongs to, sorted. */
  readonly groups: string[];
  /** Usernames this user named co-owners: they may act on this user's identifiers. Sorted. */
  readonly coOwners: string[];
  readonly disabled: boolean;
  /** True when a password is set (a user made for a token has none and signs in by token only). */
  readonly hasPassword: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface Group {
  readonly name: string;
  readonly description: string;
  readonly createdAt: string;
  /** Its members' usernames, sorted. */
  readonly members: string[];
}

/** Who acts: a signed-in user, or a token acting for its owner. */
export interface Principal {
  readonly username: string;
  readonly role: Role;
  readonly groups: readonly string[];
  /** Users who named this one a co-owner. */
  readonly coOwnerOf: readonly string[];
  readonly tokenId: string | null;
  /** A token's scopes narrow what it may do; null for a password or session sign-in. */
  readonly scopes: readonly string[] | null;
}

export interface UserInput {
  readonly username: string;
  readonly displayName?: string;
  readonly email?: string | null;
  /** Default `user`. */
  readonly role?: Role;
  readonly groups?: readonly string[];
  /** Set now (else the user has no password until `setPassword`). */
  readonly password?: string;
}

export interface UserPatch {
  readonly displayName?: string;
  readonly email?: string | null;
  readonly role?: Role;
  readonly disabled?: boolean;
  /** The whole new list of groups. */
  readonly groups?: readonly string[];
  /** The whole new list of co-owners. */
  readonly coOwners?: readonly string[];
}

/** A password sign-in session (the console's cookie). */
export interface UserSession {
  /** The secret session id: shown once, stored only as its SHA-256; a new random one every sign-in. */
  readonly id: string;
  readonly username: string;
  /** The session's CSRF secret, to put in every form. */
  readonly csrf: string;
  readonly expiresAt: string;
}

export interface VerifiedUserSession {
  readonly principal: Principal;
  readonly csrf: string;
  readonly expiresAt: string;
}

/** A `too-many-attempts` error carries the instant (ISO 8601) from which a sign-in is tried again. */
export type ThrottledError = StoreError & { readonly retryAt: string };

/** When a throttled sign-in may be tried again (ISO 8601), or null for any other error. */
export function retryAtOf(error: StoreError): string | null {
  const at = (error as Partial<ThrottledError>).retryAt;
  return error.code === 'too-many-attempts' && typeof at === 'string' ? at : null;
}

/** A username or group name created here: a letter or digit, then letters, digits, `.`, `_`, `-`, `@`. */
export const ACCOUNT_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
/** A username as stored: a user made for a token is named after it, so lookups take any token name. */
const MAX_NAME_REF = 200;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export function checkNewName(name: unknown, what: 'username' | 'group name'): StoreResult<string> {
  const code = what === 'username' ? 'invalid-username' : 'invalid-group';
  if (typeof name !== 'string' || !ACCOUNT_NAME.test(name)) {
    return err(code, `a ${what} is 1 to 64 letters, digits, ".", "_", "-" or "@", starting with a letter or digit`);
  }
  return ok(name);
}

/** A name to look up: non-empty, at most 200 characters, no control characters. */
export function checkNameRef(name: unknown, what: 'username' | 'group name'): StoreResult<string> {
  const code = what === 'username' ? 'invalid-username' : 'invalid-group';
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_REF || hasControl(name)) {
    return err(code, `the ${what} is empty, too long or holds a control character`);
  }
  return ok(name);
}

export function checkPassword(password: unknown): StoreResult<string> {
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD_LENGTH) {
    return err('invalid-password', `a password has at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return err('invalid-password', `a password has at most ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (hasControl(password)) return err('invalid-password', 'a password holds no control characters');
  return ok(password);
}

export function checkEmail(email: unknown): StoreResult<string | null> {
  if (email === null || email === undefined || email === '') return ok(null);
  if (typeof email !== 'string' || !EMAIL.test(email)) return err('invalid-email', 'an email address is name@host');
  return ok(email);
}

export function checkDisplayName(name: unknown): StoreResult<string> {
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 200 || hasControl(name)) {
    return err('invalid-display-name', 'a display name is 1 to 200 characters, no control characters');
  }
  return ok(name);
}

export function checkRole(role: unknown): StoreResult<Role> {
  if (typeof role === 'string' && (ROLES as readonly string[]).includes(role)) return ok(role as Role);
  return err('invalid-role', `a role is one of ${ROLES.join(', ')}`);
}

export function checkDescription(text: unknown): StoreResult<string> {
  if (text === undefined || text === null) return ok('');
  if (typeof text !== 'string' || text.length > 1000 || hasControl(text)) {
    return err('invalid-group', 'a group description is at most 1000 characters, no control characters');
  }
  return ok(text);
}

/** A list of names (groups, co-owners): each checked, duplicates dropped, sorted. */
export function checkNameList(names: unknown, what: 'username' | 'group name', max = 100): StoreResult<string[]> {
  if (!Array.isArray(names) || names.length > max) {
    return err(what === 'username' ? 'invalid-username' : 'invalid-group', `give at most ${max} ${what}s as a list`);
  }
  const out = new Set<string>();
  for (const n of names) {
    const c = checkNameRef(n, what);
    if (!c.ok) return c;
    out.add(c.value);
  }
  return ok([...out].sort());
}

function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
