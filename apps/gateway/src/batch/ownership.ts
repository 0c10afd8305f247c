import { ok } from '@pidgate/core';
import {
  type Binding,
  mayChange,
  mayCreate,
  mayView,
  type Principal,
  type Store,
  type StoreResult,
  shoulderGroupOf,
} from '@pidgate/store';
import { z } from 'zod';

/**
 * Who asked for a download or an upload, and the ownership rule applied to every identifier: the store's
 * one rule (`mayView`, `mayChange`, `mayCreate` of @pidgate/store's ownership.ts, docs/accounts.md). A
 * job keeps the requester's username and, for a token, its scopes; the principal (role, groups,
 * co-owners) is read again when the job runs, so a change of rights made meanwhile applies.
 */
export const Requester = z.object({
  username: z.string().min(1),
  /** A token's scopes narrow what it reads; null for a console session. */
  scopes: z.array(z.string()).nullable(),
});
export type Requester = z.infer<typeof Requester>;

/**
 * `change`: EZID's rule for `/download_request` ("restricted to those that are directly owned by or
 * otherwise updatable by the requestor"); `view`: the console's ("the identifiers a user can see").
 */
export type DownloadRule = 'view' | 'change';

export const requesterOf = (p: Principal): Requester => ({
  username: p.username,
  scopes: p.scopes === null ? null : [...p.scopes],
});

/** The principal a requester acts as now: the user's, narrowed by the token's scopes it asked with. */
export async function principalFor(store: Store, r: Requester): Promise<StoreResult<Principal>> {
  const p = await store.principalOf(r.username);
  if (!p.ok) return p;
  return ok({ ...p.value, scopes: r.scopes });
}

/** May the principal have this identifier in a download? */
export function mayDownload(p: Principal, rule: DownloadRule, b: Binding): boolean {
  return rule === 'view' ? mayView(p, b) : mayChange(p, b);
}

/** May the principal ask for the identifiers of `owner` (EZID: `error: forbidden` otherwise)? */
export function mayAskForOwner(p: Principal, owner: string): boolean {
  return p.role === 'admin' || owner === p.username || p.coOwnerOf.includes(owner);
}

/** May the principal ask for the identifiers of group `group`? */
export function mayAskForGroup(p: Principal, group: string): boolean {
  return p.role === 'admin' || p.groups.includes(group);
}

/** May the principal create this key (bulk upload), given the instance's shoulders and their groups? */
export function mayCreateKey(
  p: Principal,
  key: string,
  shoulders: readonly { readonly key: string; readonly group: string | null }[],
): boolean {
  return mayCreate(p, key, shoulderGroupOf(shoulders, key));
}

/** May the principal change this identifier (bulk upload)? */
export function mayChangeBinding(p: Principal, b: Binding): boolean {
  return mayChange(p, b);
}
