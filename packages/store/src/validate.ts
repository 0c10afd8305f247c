import { err, ok, type Result } from '@pidgate/core';
import { ISO_TIMESTAMP } from './grammar.ts';

/** The longest identifier key stored (ARK modern asks for at least 255 octets; URNs may be longer). */
export const MAX_KEY_LENGTH = 4096;
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

/** A stored string key: non-empty, at most `max` characters, no controls, spaces or lone surrogates. */
export function checkKey(key: unknown, what = 'key', code = 'invalid-key', max = MAX_KEY_LENGTH): Result<string> {
  if (typeof key !== 'string' || key.length === 0) return err(code, `the ${what} is empty`);
  if (key.length > max) return err(code, `the ${what} is longer than ${max} characters`);
  if (hasBadCodeUnit(key)) return err(code, `the ${what} holds a control character, a space or a lone surrogate`);
  return ok(key);
}

/** A prefix may be empty (everything). */
export function checkPrefix(prefix: unknown): Result<string> {
  if (prefix === undefined || prefix === '') return ok('');
  return checkKey(prefix, 'prefix');
}

export function checkActor(actor: unknown): Result<string> {
  return checkKey(actor, 'actor', 'invalid-actor', MAX_ACTOR_LENGTH);
}

export function checkInt(value: unknown, min: number, max: number, what: string, code: string): Result<number> {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    return err(code, `the ${what} must be an integer from ${min} to ${max}`);
  }
  return ok(value);
}

export function checkLimit(limit: unknown, fallback = DEFAULT_PAGE_SIZE, max = MAX_PAGE_SIZE): Result<number> {
  if (limit === undefined) return ok(fallback);
  return checkInt(limit, 1, max, 'limit', 'invalid-limit');
}

/** An optional ISO 8601 instant, returned normalized by `toISOString` (so text comparison orders it). */
export function checkInstant(value: unknown, what: string): Result<string | undefined> {
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
