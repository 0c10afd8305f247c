import type { Group, Principal, User, UserInput, UserPatch, UserSession, VerifiedUserSession } from './accounts.ts';
import type { Acting } from './acting.ts';
import type { ChangeFeed } from './changes.ts';
import type { StoreError, StoreResult } from './codes.ts';
import type { Commitment } from './commitments.ts';
import type { DownloadJobs } from './downloads.ts';
import type { ShoulderFallbacks } from './fallbacks.ts';
import type { LinkChecks } from './links.ts';
import type { ResolutionCountBatch, ResolutionCountQuery, ResolutionCountRow } from './resolution-counts.ts';
import type { BindingInput, ErcRecord, IdentifierStatus, OtherMetadata, RedirectStatus } from './schema.ts';
import type { SearchQueryInput, SearchResult } from './search.ts';
import type { BindingStats, FindOptions, PurgeOutcome, StatsOptions, StatsScope } from './stats.ts';
import type { Webhooks } from './webhooks.ts';

/** Who made a change: a token id, or `'cli'`. */
export type Actor = string;

/** One identifier's binding, live or tombstoned. */
export interface Binding {
  /** The normalized identifier. */
  readonly key: string;
  readonly target: string;
  readonly status: RedirectStatus;
  /** The ERC record: what `?` shows. */
  readonly erc: ErcRecord;
  /** The commitment: what `??` adds (null when none was given). */
  readonly support: ErcRecord | null;
  /** `public` resolves, `reserved` is known to its owner only, `unavailable` answers 410 Gone. */
  readonly identifierStatus: IdentifierStatus;
  /** Why an unavailable identifier is unavailable (EZID's `unavailable | reason`), or null. */
  readonly statusReason: string | null;
  /** Who owns the identifier (the name of the token that created it, or as imported); null when unknown. */
  readonly owner: string | null;
  /** The owner group (EZID's `_ownergroup`): its members may act on the identifier; null when none. */
  readonly ownerGroup: string | null;
  /** Dublin Core, DataCite and other metadata elements, as given. */
  readonly metadata: OtherMetadata;
  /** ISO 8601 timestamps. */
  readonly createdAt: string;
  readonly updatedAt: string;
  /** 1 when created, +1 at every change (usable as an ETag). */
  readonly version: number;
  /** True once deleted: the gateway answers 410 Gone, and the key is never bound again. */
  readonly tombstoned: boolean;
  readonly deletedAt: string | null;
}

export type ChangeAction = 'create' | 'update' | 'delete';

/** One change to a binding, as recorded. */
export interface HistoryEntry {
  readonly id: number;
  readonly key: string;
  readonly at: string;
  readonly actor: Actor;
  readonly action: ChangeAction;
  readonly before: Binding | null;
  readonly after: Binding;
}

export interface PutOptions {
  /** Fail with `conflict` when the key is already bound. */
  readonly ifAbsent?: boolean;
  /** Fail with `conflict` unless the binding's current version is this one. */
  readonly ifVersion?: number;
  /** Who acts: the ownership rule is checked in the write's own transaction (acting.ts); refused: `not-owner`, `ownership-change`, or `not-found` for a reserved identifier the principal may not see. */
  readonly acting?: Acting;
}

export interface DeleteOptions {
  /** Who acts: only the related may delete, checked in the delete's own transaction (acting.ts). */
  readonly acting?: Acting;
}

export type PutAction = 'created' | 'updated' | 'unchanged';
export interface PutOutcome {
  readonly action: PutAction;
  readonly binding: Binding;
}

export interface ListOptions {
  /** Only keys that start with this string (plain string prefix). */
  readonly prefix?: string;
  /** The `next` of the previous page. */
  readonly cursor?: string;
  /** Page size, 1..1000 (default 100). */
  readonly limit?: number;
  /** Include tombstones (default false). */
  readonly includeTombstoned?: boolean;
  /**
   * Only keys these token scopes cover (`scopeAllows`): only their key ranges are read, and the cursor is
   * bound to them, so a page or a cursor never holds a key outside them.
   */
  readonly scopes?: readonly string[];
}

export interface Page<T> {
  readonly items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly next: string | null;
}

/** One binding to import: its key plus a `BindingInput`. */
export type ImportItem = BindingInput & { readonly key: string };

export interface ImportOptions {
  /** Items per transaction (1..100000, default 1000). */
  readonly batchSize?: number;
  /** Recorded in the history of every change (default `'import'`). */
  readonly actor?: Actor;
  /** What to do with a key that is already bound (default `replace`). */
  readonly onExisting?: 'replace' | 'skip' | 'fail';
  /** Called for every item once its batch has committed (or failed), in input order. */
  readonly onResult?: (result: ImportItemResult) => void;
  /** Who imports: every item is checked by the ownership rule in its batch's transaction (acting.ts). */
  readonly acting?: Acting;
}

