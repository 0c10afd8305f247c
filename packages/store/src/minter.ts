import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { NAAN, SEED } from './grammar.ts';
import type { ShoulderInput } from './store.ts';
import { parseTemplate } from './template.ts';
import { checkKey } from './validate.ts';

/** The most counter values one reserveMint call takes. */
export const MAX_RESERVATION = 1_000_000;

export function checkNaan(naan: unknown): StoreResult<string> {
  if (typeof naan !== 'string' || !NAAN.test(naan.toLowerCase())) {
    return err('invalid-naan', 'a NAAN is digits or betanumerics (at most 16)');
  }
  return ok(naan.toLowerCase());
}

export function checkNaanName(name: unknown): StoreResult<string> {
  if (name === undefined) return ok('');
  if (typeof name !== 'string' || name.length > 500)
    return err('invalid-naan', 'a NAAN name is at most 500 characters');
  return ok(name);
}

/** A shoulder: its key, NAAN, template and seed checked; the template's capacity computed. */
export function checkShoulder(input: unknown): StoreResult<ShoulderInput & { capacity: number | null }> {
  if (input === null || typeof input !== 'object') return err('invalid-key', 'a shoulder is an object');
  const { key, naan, template, seed } = input as Record<string, unknown>;
  const k = checkKey(key, 'shoulder key');
  if (!k.ok) return k;
  const n = checkNaan(naan);
  if (!n.ok) return n;
  const t = parseTemplate(template as string);
  if (!t.ok) return t;
  if (typeof seed !== 'string' || !SEED.test(seed))
    return err('invalid-seed', 'a seed is 1 to 64 letters, digits, - or _');
  return ok({ key: k.value, naan: n.value, template: template as string, seed, capacity: t.value.capacity });
}
