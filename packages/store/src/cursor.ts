import { err, ok, type Result } from '@pidgate/core';
import { BASE64URL } from './grammar.ts';

/**
 * Opaque keyset cursors: base64url JSON of the listing's kind, its filter (so a cursor is refused by
 * a different listing) and the last row's sort key.
 */
export function encodeCursor(kind: string, filter: string, after: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([kind, filter, after]), 'utf8').toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined,
  kind: string,
  filter: string,
  shape: readonly ('string' | 'number')[],
): Result<(string | number)[] | null> {
  if (cursor === undefined) return ok(null);
  const bad = err('invalid-cursor', 'the cursor was not made by this listing');
  if (typeof cursor !== 'string' || cursor.length > 20_000 || !BASE64URL.test(cursor)) return bad;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return bad;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== kind || parsed[1] !== filter) return bad;
  const after: unknown = parsed[2];
  if (!Array.isArray(after) || after.length !== shape.length) return bad;
  for (let i = 0; i < shape.length; i++) if (typeof after[i] !== shape[i]) return bad;
  return ok(after as (string | number)[]);
}
