import type { Principal } from './accounts.ts';
import type { AccountsBackend } from './accounts-backend.ts';
import type { PdiWrite } from './acting.ts';
import type { BatchEntry, EntryOutcome, OnExisting } from './batch.ts';
import type { ChangeFeed } from './changes.ts';
import type { StoreResult } from './codes.ts';
import type { Commitment } from './commitments.ts';
import type { DownloadQuery } from './downloads.ts';
import type { LinkBatch, LinkQuery } from './links.ts';
import type { PdiFilter } from './pdi.ts';
import type { ResolutionCountBatch, ResolutionQuery } from './resolution-counts.ts';
import type { SessionRow, TokenRow } from './rows.ts';
import type { ErcRecord } from './schema.ts';
import type { SearchQuery, SearchResult, SearchWord } from './search.ts';
import type { FindOptions, KeyRange, SqlQuery, StatsScope } from './stats.ts';
import type {
  Binding,
  HistoryEntry,
  MigrationReport,
  Naan,
  PdiVersion,
  Reservation,
  Shoulder,
  ShoulderInput,
  TokenInfo,
} from './store.ts';

/** A keyset page query over bindings: keys after `after` (or from `lower`), below `upper`. */
export interface BindingRange {
  readonly lower: string;
  readonly after: string | null;
  readonly upper: string | null;
  readonly includeTombstoned: boolean;
  readonly limit: number;
}

/**
 * What each database implements: plain SQL on arguments already validated by `GuardedStore`.
 * Methods may throw on database failure; `GuardedStore` turns that into `storage-error`.
 */
export interface Backend {
  readonly name: 'sqlite' | 'postgres';
  /** Users, groups, sessions and sign-in failures (migration 5). */
  readonly accounts: AccountsBackend;
  migrate(): Promise<StoreResult<MigrationReport>>;
  close(): Promise<void>;
  /** The feed of changes to what resolution reads (changes.ts), started on the first call; closed by `close`. */
  changes?(): ChangeFeed;

  getBinding(key: string): Promise<Binding | null>;
  /** Read the batch's rows under a write lock, plan with `planBatch`, write, commit. */
  writeBatch(entries: BatchEntry[], onExisting: OnExisting, actor: string, now: string): Promise<EntryOutcome[]>;
  /** With `principal`, only the related delete (acting.ts `guardDelete`, under the lock). */
  deleteBinding(key: string, actor: string, now: string, principal?: Principal): Promise<StoreResult<Binding>>;
  history(key: string): Promise<HistoryEntry[]>;
  longestBound(candidates: string[]): Promise<Binding | null>;
  listBindings(range: BindingRange): Promise<Binding[]>;
  /** A validated Manage search (search.ts). */
  searchBindings(query: SearchQuery & { readonly words: readonly SearchWord[] }): Promise<SearchResult>;

  putPdiVersion(
    resourceKey: string,
    format: string,
    target: string,
    erc: ErcRecord,
    actor: string,
    now: string,
    owned: PdiWrite,
  ): Promise<StoreResult<PdiVersion>>;
  getPdi(resourceKey: string, format: string | undefined, version: number | undefined): Promise<PdiVersion | null>;
  listPdi(filter: PdiFilter, after: [string, string, number] | null): Promise<PdiVersion[]>;
  nextSerial(name: string): Promise<number>;
  /** The secret stored under `name`; `candidate` is stored first when there is none yet (the first writer wins). */
  secret(name: string, candidate: string): Promise<string>;

  /** null when the NAAN is already there. */
  addNaan(naan: string, name: string, now: string): Promise<Naan | null>;
  listNaans(): Promise<Naan[]>;
  /** Set (or, with null, remove) the commitment statement of a NAAN or shoulder; the row, or null when removed. */
  setCommitment(prefix: string, statement: ErcRecord | null, actor: string, now: string): Promise<Commitment | null>;
  listCommitments(): Promise<Commitment[]>;
  addShoulder(input: ShoulderInput & { capacity: number | null }, now: string): Promise<StoreResult<Shoulder>>;
  getShoulder(key: string): Promise<Shoulder | null>;
  listShoulders(naan: string | undefined): Promise<Shoulder[]>;
  reserveMint(key: string, n: number): Promise<StoreResult<Reservation>>;

  insertToken(row: TokenRow): Promise<void>;
  listTokens(): Promise<TokenInfo[]>;
  /** null when no such id. */
  revokeToken(id: string, now: string): Promise<TokenInfo | null>;
  tokenByHash(hash: string): Promise<TokenRow | null>;

  /** Remove a reserved binding's row and record the change (see `planDeleteReserved`). */
  deleteReserved(key: string, actor: string, now: string, principal?: Principal): Promise<StoreResult<Binding>>;
  /** Store a session and drop the sessions that expired before `now`. */
  insertSession(row: SessionRow, now: string): Promise<void>;
  /** The session and its token, or null. */
  sessionByHash(hash: string): Promise<{ session: SessionRow; token: TokenRow } | null>;
  deleteSession(hash: string): Promise<void>;

  /** A read-only statement built by stats.ts (counts, recent history): its rows as the driver gives them. */
  readRows(query: SqlQuery): Promise<Record<string, unknown>[]>;
  /** Live bindings in scope by status (stats.ts `findSql`). */
  findBindings(scope: StatsScope, options: FindOptions): Promise<Binding[]>;
  /**
   * Remove the rows (bindings and tombstones) under `range` created before `before`, at most `limit`, each
   * with a `delete` entry in the history; the keys removed.
   */
  purgeExpired(range: KeyRange, before: string, actor: string, now: string, limit: number): Promise<string[]>;
  /** Run one statement of downloads.ts (`$n` parameters) and give back its rows. */
  downloadQuery: DownloadQuery;
  /** Run one statement of links.ts (`$n` parameters) and give back its rows. */
  linkQuery: LinkQuery;
  /** Add a checked batch of resolution counts to what is stored, in one transaction (resolution-counts.ts). */
  addResolutionCounts(batch: ResolutionCountBatch): Promise<void>;
  /** Run one statement of resolution-counts.ts (`$n` parameters) and give back its rows. */
  resolutionQuery: ResolutionQuery;
  /** Run statements of links.ts in one transaction and give back each one's rows. */
  linkBatch: LinkBatch;
}
