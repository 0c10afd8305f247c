// The gateway's side of the ownership rule (docs/accounts.md): `@pidgate/store`'s ownership.ts decides,
// this file turns its answer into what every path (admin API, EZID API, import, console) does with it.
import type { StoreError, StoreResult } from '@pidgate/store';
import {
  type Binding,
  type BindingInput,
  mayChange,
  mayCreate,
  mayView,
  type OwnedBinding,
  ownerGroupFor,
  type Principal,
  type Store,
  shoulderGroupOf,
} from '@pidgate/store';
import { problem, type Problem } from '../http/index.ts';

/** Why a principal may not act: `not-found` hides a reserved identifier it may not see; else `forbidden`. */
export type Refusal = 'not-found' | 'forbidden';

const hidden = (p: Principal, b: OwnedBinding): Refusal =>
  !mayView(p, b) && b.identifierStatus === 'reserved' ? 'not-found' : 'forbidden';

/** null when the principal may see the identifier, else the refusal. */
export function viewRefusal(p: Principal, b: OwnedBinding): Refusal | null {
  return mayView(p, b) ? null : hidden(p, b);
}

/** null when the principal may change (update, delete) the identifier, else the refusal. */
export function changeRefusal(p: Principal, b: OwnedBinding): Refusal | null {
  return mayChange(p, b) ? null : hidden(p, b);
}

/** The group of the shoulder `key` falls under (the longest), or null. */
export async function shoulderGroup(store: Store, key: string): Promise<StoreResult<string | null>> {
  const shoulders = await store.listShoulders();
  if (!shoulders.ok) return shoulders;
  return { ok: true, value: shoulderGroupOf(shoulders.value, key) };
}

/** null when the principal may create `key`; `forbidden`; or the store's error. */
export async function createRefusal(store: Store, p: Principal, key: string): Promise<'forbidden' | StoreError | null> {
  const group = await shoulderGroup(store, key);
  if (!group.ok) return group.error;
  return mayCreate(p, key, group.value) ? null : 'forbidden';
}

/**
 * The owner and group a write stores. Only an administrator names them (`_owner`, `_ownergroup`, the admin
 * API's `owner`, `ownerGroup`); for anyone else a new identifier is theirs (in the shoulder's group, or
 * their first) and an existing one keeps its owner and group. `ownership-change` when a non-administrator
 * names another owner or group than the one it would get.
 */
export function ownedInput(
  p: Principal,
  current: Binding | null,
  input: BindingInput,
  group: string | null,
): BindingInput | 'ownership-change' {
  const live = current && !current.tombstoned ? current : null;
  const owner = live ? live.owner : p.username;
  const ownerGroup = live ? live.ownerGroup : ownerGroupFor(p, group);
  if (p.role === 'admin') {
    return {
      ...input,
      owner: input.owner === undefined ? owner : input.owner,
      ownerGroup: input.ownerGroup === undefined ? ownerGroup : input.ownerGroup,
    };
  }
  if (input.owner !== undefined && input.owner !== owner) return 'ownership-change';
  if (input.ownerGroup !== undefined && input.ownerGroup !== ownerGroup) return 'ownership-change';
  return { ...input, owner, ownerGroup };
}

/** The admin API's answer to a refusal: 404 `not-found` for a hidden reserved identifier, else 403 `not-owner`. */
export function refusalProblem(refusal: Refusal, identifier: string): Problem & { status: 403 | 404 } {
  if (refusal === 'not-found') return problem(404, 'not-found', `${identifier} is not bound`, { identifier });
  return problem(
    403,
    'not-owner',
    `only ${identifier}'s owner, its co-owners, its group's members or an administrator may do this`,
    { identifier },
  );
}

/** 403 `ownership-change`: only an administrator changes an identifier's owner or group. */
export function ownershipChangeProblem(identifier: string): Problem & { status: 403 } {
  return problem(403, 'ownership-change', `only an administrator may change ${identifier}'s owner or group`, {
    identifier,
  });
}

/** The actor recorded in the history: the user (a token acts for its owner). */
export const actorOf = (p: Principal): string => p.username;
