import { err, ok } from '@pidgate/core';
import type { StoreErrorCode, StoreResult } from './codes.ts';
import { ISO_TIMESTAMP } from './grammar.ts';

/** The longest identifier key stored (ARK modern asks for at least 255 octets; URNs may be longer). */
export const MAX_KEY_LENGTH = 4096;
/**
 * The most UTF-8 octets a stored key has: PostgreSQL's B-tree index entries hold at most 2704 octets, so
 * a longer key could not be written there; both backends refuse it the same way (`key-too-long`).
 */
export const MAX_KEY_OCTETS = 2048;
export const MAX_ACTOR_LENGTH = 200;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
/** The most candidates `longestBound` takes (an identifier has far fewer `/` and `.` boundaries). */
export const MAX_CANDIDATES = 512;

/** True when the string has a control character, a space, or a lone UTF-16 surrogate. */
function hasBadCodeUnit(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * A stored string key: non-empty, no controls, spaces or lone surrogates, at most `max` characters; an
 * identifier key (the default code) is also at most `MAX_KEY_OCTETS` UTF-8 octets, else `key-too-long`.
 */
export function checkKey(
  key: unknown,
  what = 'key',
  code: StoreErrorCode = 'invalid-key',
  max = MAX_KEY_LENGTH,
): StoreResult<string> {
  if (typeof key !== 'string' || key.length === 0) return err(code, `the ${what} is empty`);
  if (code === 'invalid-key' && (key.length > MAX_KEY_OCTETS * 3 || Buffer.byteLength(key, 'utf8') > MAX_KEY_OCTETS)) {
    return err('key-too-long', `the ${what} is longer than ${MAX_KEY_OCTETS} octets (UTF-8): no such key is stored`);
  }
  if (key.length > max) return err(code, `the ${what} is longer than ${max} characters`);
  if (hasBadCodeUnit(key)) return err(code, `the ${what} holds a control character, a space or a lone surrogate`);
  return ok(key);
}

/**
 * Where a value holds what a database cannot store as given: U+0000 (PostgreSQL text and jsonb refuse
 * it) or a lone surrogate (not UTF-8). Walks strings, arrays and plain objects (keys too); null when fine.
 */
export function findUnstorable(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') {
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c === 0) return `${path || 'value'}: holds U+0000 (NUL)`;
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = value.charCodeAt(i + 1);
        if (!(d >= 0xdc00 && d <= 0xdfff)) return `${path || 'value'}: holds a lone surrogate`;
        i++;
      } else if (c >= 0xdc00 && c <= 0xdfff) return `${path || 'value'}: holds a lone surrogate`;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const where = path ? `${path}.${k}` : k;
    const found = findUnstorable(k, where, depth + 1) ?? findUnstorable(v, where, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A prefix may be empty (everything). */
export function checkPrefix(prefix: unknown): StoreResult<string> {
  if (prefix === undefined || prefix === '') return ok('');
  return checkKey(prefix, 'prefix');
}

export function checkActor(actor: unknown): StoreResult<string> {
  return checkKey(actor, 'actor', 'invalid-actor', MAX_ACTOR_LENGTH);
}

export function checkInt(
  value: unknown,
  min: number,
  max: number,
  what: string,
  code: StoreErrorCode,
): StoreResult<number> {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    return err(code, `the ${what} must be an integer from ${min} to ${max}`);
  }
  return ok(value);
}

export function checkLimit(limit: unknown, fallback = DEFAULT_PAGE_SIZE, max = MAX_PAGE_SIZE): StoreResult<number> {
  if (limit === undefined) return ok(fallback);
  return checkInt(limit, 1, max, 'limit', 'invalid-limit');
}

/** An optional ISO 8601 instant, returned normalized by `toISOString` (so text comparison orders it). */
export function checkInstant(value: unknown, what: string): StoreResult<string | undefined> {
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'string' || !ISO_TIMESTAMP.test(value)) return err('invalid-date', `${what} is not ISO 8601`);
  const t = Date.parse(value);
  if (Number.isNaN(t)) return err('invalid-date', `${what} is not a real instant`);
  return ok(new Date(t).toISOString());
}

/** The first string greater than every string that starts with `prefix` (in code point order), or null. */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return points.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/** JSON with object keys sorted, so two equal records give equal strings whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

/** The message of an unknown thrown value. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
