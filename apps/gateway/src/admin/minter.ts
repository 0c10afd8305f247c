import { randomBytes } from 'node:crypto';
import { nth, parseTemplate } from '@pidgate/ark';
import { err, ok, type Profile, type Result } from '@pidgate/core';
import type { SchemesRegistry } from '@pidgate/schemes';
import type { Shoulder, Store } from '@pidgate/store';
import { storageKey } from '../resolution/index.ts';

export interface ShoulderRequest {
  /** The shoulder as an ARK prefix: `ark:/99999/x6`. */
  readonly shoulder: string;
  /** Its NOID template; the template's prefix is the shoulder's Name (`x6.reeddk`). */
  readonly template: string;
  /** The minter's seed (the order of an `r` template); random when not given. */
  readonly seed?: string;
  /** The organization's name, recorded when the NAAN is declared along with the shoulder. */
  readonly naanName?: string;
}

/** The shoulder's normalized key and NAAN, checked against the template. */
export function shoulderKey(
  registry: SchemesRegistry,
  profile: Profile,
  shoulder: string,
  template: string,
): Result<{ key: string; naan: string }> {
  const parsed = registry.parse(shoulder, profile);
  if (!parsed.ok) return parsed;
  if (parsed.value.scheme !== 'ark')
    return err('not-an-ark', 'a shoulder is an ARK prefix such as ark:/99999/x6', null);
  const { naan, name, qualifier } = parsed.value.components;
  if (qualifier !== '') return err('invalid-shoulder', 'a shoulder is ark:/NAAN/shoulder, with nothing after it', null);
  const t = parseTemplate(template);
  if (!t.ok) return t;
  const expected = registry.parse(`ark:/${naan}/${t.value.prefix}`, profile);
  if (t.value.prefix === '' || !expected.ok || expected.value.normalized !== parsed.value.normalized) {
    return err(
      'template-prefix',
      `the template's prefix must be the shoulder: ${parsed.value.normalized} takes a template such as ${name}.reeddk`,
      null,
    );
  }
  return ok({ key: storageKey(parsed.value, registry), naan: naan.toLowerCase() });
}

/** Declare a shoulder (and its NAAN, when this is the NAAN's first shoulder). */
export async function declareShoulder(
  store: Store,
  registry: SchemesRegistry,
  profile: Profile,
  request: ShoulderRequest,
): Promise<Result<Shoulder>> {
  const checked = shoulderKey(registry, profile, request.shoulder, request.template);
  if (!checked.ok) return checked;
  const { key, naan } = checked.value;
  const naans = await store.listNaans();
  if (!naans.ok) return naans;
  if (!naans.value.some((n) => n.naan === naan)) {
    const added = await store.addNaan(naan, request.naanName);
    if (!added.ok && added.error.code !== 'conflict') return added;
  }
  const seed = request.seed ?? randomBytes(8).toString('hex');
  return store.addShoulder({ key, naan, template: request.template, seed });
}

/**
 * Mint `count` identifiers on a shoulder: reserve that many counter values (atomically, in the database),
 * then spell each with the shoulder's NOID template, its check character computed over `NAAN/Name` (NCDA).
 */
export async function mint(
  store: Store,
  registry: SchemesRegistry,
  profile: Profile,
  shoulder: string,
  count: number,
): Promise<Result<string[]>> {
  const parsed = registry.parse(shoulder, profile);
  const key = parsed.ok ? storageKey(parsed.value, registry) : shoulder;
  const found = await store.getShoulder(key);
  if (!found.ok) return found;
  const s = found.value;
  const t = parseTemplate(s.template);
  if (!t.ok) return t;
  const reserved = await store.reserveMint(s.key, count);
  if (!reserved.ok) return reserved;
  const out: string[] = [];
  for (let i = 0; i < reserved.value.count; i++) {
    const name = nth(t.value, reserved.value.first + i, { seed: s.seed, naan: s.naan });
    if (!name.ok) return name;
    const id = registry.parse(`ark:/${s.naan}/${name.value}`, profile);
    if (!id.ok) return id;
    out.push(storageKey(id.value, registry));
  }
  return ok(out);
}
