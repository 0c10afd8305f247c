import type { PidError } from '@pidgate/core';
import { type Store, scopeAllows, type VerifiedToken } from '@pidgate/store';
import type { Context } from 'hono';
import { problem, problemResponse } from './problem.ts';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="pidgate"' };

/** The HTTP status of a store failure: what the caller sent (4xx), or the database (503). */
const STATUS: Readonly<Record<string, number>> = {
  'not-found': 404,
  tombstoned: 410,
  'key-too-long': 414,
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
  const code = verified.error.code;
  if (code === 'invalid-token' || code === 'token-revoked' || code === 'token-expired') {
    return problemResponse(problem(401, verified.error.code, verified.error.message), {
      'www-authenticate': 'Bearer realm="pidgate", error="invalid_token"',
    });
  }
  return storeProblem(verified.error);
}

/**
 * The one scope check of every admin, import and EZID path: does one of the token's scopes cover the
 * identifier? `identifier` is a normalized key (`ark:/99999/x6np1wh8k`, `urn:pdi://ap.org.us/1997/11/27/12`),
 * a PDI series (`urn:pdi://ap.org.us`) or an ARK shoulder (`ark:/99999/x6`). Scopes are parsed identifier
 * prefixes compared component by component (`@pidgate/store`'s `scope.ts`): a PDI scope is a whole series,
 * an ARK scope a NAAN or a NAAN plus a shoulder string. False for anything that does not parse.
 */
export function tokenCovers(token: { readonly scopes: readonly string[] }, identifier: string): boolean {
  return scopeAllows(token.scopes, identifier);
}

/** 403 `out-of-scope` unless `tokenCovers(token, identifier)`. */
export function forbidden(token: VerifiedToken, identifier: string): Response | null {
  if (tokenCovers(token, identifier)) return null;
  return problemResponse(
    problem(403, 'out-of-scope', `the token's scopes (${token.scopes.join(', ')}) do not cover ${identifier}`, {
      identifier,
    }),
  );
}
