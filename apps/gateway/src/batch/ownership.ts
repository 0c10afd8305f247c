import { type Binding, isAdmin, scopeAllows, type VerifiedToken } from '@pidgate/store';
import { z } from 'zod';

/**
 * Who asked for a download, as a job keeps it, and the ownership rule the download applies to every
 * identifier. Until the accounts of issue 24 (branch w24-accounts: users, groups, `mayView`/`mayChange` in
 * @pidgate/store's ownership.ts) are merged, a token's name is the user, the owner of what it creates
 * (`_owner`), and an administrator's token (scope `pidgate:admin`) sees everything. Switching to the
 * accounts is the one line in `mayDownload` and the one in `requesterOfToken`.
 */
export const Requester = z.object({
  username: z.string().min(1),
  admin: z.boolean(),
  /** A token's scopes narrow what it reads; null for a console session. */
  scopes: z.array(z.string()).nullable(),
});
export type Requester = z.infer<typeof Requester>;

/**
 * `change`: EZID's rule for `/download_request` ("restricted to those that are directly owned by or
 * otherwise updatable by the requestor"); `view`: the console's ("the identifiers a user can see").
 */
export type DownloadRule = 'view' | 'change';

export function requesterOfToken(token: VerifiedToken): Requester {
  return { username: token.name, admin: isAdmin(token), scopes: token.scopes };
}

/** May the requester have this identifier in a download? */
export function mayDownload(p: Requester, rule: DownloadRule, b: Binding): boolean {
  // With w24-accounts: return rule === 'view' ? mayView(principal, b) : mayChange(principal, b);
  void rule;
  return p.admin || b.owner === p.username;
}

/** May the requester ask for the identifiers of `owner` (EZID: `error: forbidden` otherwise)? */
export function mayAskForOwner(p: Requester, owner: string): boolean {
  return p.admin || owner === p.username;
}

/** May the requester ask for the identifiers of group `group`? */
export function mayAskForGroup(p: Requester, group: string): boolean {
  void group;
  return p.admin;
}

/** May the requester create this key (bulk upload)? */
export function mayCreateKey(p: Requester, key: string): boolean {
  // With w24-accounts: return mayCreate(principal, key, shoulderGroupOf(key));
  if (p.scopes !== null && !scopeAllows(p.scopes, key)) return false;
  return true;
}

/** May the requester change this identifier (bulk upload)? */
export function mayChangeBinding(p: Requester, b: Binding): boolean {
  // With w24-accounts: return mayChange(principal, b);
  if (p.scopes !== null && !scopeAllows(p.scopes, b.key)) return false;
  return p.admin || b.owner === p.username;
}
