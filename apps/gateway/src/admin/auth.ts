import type { PidError } from '@pidgate/core';
import {
  ADMIN_SCOPE,
  isAdmin,
  type Principal,
  STORE_ERROR_CODES,
  type Store,
  type StoreErrorCode,
  scopeAllows,
  type VerifiedToken,
} from '@pidgate/store';
import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../deps.ts';
import { type Problem, problem, problemJson, problemResponse } from '../http/index.ts';

const REALM = 'pidgate';

/**
 * The HTTP status of each store failure: what the caller sent (4xx), or the database (503). Typed over every
 * `StoreErrorCode`: a code added to the store does not compile until it has a status here.
 */
const STATUS = {
  'not-found': 404,
  tombstoned: 410,
  conflict: 409,
  'invalid-key': 400,
  'key-too-long': 414,
  'invalid-binding': 400,
  'ambiguous-target': 400,
  'invalid-actor': 400,
  'invalid-cursor': 400,
  'invalid-limit': 400,
  'invalid-count': 400,
  'invalid-format': 400,
  'invalid-version': 400,
  'invalid-date': 400,
  'invalid-series': 400,
  'invalid-naan': 400,
  'invalid-template': 400,
  'invalid-seed': 400,
  'invalid-fallback': 400,
  'unknown-naan': 404,
  'mint-exhausted': 409,
  'invalid-token': 400,
  'token-revoked': 400,
  'token-expired': 400,
  'invalid-expiry': 400,
  'invalid-session': 400,
  'invalid-ttl': 400,
  'not-reserved': 400,
  'not-owner': 403,
  'ownership-change': 403,
  'invalid-search': 400,
  'invalid-token-name': 400,
  'invalid-scope': 400,
  'invalid-url': 400,
  'invalid-schema': 400,
  'schema-too-new': 400,
  'import-source-error': 400,
  'invalid-username': 400,
  'invalid-group': 400,
  'invalid-password': 400,
  'invalid-email': 400,
  'invalid-display-name': 400,
  'invalid-role': 400,
  'unknown-user': 404,
  'unknown-group': 404,
  // Sign-in failures never come from a binding route: the sign-in paths answer them as 401, 403 and 429 themselves.
  'invalid-credentials': 400,
  'user-disabled': 400,
  'too-many-attempts': 400,
  'storage-error': 503,
  'store-closed': 503,
} as const satisfies Readonly<Record<StoreErrorCode, ContentfulStatusCode>>;

/** Every status `storeProblem` answers. */
export type StoreStatus = (typeof STATUS)[StoreErrorCode];

const STORE_CODES: ReadonlySet<string> = new Set(STORE_ERROR_CODES);

function isStoreErrorCode(code: string): code is StoreErrorCode {
  return STORE_CODES.has(code);
}

/** The status of a store error; 400 for a code the store does not list (what the caller sent was invalid). */
export function storeStatus(code: string): StoreStatus {
  return isStoreErrorCode(code) ? STATUS[code] : 400;
}

/** A store error as a problem document (the store's code is the problem's code). */
export function storeFailure(error: PidError, extra: Record<string, unknown> = {}): Problem & { status: StoreStatus } {
  return problem(storeStatus(error.code), error.code, error.message, extra);
}

/** A store error as the route's typed problem answer. */
export function storeProblem(c: Context, error: PidError, extra: Record<string, unknown> = {}) {
  return problemJson(c, storeFailure(error, extra));
}

/** 404 `store-disabled`: the admin API of a gateway without a store. */
export function noStore(c: Context) {
  return problemJson(
    c,
    problem(404, 'store-disabled', 'this gateway runs without a store: no bindings, no admin API (store.enabled)'),
  );
}

/** What `requireToken` puts on the context: the store, and the caller's verified token. */
export interface AuthEnv {
  /** `principal`: the token's owner, narrowed by the token's scopes (what `ownership.ts` checks). */
  Variables: { store: Store; token: VerifiedToken; principal: Principal };
}

/** The context of an admin route after `requireToken`, whatever else its middleware put there. */
export type Admin<E extends AuthEnv = AuthEnv> = Context<E>;
export type Token = AuthEnv['Variables']['token'];

/** 401 `unauthorized`, with the challenge (RFC 6750 §3): no bearer token, or an Authorization that is not one. */
function unauthorized(): Response {
  return problemResponse(
    problem(
      401,
      'unauthorized',
      'this needs a bearer token (Authorization: Bearer …); create one with pidgate token create',
    ),
    { 'www-authenticate': `Bearer realm="${REALM}"` },
  );
}

/** Why a presented token is refused: 401 `invalid_token` when it is unknown, revoked or expired, else the store's problem. */
function refused(error: PidError): HTTPException {
  const code = error.code;
  if (code === 'invalid-token' || code === 'token-revoked' || code === 'token-expired') {
    const res = problemResponse(problem(401, code, error.message), {
      'www-authenticate': `Bearer realm="${REALM}", error="invalid_token"`,
    });
    return new HTTPException(401, { res });
  }
  const failure = storeFailure(error);
  return new HTTPException(failure.status, { res: problemResponse(failure) });
}

/** A token whose owner is disabled: 403 `user-disabled`; a store failure as itself. */
function ownerRefused(error: PidError): HTTPException {
  const failure =
    error.code === 'user-disabled' || error.code === 'unknown-user'
      ? problem(403, 'user-disabled', `the token's owner may not act: ${error.message}`)
      : storeFailure(error);
  return new HTTPException(failure.status, { res: problemResponse(failure) });
}

/**
 * The admin API's gate, as route middleware: 404 `store-disabled` without a store; else `Authorization:
 * Bearer …` (hono's bearer-auth) checked against the stored hashes (the store compares in constant time).
 * The handler finds the store and the verified token on the context (`c.var.store`, `c.var.token`).
 */
export function requireToken(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  const { store } = deps;
  const bearer = store
    ? bearerAuth<AuthEnv>({
        realm: REALM,
        noAuthenticationHeader: { message: unauthorized },
        invalidAuthenticationHeader: { message: unauthorized },
        verifyToken: async (secret, c) => {
          const verified = await store.verifyToken(secret);
          if (!verified.ok) throw refused(verified.error);
          const principal = await store.principalOfToken(verified.value);
          if (!principal.ok) throw ownerRefused(principal.error);
          c.set('token', verified.value);
          c.set('principal', principal.value);
          return true;
        },
      })
    : null;
  return createMiddleware<AuthEnv>(async (c, next) => {
    if (!store || !bearer) return noStore(c);
    c.set('store', store);
    return bearer(c, next);
  });
}

/** 403 `not-admin` unless the token is an administrator's (scope `pidgate:admin`); after `requireToken`. */
export const requireAdmin: MiddlewareHandler<AuthEnv> = createMiddleware<AuthEnv>(async (c, next) => {
  if (!isAdmin(c.var.token) || c.var.principal.role !== 'admin') {
    return problemJson(
      c,
      problem(
        403,
        'not-admin',
        `managing tokens needs an administrator's token (scope ${ADMIN_SCOPE}, owned by an administrator)`,
      ),
    );
  }
  await next();
});

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

/** The 403 `out-of-scope` problem unless `tokenCovers(token, identifier)`; null when it does. */
export function forbidden(token: VerifiedToken, identifier: string): (Problem & { status: 403 }) | null {
  if (tokenCovers(token, identifier)) return null;
  return problem(403, 'out-of-scope', `the token's scopes (${token.scopes.join(', ')}) do not cover ${identifier}`, {
    identifier,
  });
}