export type ImportItemResult =
  | { readonly index: number; readonly key: string; readonly ok: true; readonly action: PutAction | 'skipped' }
  | { readonly index: number; readonly key: string; readonly ok: false; readonly error: StoreError };

export interface ImportSummary {
  readonly total: number;
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly failed: number;
  /** The first 1000 failures (all of them are passed to `onResult`). */
  readonly failures: ImportItemResult[];
}

/** One immutable PDI binding: a resource in one format at one version. */
export interface PdiVersion {
  /** The PDI resource identifier without format and version, e.g. `urn:pdi://ap.org.us/1997/11/27/12`. */
  readonly resourceKey: string;
  readonly format: string;
  readonly version: number;
  readonly target: string;
  readonly erc: ErcRecord;
  readonly createdAt: string;
  readonly actor: Actor;
  /** The resource's owner when this version was bound (every version of a resource is the latest's). */
  readonly owner: string | null;
  /** The resource's owner group. */
  readonly ownerGroup: string | null;
}

export interface PdiPutOptions {
  readonly erc?: ErcRecord;
  /** Who acts: the ownership rule against the resource's latest version, in the write's transaction. */
  readonly acting?: Acting;
  /** The owner to store (with `acting`, an administrator only); left out: the resource's, or who acts. */
  readonly owner?: string | null;
  /** The owner group to store (as `owner`). */
  readonly ownerGroup?: string | null;
}

export interface PdiListOptions {
  /** Resource keys that start with this string. */
  readonly prefix?: string;
  /** Resource keys >= from (a series' date range is a key range: `urn:pdi://s/1997/11/01/`). */
  readonly from?: string;
  /** Resource keys < to. */
  readonly to?: string;
  /** Made at or after this ISO 8601 instant. */
  readonly createdFrom?: string;
  /** Made before this ISO 8601 instant. */
  readonly createdTo?: string;
  readonly cursor?: string;
  readonly limit?: number;
}

export interface Naan {
  readonly naan: string;
  readonly name: string;
  readonly createdAt: string;
}

export interface ShoulderInput {
  /** The normalized identifier prefix the shoulder mints under, e.g. `ark:/99999/x6`. */
  readonly key: string;
  readonly naan: string;
  /** NOID template, e.g. `x6.reeddk`. */
  readonly template: string;
  readonly seed: string;
}

export interface Shoulder extends ShoulderInput {
  /** Counter values handed out so far (the next reservation starts here). */
  readonly minted: number;
  /** The group whose members may mint under this shoulder (`setShoulderGroup`); null when any user may. */
  readonly group: string | null;
  /** How many identifiers the template can make; null when unbounded (`z` mode). */
  readonly capacity: number | null;
  readonly createdAt: string;
}

export interface Reservation {
  /** The first reserved counter value (0-based); the reservation is first..first+count-1. */
  readonly first: number;
  readonly count: number;
}

export interface TokenInfo {
  readonly id: string;
  readonly name: string;
  readonly scopes: string[];
  readonly createdAt: string;
  readonly revokedAt: string | null;
  /** When the token stops working (ISO 8601); null when it never expires. */
  readonly expiresAt: string | null;
  /** The user the token acts for (its owner's rights, narrowed by the scopes). */
  readonly owner: string;
}

export interface TokenOptions {
  /** When the token stops working (an ISO 8601 instant in the future); never when left out. */
  readonly expiresAt?: string | null;
  /**
   * The user the token acts for (must exist). Left out: the user named after the token, made when missing
   * (an administrator when the scopes hold `pidgate:admin`, else a `user`), the rule migration 5 applied.
   */
  readonly owner?: string;
}

/** A login session (EZID's `sessionid` cookie) for a token. */
export interface Session {
  /** The secret session id: shown once, stored only as its SHA-256. */
  readonly id: string;
  readonly tokenId: string;
  readonly expiresAt: string;
}

export interface CreatedToken extends TokenInfo {
  /** The secret: shown once, stored only as its SHA-256. */
  readonly token: string;
}

export interface VerifiedToken {
  readonly id: string;
  readonly name: string;
  readonly scopes: string[];
  /** The user the token acts for. */
  readonly owner: string;
}

export interface MigrationReport {
  /** Versions applied by this call. */
  readonly applied: number[];
  /** The schema version now. */
  readonly version: number;
}

