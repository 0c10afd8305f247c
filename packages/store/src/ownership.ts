import type { Principal } from './accounts.ts';
import { scopeAllows } from './scope.ts';
import type { Binding } from './store.ts';

/**
 * THE ownership rule (docs/accounts.md), the one place every path that shows or changes an identifier asks:
 * the admin API, the EZID API, the console and the importer.
 *
 * A principal is related to an identifier when it is an administrator, its owner, a co-owner named by its
 * owner, or a member of its owner group. A token's scopes narrow everything: outside them, nothing.
 * - view: a public or unavailable identifier, anyone signed in (within scope); a reserved one, only the
 *   related (an unrelated caller must not learn it exists: answer 404).
 * - change: the related, unless the role is `readonly` (which never changes anything).
 * - create: under a shoulder assigned to a group, its members; elsewhere any `user` (within scope).
 * An identifier with neither owner nor group (bound before accounts existed, or loaded without an owner) is
 * `unowned`: any signed-in principal within scope is related to it, as before accounts (an administrator can
 * give it an owner).
 */
export type OwnedBinding = Pick<Binding, 'key' | 'owner' | 'ownerGroup' | 'identifierStatus'>;

/** How a principal relates to an identifier (the first that holds), or null. */
export type Relation = 'admin' | 'owner' | 'co-owner' | 'group' | 'unowned';

/** Within the token's scopes (a session or password sign-in has none and is not narrowed). */
export function inScope(p: Principal, key: string): boolean {
  return p.scopes === null || scopeAllows(p.scopes, key);
}

export function relationOf(p: Principal, b: OwnedBinding): Relation | null {
  if (p.role === 'admin') return 'admin';
  if (b.owner !== null && b.owner === p.username) return 'owner';
  if (b.owner !== null && p.coOwnerOf.includes(b.owner)) return 'co-owner';
  if (b.ownerGroup !== null && p.groups.includes(b.ownerGroup)) return 'group';
  if (b.owner === null && b.ownerGroup === null) return 'unowned';
  return null;
}

export function mayView(p: Principal, b: OwnedBinding): boolean {
  if (!inScope(p, b.key)) return false;
  return b.identifierStatus !== 'reserved' || relationOf(p, b) !== null;
}

export function mayChange(p: Principal, b: OwnedBinding): boolean {
  return p.role !== 'readonly' && inScope(p, b.key) && relationOf(p, b) !== null;
}

/** `shoulderGroup`: the group of the shoulder the key falls under (`shoulderGroupOf`), or null. */
export function mayCreate(p: Principal, key: string, shoulderGroup: string | null): boolean {
  if (p.role === 'readonly' || !inScope(p, key)) return false;
  if (p.role === 'admin' || shoulderGroup === null) return true;
  return p.groups.includes(shoulderGroup);
}

/** Is this principal an administrator (of the whole instance)? */
export function isAdministrator(p: Principal): boolean {
  return p.role === 'admin';
}

/**
 * Who refuses what, as the HTTP answer: a reserved identifier the caller may not see is answered as if it
 * did not exist (404), anything else it may not act on with 403.
 */
export function refusal(p: Principal, b: OwnedBinding): 'not-found' | 'forbidden' {
  return mayView(p, b) ? 'forbidden' : b.identifierStatus === 'reserved' ? 'not-found' : 'forbidden';
}

/**
 * The group of the longest shoulder whose key is a prefix of `key` (a shoulder is a plain string prefix),
 * from a list of shoulders; null when none has a group.
 */
export function shoulderGroupOf(
  shoulders: readonly { readonly key: string; readonly group: string | null }[],
  key: string,
): string | null {
  let best: { key: string; group: string | null } | null = null;
  for (const s of shoulders) {
    if (key.startsWith(s.key) && (best === null || s.key.length > best.key.length)) best = s;
  }
  return best?.group ?? null;
}

/** The group a new identifier gets: the shoulder's when the creator may mint there, else the creator's first. */
export function ownerGroupFor(p: Principal, shoulderGroup: string | null): string | null {
  if (shoulderGroup !== null && (p.groups.includes(shoulderGroup) || p.role === 'admin')) return shoulderGroup;
  return p.groups[0] ?? null;
}
