import type { PidError, Result } from '@pidgate/core';

/**
 * Every error code the store returns. Expected failures come back as `Result`s with one of these;
 * the store never throws for anything a caller passes.
 */
export const STORE_ERROR_CODES = [
  'not-found', // no binding, PDI version, shoulder, NAAN or token under that key
  'tombstoned', // the identifier was deleted: it is never bound again
  'conflict', // the precondition failed (ifAbsent / ifVersion), or the thing already exists
  'invalid-key', // an identifier key is empty, too long or holds control characters or spaces
  'key-too-long', // an identifier key is longer than MAX_KEY_OCTETS UTF-8 octets (writes; reads answer not-found)
  'invalid-binding', // the binding input failed the `BindingInput` schema
  'ambiguous-target', // the target is read as another URL by the WHATWG parser than by others (target.ts)
  'invalid-actor', // the actor (token id or 'cli') is empty or too long
  'invalid-cursor', // a paging cursor was not made by this store for this listing
  'invalid-limit', // a page size, batch size or candidate list is out of range
  'invalid-count', // reserveMint: n is not a positive integer within range
  'invalid-format', // a PDI format token is malformed
  'invalid-version', // a PDI version is not a positive integer
  'invalid-date', // a date is not YYYY-MM-DD or a timestamp bound is not ISO 8601
  'invalid-series', // a serial-number series name is malformed
  'invalid-naan', // a NAAN is malformed
  'invalid-template', // a NOID template is malformed
  'invalid-seed', // a minter seed is malformed
  'invalid-fallback', // a shoulder's web-archive fallback is none of FALLBACK_MODES (fallbacks.ts)
  'unknown-naan', // a shoulder names a NAAN this institution does not serve
  'mint-exhausted', // a bounded NOID template has no n counter values left
  'invalid-token', // a presented bearer token is malformed or unknown
  'token-revoked', // a presented bearer token was revoked
  'token-expired', // a presented bearer token is past its expiry date
  'invalid-expiry', // a token expiry is not an ISO 8601 instant in the future
  'invalid-session', // a session id is malformed, unknown or expired
  'invalid-ttl', // a session lifetime is out of range
  'not-reserved', // deleteReserved: the identifier is not reserved
  'not-owner', // a write with `acting`: the principal may not change or create this identifier (ownership.ts)
  'ownership-change', // a write with `acting`: only an administrator names another owner or group
  'invalid-search', // searchBindings: a filter, the sort, the page or the visibility is malformed
  'invalid-token-name', // a token name is empty or too long
  'invalid-scope', // a token scope is empty, too long or holds spaces
  'invalid-url', // openStore: DATABASE_URL is not a postgres:// URL
  'invalid-schema', // openStore: the PostgreSQL schema name is not a plain identifier
  'schema-too-new', // the database was migrated by a newer pidgate
  'import-source-error', // importBindings: the caller's iterable threw
  'invalid-username', // a username is malformed (or, to look one up, empty or too long)
  'invalid-group', // a group name or description is malformed
  'invalid-password', // a new password is too short, too long or holds control characters
  'invalid-email', // an email address is malformed
  'invalid-display-name', // a display name is empty, too long or holds control characters
  'invalid-role', // a role is not admin, user or readonly
  'unknown-user', // no user of that name
  'unknown-group', // no group of that name
  'invalid-credentials', // verifyPassword: no such user, no password set, or the wrong password
  'user-disabled', // the user is disabled: no sign-in, no token of theirs works
  'too-many-attempts', // verifyPassword: too many wrong passwords lately; `retryAtOf(error)` says when to retry
  'storage-error', // the database failed (unreachable, locked past the busy timeout, disk full, ...)
  'store-closed', // the store was closed
] as const;

export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

/** A store error: one of the codes above. */
export type StoreError = PidError<StoreErrorCode>;

/** What every store operation returns. */
export type StoreResult<T> = Result<T, StoreError>;
