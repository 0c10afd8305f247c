import { createHmac, timingSafeEqual } from 'node:crypto';
import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { BASE64URL } from './grammar.ts';

/** How many octets of the HMAC-SHA256 a cursor carries (128 bits). */
const MAC_OCTETS = 16;
const MAX_CURSOR_LENGTH = 20_000;

function mac(secret: Uint8Array, kind: string, filter: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${kind}\n${filter}\n${payload}`, 'utf8').digest().subarray(0, MAC_OCTETS);
}

/**
 * Opaque keyset cursors: `payload.mac`, both base64url. The payload is the last row's sort key (a key the
 * caller was just shown); the MAC, keyed by a secret the store keeps (`store_secrets`), covers the listing's
 * kind and its whole filter (prefix, options, the token's scopes), so a cursor changed by hand, made by another
 * store, or passed to another listing or another token's listing is refused with `invalid-cursor`.
 */
export function encodeCursor(
  secret: Uint8Array,
  kind: string,
  filter: string,
  after: readonly (string | number)[],
): string {
  const payload = Buffer.from(JSON.stringify(after), 'utf8').toString('base64url');
  return `${payload}.${mac(secret, kind, filter, payload).toString('base64url')}`;
}

export function decodeCursor(
  secret: Uint8Array,
  cursor: string | undefined,
  kind: string,
  filter: string,
  shape: readonly ('string' | 'number')[],
): StoreResult<(string | number)[] | null> {
  if (cursor === undefined) return ok(null);
  const bad = (why: string) => err('invalid-cursor', `the cursor ${why}; start again without one`);
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH) return bad('is not a cursor of this listing');
  const dot = cursor.indexOf('.');
  const payload = dot === -1 ? '' : cursor.slice(0, dot);
  const signature = dot === -1 ? '' : cursor.slice(dot + 1);
  if (!payload || !BASE64URL.test(payload) || !BASE64URL.test(signature)) return bad('is not a cursor of this listing');
  const given = Buffer.from(signature, 'base64url');
  if (given.toString('base64url') !== signature) return bad('is not a cursor of this listing');
  const expected = mac(secret, kind, filter, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return bad('was not made by this store for this listing and these scopes');
  }
  let after: unknown;
  try {
    after = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return bad('is not a cursor of this listing');
  }
  if (!Array.isArray(after) || after.length !== shape.length) return bad('is not a cursor of this listing');
  for (let i = 0; i < shape.length; i++)
    if (typeof after[i] !== shape[i]) return bad('is not a cursor of this listing');
  return ok(after as (string | number)[]);
}
