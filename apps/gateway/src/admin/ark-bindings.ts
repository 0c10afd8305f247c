// The operations on an ARK's binding: read (with its history), create or replace, delete (tombstone).
import type { BindingInput, Principal, Store } from '@pidgate/store';
import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import { type Problem, problem, problemJson, publicBase } from '../http/index.ts';
import { keyIdentifier, pointsBack } from '../resolution/index.ts';
import { type Admin, type AuthEnv, type StoreStatus, storeFailure, storeProblem } from './auth.ts';
import { bindingJson } from './binding-json.ts';
import type { ArkSubject, PdiSubject } from './binding-subject.ts';
import { ercProblem } from './importer.ts';
import {
  actorOf,
  changeRefusal,
  createRefusal,
  ownedInput,
  ownershipChangeProblem,
  refusalProblem,
  shoulderGroup,
  viewRefusal,
} from './ownership.ts';
import type { Put } from './put-input.ts';

/** GET: the binding, with `?history=true` every change. */
export async function getArk<E extends AuthEnv>(c: Admin<E>, key: string, withHistory: boolean) {
  const { store, principal }: AuthEnv['Variables'] = c.var;
  const found = await store.getBinding(key);
  if (!found.ok) return storeProblem(c, found.error, { identifier: key });
  const refused = viewRefusal(principal, found.value);
  if (refused) return problemJson(c, refusalProblem(refused, key));
  const binding = bindingJson(found.value);
  const etag = { etag: `"v${found.value.version}"` };
  if (!withHistory) return c.json(binding, 200, etag);
  const history = await store.history(key);
  if (!history.ok) return storeProblem(c, history.error);
  const changes = history.value.map((h) => ({
    at: h.at,
    actor: h.actor,
    action: h.action,
    before: h.before && bindingJson(h.before),
    after: bindingJson(h.after),
  }));
  return c.json({ ...binding, history: changes }, 200, etag);
}

/** DELETE: the tombstone; a PDI is never deleted (405). */
export async function deleteArk<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, subject: ArkSubject | PdiSubject) {
  if (subject.kind === 'pdi') {
    return problemJson(
      c,
      problem(405, 'pdi-immutable', 'a PDI binding is never changed or deleted: a change is a new version'),
      { allow: 'GET, PUT' },
    );
  }
  const { store, principal }: AuthEnv['Variables'] = c.var;
  const current = await store.getBinding(subject.key);
  if (current.ok) {
    const refused = changeRefusal(principal, current.value);
    if (refused) return problemJson(c, refusalProblem(refused, subject.key));
  }
  const deleted = await store.deleteBinding(subject.key, actorOf(principal));
  if (!deleted.ok) return storeProblem(c, deleted.error, { identifier: subject.key });
  deps.rules?.invalidate();
  return c.json(bindingJson(deleted.value), 200);
}

/** PUT: create or replace (If-Match: "v<version>", If-None-Match: *); 201 when created. */
export async function putArk<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, put: Extract<Put, { kind: 'ark' }>) {
  const { store, principal }: AuthEnv['Variables'] = c.var;
  const { key } = put;
  const owned = await ownedPut(store, principal, key, put.input);
  if ('refused' in owned) return problemJson(c, owned.refused);
  const input = owned.input;
  const why = ercProblem(input.erc, input.support);
  if (why) return problemJson(c, problem(400, 'invalid-erc', why));
  if (pointsBack(input.target, deps.self, c.req.header('host'))) return targetLoop(c, input.target);
  const ifMatch = /^"v(\d+)"$/.exec(c.req.header('if-match') ?? '');
  // The owner (EZID's `_owner`) is the caller, unless an administrator names one (ownedPut).
  const stored = await store.putBinding(key, input, actorOf(principal), {
    ...(c.req.header('if-none-match') === '*' ? { ifAbsent: true } : {}),
    ...(ifMatch ? { ifVersion: Number(ifMatch[1]) } : {}),
  });
  if (!stored.ok) return storeProblem(c, stored.error, { identifier: key });
  deps.rules?.invalidate();
  const { action, binding } = stored.value;
  const headers = {
    etag: `"v${binding.version}"`,
    location: `${publicBase(c, deps.config)}${keyIdentifier(binding.key).identifier}`,
  };
  const body = { ...bindingJson(binding), action };
  return action === 'created' ? c.json(body, 201, headers) : c.json(body, 200, headers);
}

/**
 * A PUT's input with its owner and group, when the principal may make it: change the live binding, or
 * create the key (a tombstone is answered by the store); the refusal otherwise.
 */
async function ownedPut(
  store: Store,
  principal: Principal,
  key: string,
  input: BindingInput,
): Promise<{ input: BindingInput } | { refused: Problem & { status: StoreStatus | 403 } }> {
  const current = await store.getBinding(key);
  if (!current.ok && current.error.code !== 'not-found') return { refused: storeFailure(current.error) };
  const existing = current.ok && !current.value.tombstoned ? current.value : null;
  if (existing) {
    const refused = changeRefusal(principal, existing);
    if (refused) return { refused: refusalProblem(refused, key) };
  } else if (!current.ok) {
    const refused = await createRefusal(store, principal, key);
    if (refused === 'forbidden') return { refused: refusalProblem('forbidden', key) };
    if (refused) return { refused: storeFailure(refused) };
  }
  const group = existing ? { ok: true as const, value: null } : await shoulderGroup(store, key);
  if (!group.ok) return { refused: storeFailure(group.error) };
  const owned = ownedInput(principal, existing, input, group.value);
  if (owned === 'ownership-change') return { refused: ownershipChangeProblem(key) };
  return { input: owned };
}

/** 400 `target-loop`: a target on this gateway that names an identifier would redirect back here. */
function targetLoop(c: Context, target: string) {
  return problemJson(
    c,
    problem(400, 'target-loop', `${target} points back at this gateway: it would resolve in a loop`, { target }),
  );
}
