// The operations on a PDI: read a version, bind the next version, mint a document series' next serial number.
import type { AppDeps } from '../deps.ts';
import { problem, problemJson, publicBase } from '../http/index.ts';
import { type Admin, type AuthEnv, storeProblem } from './auth.ts';
import { pdiJson } from './binding-json.ts';
import type { PdiSubject } from './binding-subject.ts';
import { ercProblem } from './importer.ts';
import { actorOf } from './ownership.ts';
import type { PdiInput, Put } from './put-input.ts';

function today(): { date: string; path: string } {
  const d = new Date().toISOString().slice(0, 10);
  return { date: d, path: d.replace(/-/g, '/') };
}

/** GET of a PDI: its version (the latest, or the one the PDI names). */
export async function getPdi<E extends AuthEnv>(c: Admin<E>, subject: PdiSubject) {
  const { selector, normalized } = subject;
  if (selector === null) {
    return problemJson(
      c,
      problem(404, 'not-found', `${normalized} has no such PDI binding`, { identifier: normalized }),
    );
  }
  const found = await c.var.store.getPdi(subject.key, selector.format, selector.version);
  if (!found.ok) return storeProblem(c, found.error, { identifier: normalized });
  return c.json(pdiJson(found.value), 200);
}

/** PUT of a PDI: its next version, in the format the PDI or the body names. */
export function putPdi<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, put: Extract<Put, { kind: 'pdi' }>) {
  const { input } = put;
  const canonical = put.selector?.format;
  const format = canonical ?? input.format;
  if (!format) return problemJson(c, problem(400, 'format-required', 'give the format in the PDI or as "format"'));
  if (canonical && input.format && input.format.toLowerCase() !== canonical) {
    return problemJson(c, problem(400, 'format-mismatch', 'the body names another format than the PDI'));
  }
  return putVersion(c, deps, put.key, format, input);
}

async function putVersion<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, key: string, format: string, input: PdiInput) {
  if (input.erc) {
    const why = ercProblem(input.erc, null);
    if (why) return problemJson(c, problem(400, 'invalid-erc', why));
  }
  const { principal } = c.var;
  // The resource's owner is checked, and the version stored with it, in the write's own transaction.
  const made = await c.var.store.putPdiVersion(key, format, input.target, actorOf(principal), {
    ...(input.erc ? { erc: input.erc } : {}),
    ...(input.owner !== undefined ? { owner: input.owner } : {}),
    ...(input.ownerGroup !== undefined ? { ownerGroup: input.ownerGroup } : {}),
    acting: { principal },
  });
  if (!made.ok) return storeProblem(c, made.error, { identifier: key });
  const body = pdiJson(made.value);
  return c.json(body, 201, { location: `${publicBase(c, deps.config)}${body.identifier}` });
}

/** PUT of a document series alone: the day's next serial number under it, bound as its first version. */
export async function mintSerial<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, put: Extract<Put, { kind: 'series' }>) {
  const { series, input } = put;
  if (!input.format) return problemJson(c, problem(400, 'format-required', 'give the format as "format"'));
  const day = today();
  const serial = await c.var.store.nextSerial(series, day.date);
  if (!serial.ok) return storeProblem(c, serial.error);
  return putVersion(c, deps, `urn:pdi://${series}/${day.path}/${serial.value}`, input.format, input);
}
