import type { MaptrErrorCode } from '@pidgate/discovery';
import { RESOLUTION_ERROR_CODES } from '@pidgate/pwid';

/**
 * Why a resolution found nothing to redirect to (404 Not Found), each named after the rule that stopped it.
 * The PWID archive registry's own codes (`unknown-archive`, `no-replay`, …) come from @pidgate/pwid.
 */
export const NOT_FOUND_CODES = [
  'not-found', // a reserved binding: its owner knows it, the public does not (EZID's model)
  'not-bound', // an ARK under one of this institution's own NAANs, not bound here: never sent elsewhere
  'unknown-naan', // no Name Mapping Authority is known for the NAAN (NAAN table, Maptr, no fallback)
  'suffix-refused', // what follows a bound identifier or prefix rule cannot be appended to its target
  'target-loop', // the target would come back to this gateway as an identifier
  'no-resolver', // the resolver table has no entry for the scheme
  'no-delegation', // no URN delegation or resolver-table entry for the namespace
  'pdi-not-bound', // a PDI that is not bound here
  'target-broken', // the web-archive fallback: the link checker found the target broken (fallback.ts)
] as const;

/** The identifier was bound and is no more (410 Gone, with its record). */
export const GONE_CODES = [
  'tombstoned', // deleted: it will not be bound again
  'unavailable', // EZID's `unavailable` status, with its reason
] as const;

/** Resolution failed (502/503/504); Maptr's own codes (`maptr-timeout`, …) come from @pidgate/discovery. */
export const FAILED_CODES = [
  'storage-error', // the store failed: 503
  'bad-target', // a resolver, template or archive gave no http(s) URL: 502
  'maptr-error', // the Maptr lookup itself threw (a lookup passed in by an embedder): 502
] as const;

/** The PWID archive registry's codes, as `resolvePwid` (@pidgate/pwid) gives them. */
export type PwidResolutionCode = (typeof RESOLUTION_ERROR_CODES)[number];

export type NotFoundCode = (typeof NOT_FOUND_CODES)[number] | PwidResolutionCode;
export type GoneCode = (typeof GONE_CODES)[number];
/** How a Maptr lookup fails: the discovery package's codes, and the gateway's own `maptr-error`. */
export type MaptrFailureCode = MaptrErrorCode | 'maptr-error';
export type FailedCode = (typeof FAILED_CODES)[number] | MaptrFailureCode;
/** Every code an `Outcome` can carry. */
export type OutcomeCode = NotFoundCode | GoneCode | FailedCode;

const PWID_CODES: ReadonlySet<string> = new Set(RESOLUTION_ERROR_CODES);

/** Is `code` one of the PWID archive registry's codes? */
export function isPwidResolutionCode(code: string): code is PwidResolutionCode {
  return PWID_CODES.has(code);
}
