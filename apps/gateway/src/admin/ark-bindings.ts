import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import { problem, problemJson, publicBase } from '../http/index.ts';
import { keyIdentifier, pointsBack } from '../resolution/index.ts';
import { type Admin, type AuthEnv, storeProblem } from './auth.ts';
import { bindingJson } from './binding-json.ts';
import type { ArkSubject, PdiSubject } from './binding-subject.ts';
import { ercProblem } from './importer.ts';
import { actorOf, refusalProblem, viewRefusal } from './ownership.ts';
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
  // The ownership rule is checked in the delete's own transaction (`acting`): not-owner 403, or 404 when hidden.
  const deleted = await store.deleteBinding(subject.key, actorOf(principal), { acting: { principal } });
  if (!deleted.ok) return storeProblem(c, deleted.error, { identifier: subject.key });
  deps.rules?.invalidate();
  return c.json(bindingJson(deleted.value), 200);
}

/** PUT: create or replace (If-Match: "v<version>", If-None-Match: *); 201 when created. */
export async function putArk<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, put: Extract<Put, { kind: 'ark' }>) {
  const { store, principal }: AuthEnv['Variables'] = c.var;
  const { key } = put;
  const input = put.input;
  const why = ercProblem(input.erc, input.support);
  if (why) return problemJson(c, problem(400, 'invalid-erc', why));
  if (pointsBack(input.target, deps.self, c.req.header('host'))) return targetLoop(c, input.target);
  const ifMatch = /^"v(\d+)"$/.exec(c.req.header('if-match') ?? '');
  // The owner (EZID's `_owner`) is the caller, unless an administrator names one; who may change or create it
  // is checked in the write's own transaction (`acting`: 403 not-owner or ownership-change, 404 when hidden).
  const stored = await store.putBinding(key, input, actorOf(principal), {
    acting: { principal },
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

/** 400 `target-loop`: a target on this gateway that names an identifier would redirect back here. */
function targetLoop(c: Context, target: string) {
  return problemJson(
    c,
    problem(400, 'target-loop', `${target} points back at this gateway: it would resolve in a loop`, { target }),
  );
}