/** The storage layer: one interface, SQLite or PostgreSQL behind it. Nothing here throws. */
export interface Store {
  readonly backend: 'sqlite' | 'postgres';
  /** Batch download jobs (downloads.ts). */
  readonly downloads: DownloadJobs;
  /** Link checking: per-target state, history, leases (links.ts). */
  readonly links: LinkChecks;
  /** Link webhooks: subscriptions, waiting events, durable deliveries (webhooks.ts). */
  readonly webhooks: Webhooks;
  /** The shoulders' web-archive fallback settings (fallbacks.ts). */
  readonly fallbacks: ShoulderFallbacks;
  /**
   * Usage statistics (resolution-counts.ts): add a batch of per-day counts of identifiers and shoulders in
   * one transaction, adding to what is stored (several gateways on one database add up).
   */
  addResolutionCounts(batch: ResolutionCountBatch): Promise<StoreResult<void>>;
  /** Resolutions per identifier or shoulder and per day or month (reports, the console's charts). */
  resolutionCounts(query: ResolutionCountQuery): Promise<StoreResult<ResolutionCountRow[]>>;
  /** Remove the counts of days before `before` (`YYYY-MM-DD`): the retention. How many rows went. */
  pruneResolutionCounts(before: string): Promise<StoreResult<number>>;

  /** Apply pending schema migrations (also run by `openStore`). */
  migrate(): Promise<StoreResult<MigrationReport>>;
  close(): Promise<void>;
  /**
   * The feed of changes to bindings, NAANs and commitments made by any instance (changes.ts: NOTIFY on
   * PostgreSQL, the connection's own triggers on SQLite), for the resolution cache (cache.ts); started on the
   * first call, closed with the store. Null when closed or when the feed cannot start.
   */
  changes?(): ChangeFeed | null;

  /** The binding (a tombstone too: check `tombstoned`), or `not-found`. */
  getBinding(key: string): Promise<StoreResult<Binding>>;
  /** Create or replace a binding; `tombstoned` if the key was deleted. */
  putBinding(key: string, input: BindingInput, actor: Actor, options?: PutOptions): Promise<StoreResult<PutOutcome>>;
  /** Tombstone the key; `not-found` or `tombstoned` if there is nothing live to delete. */
  deleteBinding(key: string, actor: Actor, options?: DeleteOptions): Promise<StoreResult<Binding>>;
  /** Every change to the key, oldest first (empty when never bound). */
  history(key: string): Promise<StoreResult<HistoryEntry[]>>;
  /** The binding (or tombstone) of the longest candidate that is bound, in one query; `not-found` if none. */
  longestBound(candidates: readonly string[]): Promise<StoreResult<Binding>>;
  listBindings(options?: ListOptions): Promise<StoreResult<Page<Binding>>>;
  /**
   * Every binding and tombstone in key order (only keys that start with `prefix`, a plain string prefix,
   * when given), streamed page by page in constant memory.
   */
  exportBindings(options?: {
    readonly pageSize?: number;
    readonly prefix?: string;
    /** Only what these token scopes cover (see `ListOptions.scopes`). */
    readonly scopes?: readonly string[];
  }): AsyncIterable<StoreResult<Binding>>;
  /** The console dashboard's counts (by status, by prefix, per month of creation) of the bindings in `scope`. */
  bindingStats(scope: StatsScope, options: StatsOptions): Promise<StoreResult<BindingStats>>;
  /** The latest changes to bindings in `scope`, newest first (1..200). */
  recentChanges(scope: StatsScope, limit: number): Promise<StoreResult<HistoryEntry[]>>;
  /** Live bindings in `scope` by status, most recently updated first. */
  findBindings(scope: StatsScope, options: FindOptions): Promise<StoreResult<Binding[]>>;
  /**
   * Remove the bindings and tombstones under these plain string prefixes created before `before` (the demo
   * identifiers' purge): the rows go (the keys no longer resolve), the history keeps a `delete` entry for
   * each. At most `limit` (default 1000) per call; `more` says whether to call again.
   */
  purgeCreatedBefore(
    prefixes: readonly string[],
    before: string,
    actor: Actor,
    options?: { readonly limit?: number },
  ): Promise<StoreResult<PurgeOutcome>>;
  importBindings(
    items: Iterable<ImportItem> | AsyncIterable<ImportItem>,
    options?: ImportOptions,
  ): Promise<StoreResult<ImportSummary>>;
  /**
   * The Manage search over live bindings the viewer may see (`query.visibility`): filters, full text by the
   * database's own index, a sort, an offset page and a total counted up to `SEARCH_COUNT_CAP` (search.ts).
   */
  searchBindings(query: SearchQueryInput): Promise<StoreResult<SearchResult>>;

