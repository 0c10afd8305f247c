import { err, ok } from '@pidgate/core';
import type { Principal } from './accounts.ts';
import type { StoreResult } from './codes.ts';
import { mayChange, mayCreate, mayView, type OwnedBinding, ownerGroupFor, shoulderGroupOf } from './ownership.ts';
import type { BindingData } from './schema.ts';
import type { Binding } from './store.ts';

/**
 * The ownership rule applied INSIDE the write transaction (docs/accounts.md, "Checked where it is written"):
 * a write that names who acts (`acting`) reads the row under the write lock (SQLite's BEGIN IMMEDIATE,
 * PostgreSQL's SELECT … FOR UPDATE, a per-resource advisory lock for PDI versions), asks `ownership.ts`, and
 * writes only when the answer is yes, in the same transaction. Nobody can change the owner between the check
 * and the write. The admin API, the EZID API, the console, the upload and the importer all write this way.
 */

/** Who acts on a write: the ownership rule is checked in the write's own transaction. */
export interface Acting {
  readonly principal: Principal;
}

/**
 * What a put checks under the lock; made by the store from `Acting` and the raw input. The group of the
 * key's shoulder is read in the write's own transaction too (`ShoulderGroups`), so a shoulder given to
 * another group while a create waits is decided by the group it has when the create writes.
 */
export interface WriteGuard {
  readonly principal: Principal;
  /** The caller named an owner (`owner` in the raw input). */
  readonly ownerGiven: boolean;
  /** The caller named an owner group (`ownerGroup` in the raw input). */
  readonly groupGiven: boolean;
}

/** The shoulders and their groups, as read under the write lock (a backend's `shoulderGroups`). */
export type ShoulderGroups = readonly { readonly key: string; readonly group: string | null }[];

export function writeGuard(acting: Acting, raw: unknown): WriteGuard {
  const given = (name: string) =>
    raw !== null && typeof raw === 'object' && (raw as Record<string, unknown>)[name] !== undefined;
  return {
    principal: acting.principal,
    ownerGiven: given('owner'),
    groupGiven: given('ownerGroup'),
  };
}

/** `not-found` for a reserved identifier the principal may not see (it must not learn it exists), else `not-owner`. */
export function refuseChange(p: Principal, b: OwnedBinding): StoreResult<never> {
  if (!mayView(p, b) && b.identifierStatus === 'reserved') return err('not-found', `${b.key} is not bound`);
  return err(
    'not-owner',
    `only ${b.key}'s owner, its co-owners, its group's members or an administrator may change it`,
  );
}

/** May the principal change (update, delete) this row? Checked under the lock. */
export function checkChange(p: Principal, current: OwnedBinding): StoreResult<void> {
  return mayChange(p, current) ? ok(undefined) : refuseChange(p, current);
}

/**
 * Decide a put under the lock: the data with the owner and group it is stored with, or the refusal. A live
 * row: only the related change it (`not-owner`, or `not-found` when hidden). No row: only who may create under
 * the key's shoulder (`not-owner`). A tombstone: the put itself answers `tombstoned`. Only an administrator
 * names another owner or group than the one the write would keep or give (`ownership-change`).
 */
export function guardPut(
  g: WriteGuard,
  key: string,
  current: Binding | null,
  data: BindingData,
  shoulders: ShoulderGroups,
): StoreResult<BindingData> {
  const p = g.principal;
  const shoulderGroup = shoulderGroupOf(shoulders, key);
  const live = current && !current.tombstoned ? current : null;
  if (live) {
    const allowed = checkChange(p, live);
    if (!allowed.ok) return allowed;
  } else if (!current && !mayCreate(p, key, shoulderGroup)) {
    return err('not-owner', `${p.username} may not create ${key} (the shoulder belongs to another group)`);
  }
  const owner = live ? live.owner : p.username;
  const ownerGroup = live ? live.ownerGroup : ownerGroupFor(p, shoulderGroup);
  if (p.role === 'admin') {
    return ok({
      ...data,
      owner: g.ownerGiven ? data.owner : owner,
      ownerGroup: g.groupGiven ? data.ownerGroup : ownerGroup,
    });
  }
  if ((g.ownerGiven && data.owner !== owner) || (g.groupGiven && data.ownerGroup !== ownerGroup)) {
    return err('ownership-change', `only an administrator may change ${key}'s owner or group`);
  }
  return ok({ ...data, owner, ownerGroup });
}

/** A PDI resource's owner and group: those of its latest version (null, null: none, or unowned). */
export interface PdiOwnership {
  readonly owner: string | null;
  readonly ownerGroup: string | null;
}

/** A PDI version's owner and group, under the resource's lock; refused like a binding's put. */
export function guardPdi(
  g: WriteGuard,
  resourceKey: string,
  latest: PdiOwnership | null,
  given: { readonly owner: string | null; readonly ownerGroup: string | null },
  shoulders: ShoulderGroups,
): StoreResult<PdiOwnership> {
  const p = g.principal;
  const shoulderGroup = shoulderGroupOf(shoulders, resourceKey);
  if (latest) {
    // A PDI is public (it always resolves): view is never hidden, change is the owner rule.
    const b: OwnedBinding = { key: resourceKey, ...latest, identifierStatus: 'public' };
    const allowed = checkChange(p, b);
    if (!allowed.ok) return allowed;
  } else if (!mayCreate(p, resourceKey, shoulderGroup)) {
    return err('not-owner', `${p.username} may not create ${resourceKey} (the prefix belongs to another group)`);
  }
  const owner = latest ? latest.owner : p.username;
  const ownerGroup = latest ? latest.ownerGroup : ownerGroupFor(p, shoulderGroup);
  if (p.role === 'admin') {
    return ok({ owner: g.ownerGiven ? given.owner : owner, ownerGroup: g.groupGiven ? given.ownerGroup : ownerGroup });
  }
  if ((g.ownerGiven && given.owner !== owner) || (g.groupGiven && given.ownerGroup !== ownerGroup)) {
    return err('ownership-change', `only an administrator may change ${resourceKey}'s owner or group`);
  }
  return ok({ owner, ownerGroup });
}

/** A delete under the lock: the related only (nothing to check when there is no live row: the delete answers). */
export function guardDelete(p: Principal | undefined, before: Binding | null): StoreResult<void> {
  return p && before && !before.tombstoned ? checkChange(p, before) : ok(undefined);
}

/** What a PDI version write carries into its transaction. */
export interface PdiWrite {
  /** Who acts (null: the operator at the command line, unchecked). */
  readonly guard: WriteGuard | null;
  readonly owner: string | null;
  readonly ownerGroup: string | null;
}

/** The owner and group of a new PDI version from the resource's latest (read under its lock). */
export function decidePdi(
  w: PdiWrite,
  resourceKey: string,
  latest: PdiOwnership | null,
  shoulders: ShoulderGroups,
): StoreResult<PdiOwnership> {
  if (w.guard) return guardPdi(w.guard, resourceKey, latest, w, shoulders);
  return ok({ owner: w.owner ?? latest?.owner ?? null, ownerGroup: w.ownerGroup ?? latest?.ownerGroup ?? null });
}
