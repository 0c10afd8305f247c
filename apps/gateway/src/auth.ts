import type { PidError } from '@pidgate/core';
import { type Store, scopeAllows, type VerifiedToken } from '@pidgate/store';
import type { Context } from 'hono';
import { problem, problemResponse } from './problem.ts';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="pidgate"' };

/** The HTTP status of a store failure: what the caller sent (4xx), or the database (503). */
const STATUS: Readonly<Record<string, number>> = {
  'not-found': 404,
  tombstoned: 410,
  conflict: 409,
  'mint-exhausted': 409,
  'unknown-naan': 404,
  'storage-error': 503,
  'store-closed': 503,
};

/** A store error as a problem response (the store's code is the problem's code). */
export function storeProblem(error: PidError, extra: Record<string, unknown> = {}): Response {
  const status = STATUS[error.code] ?? 400;
  return problemResponse(problem(status, error.code, error.message, extra));
}

export function noStore(): Response {
  return problemResponse(
    problem(404, 'store-disabled', 'this gateway runs without a store: no bindings, no admin API (store.enabled)'),
  );
}

/**
 * The caller's token, from `Authorization: Bearer …`, checked against the stored hashes (the store compares
 * in constant time). A Response (401, or 503 when the store fails) when there is no valid token.
 */
export async function authenticate(c: Context, store: Store): Promise<VerifiedToken | Response> {
  const header = c.req.header('authorization') ?? '';
  const m = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header);
  if (!m) {
    return problemResponse(
      problem(
        401,
        'unauthorized',
        'this needs a bearer token (Authorization: Bearer …); create one with pidgate token create',
      ),
      CHALLENGE,
    );
  }
  const verified = await store.verifyToken(m[1] as string);
  if (verified.ok) return verified.value;
  if (verified.error.code === 'invalid-token' || verified.error.code === 'token-revoked') {
    return problemResponse(problem(401, verified.error.code, verified.error.message), {
      'www-authenticate': 'Bearer realm="pidgate", error="invalid_token"',
    });
  }
  return storeProblem(verified.error);
}

/** 403 unless one of the token's scopes covers the identifier (or prefix). */
export function forbidden(token: VerifiedToken, identifier: string): Response | null {
  if (scopeAllows(token.scopes, identifier)) return null;
  return problemResponse(
    problem(403, 'out-of-scope', `the token's scopes (${token.scopes.join(', ')}) do not cover ${identifier}`, {
      identifier,
    }),
  );
}