  /** Bind the next version of a resource in a format (1, 2, ...), atomically. */
  putPdiVersion(
    resourceKey: string,
    format: string,
    target: string,
    actor: Actor,
    options?: PdiPutOptions,
  ): Promise<StoreResult<PdiVersion>>;
  /** A version; the highest when `version` is omitted; the latest made in any format when `format` is omitted. */
  getPdi(resourceKey: string, format?: string, version?: number): Promise<StoreResult<PdiVersion>>;
  listPdi(options?: PdiListOptions): Promise<StoreResult<Page<PdiVersion>>>;
  /** The next daily serial number (1, 2, ...) of a series on a date (YYYY-MM-DD), atomically. */
  nextSerial(series: string, date: string): Promise<StoreResult<number>>;

  addNaan(naan: string, name?: string): Promise<StoreResult<Naan>>;
  listNaans(): Promise<StoreResult<Naan[]>>;
  /** Set the `??` commitment statement of a NAAN (`ark:/99999`) or shoulder (null: remove it); see commitments.ts. */
  setCommitment(prefix: string, statement: ErcRecord | null, actor: Actor): Promise<StoreResult<Commitment | null>>;
  listCommitments(): Promise<StoreResult<Commitment[]>>;
  addShoulder(input: ShoulderInput): Promise<StoreResult<Shoulder>>;
  getShoulder(key: string): Promise<StoreResult<Shoulder>>;
  listShoulders(naan?: string): Promise<StoreResult<Shoulder[]>>;
  /** Reserve the next n counter values of a shoulder's minter, atomically; never the same value twice. */
  reserveMint(shoulderKey: string, n: number): Promise<StoreResult<Reservation>>;

  createToken(name: string, scopes: readonly string[], options?: TokenOptions): Promise<StoreResult<CreatedToken>>;
  listTokens(): Promise<StoreResult<TokenInfo[]>>;
  /** Revoke a token (idempotent); `not-found` if no such id. */
  revokeToken(id: string): Promise<StoreResult<TokenInfo>>;
  /** The live token's id, name and scopes; `invalid-token`, `token-revoked` or `token-expired` otherwise. */
  verifyToken(presented: string): Promise<StoreResult<VerifiedToken>>;

  /**
   * Delete a reserved identifier outright (EZID deletes only reserved identifiers; the key may be bound
   * again later). The change is kept in the history. `not-reserved` when its status is not `reserved`.
   */
  deleteReserved(key: string, actor: Actor, options?: DeleteOptions): Promise<StoreResult<Binding>>;

  /** Open a session for a live token, valid for `ttlSeconds` (1..31 days); expired sessions are swept. */
  createSession(tokenId: string, ttlSeconds: number): Promise<StoreResult<Session>>;
  /** The session's token, if both are still live; `invalid-session` otherwise (or the token's error). */
  verifySession(id: string): Promise<StoreResult<VerifiedToken>>;
  /** End a session (idempotent). */
  deleteSession(id: string): Promise<StoreResult<void>>;

  // Accounts (accounts.ts, docs/accounts.md).
  /** `conflict` when the username is taken; `unknown-group` for a group that does not exist. */
  createUser(input: UserInput): Promise<StoreResult<User>>;
  /** The user, or `unknown-user`. */
  getUser(username: string): Promise<StoreResult<User>>;
  listUsers(): Promise<StoreResult<User[]>>;
  updateUser(username: string, patch: UserPatch): Promise<StoreResult<User>>;
  setPassword(username: string, password: string): Promise<StoreResult<User>>;
  /**
   * Check a password: the user, or `invalid-credentials`, `user-disabled`, or `too-many-attempts` (after
   * repeated wrong passwords for that username; `retryAtOf(error)` says when). `now` is the clock (tests).
   */
  verifyPassword(username: string, password: string, now?: Date): Promise<StoreResult<User>>;
  /** `conflict` when the name is taken. */
  createGroup(name: string, description?: string): Promise<StoreResult<Group>>;
  listGroups(): Promise<StoreResult<Group[]>>;
  /** Assign a shoulder to a group (its members may mint there), or free it (null). */
  setShoulderGroup(key: string, group: string | null): Promise<StoreResult<Shoulder>>;
  /** The principal of a live user (no token: `tokenId` and `scopes` null); `unknown-user`, `user-disabled`. */
  principalOf(username: string): Promise<StoreResult<Principal>>;
  /** The principal a verified token acts as: its owner's, narrowed by the token's scopes. */
  principalOfToken(token: VerifiedToken): Promise<StoreResult<Principal>>;
  /** A new session (a new random id every time: no fixation), valid for ttlSeconds (1..31 days). */
  createUserSession(username: string, ttlSeconds: number, now?: Date): Promise<StoreResult<UserSession>>;
  /** The session's principal and CSRF secret; `invalid-session` when unknown or expired, `user-disabled`. */
  verifyUserSession(id: string, now?: Date): Promise<StoreResult<VerifiedUserSession>>;
  /** End a session (idempotent). */
  deleteUserSession(id: string): Promise<StoreResult<void>>;
}
