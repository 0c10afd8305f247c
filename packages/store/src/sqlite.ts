import { err, ok } from '@pidgate/core';
import Database from 'better-sqlite3';
import type { Principal } from './accounts.ts';
import { decidePdi, guardDelete, type PdiWrite, type ShoulderGroups } from './acting.ts';
import type { Backend, BindingRange } from './backend.ts';
import { type BatchEntry, type EntryOutcome, type HistoryRow, type OnExisting, planBatch } from './batch.ts';
import { planDelete, planDeleteReserved } from './binding.ts';
import type { ChangeFeed } from './changes.ts';
import type { StoreResult } from './codes.ts';
import { type CommitmentRow, toCommitment } from './commitments.ts';
import type { DownloadJobRow, DownloadQuery } from './downloads.ts';
import type { LinkBatch, LinkQuery } from './links.ts';
import { LATEST_VERSION, SQLITE_MIGRATIONS } from './migrations.ts';
import type { PdiFilter } from './pdi.ts';
import { type ResolutionCountBatch, type ResolutionQuery, upsertSql } from './resolution-counts.ts';
import {
  type BindingRow,
  type HistoryRowDb,
  type NaanRow,
  type PdiRow,
  type SessionRow,
  type ShoulderRow,
  type TokenRow,
  toBinding,
  toHistory,
  toNaan,
  toPdi,
  toShoulder,
  toTokenInfo,
} from './rows.ts';
import type { ErcRecord } from './schema.ts';
import type { SearchQuery, SearchResult, SearchWord } from './search.ts';
import { searchSqlite } from './search-sqlite.ts';
import { SqliteAccounts } from './sqlite-accounts.ts';
import { SqliteChangeFeed } from './sqlite-changes.ts';
import { expiredSql, type FindOptions, findSql, type KeyRange, type SqlQuery, type StatsScope } from './stats.ts';
import type { Binding, MigrationReport, PdiVersion, Reservation, Shoulder, ShoulderInput } from './store.ts';

export interface SqliteOptions {
  readonly file: string;
  /**
   * `normal` (default): in WAL mode a commit survives a crash or kill -9 of the process, but not a
   * power loss or OS crash. `full`: fsync at every commit, which survives power loss too.
   */
  readonly synchronous?: 'normal' | 'full';
  /** How long a writer waits for another connection's write lock (default 5000 ms). */
  readonly busyTimeoutMs?: number;
}

const PDI_COLUMNS = 'resource_key, format, version, target, erc, created_at, actor, owner, owner_group';
const BINDING_COLUMNS =
  'key, target, status, erc, support, created_at, updated_at, version, tombstoned, deleted_at, identifier_status, status_reason, owner, metadata, owner_group';
const TOKEN_COLUMNS = 'id, name, hash, scopes, created_at, revoked_at, expires_at, owner';

/** The exact-key probe of `longestBound` (one string, so the statement is found without building it). */
const EXACT_SQL = `SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = ?`;

/**
 * A binding row read as an array (a `raw` statement: better-sqlite3 then builds no object with named
 * properties per row, the larger part of a lookup's cost), as the object `toBinding` reads, in the order
 * of BINDING_COLUMNS.
 */
function bindingRowOf(a: unknown[]): BindingRow {
  return {
    key: a[0],
    target: a[1],
    status: a[2],
    erc: a[3],
    support: a[4],
    created_at: a[5],
    updated_at: a[6],
    version: a[7],
    tombstoned: a[8],
    deleted_at: a[9],
    identifier_status: a[10],
    status_reason: a[11],
    owner: a[12],
    metadata: a[13],
    owner_group: a[14],
  } as BindingRow;
}

/** The most candidates `longestBound` probes with a UNION ALL statement (an identifier has a few boundaries). */
const UNION_MAX = 16;
const UNION_SQL: (string | undefined)[] = [];

interface PendingRead {
  readonly candidates: string[];
  readonly resolve: (b: Binding | null) => void;
  readonly reject: (e: unknown) => void;
  done?: boolean;
}

/** The embedded backend: one better-sqlite3 connection to a WAL-mode file. */
export class SqliteBackend implements Backend {
  readonly name = 'sqlite' as const;
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();
  readonly #rawStatements = new Map<string, Database.Statement>();
  readonly accounts: SqliteAccounts;
  #feed: SqliteChangeFeed | null = null;

  /** A deferred (read) transaction around the lookups of one batch (see longestBound). */
  readonly #readBatch: (reads: PendingRead[]) => void;

  private constructor(db: Database.Database) {
    this.#db = db;
    this.accounts = new SqliteAccounts(db, <T>(fn: () => T) => this.#write(fn));
    this.#readBatch = db.transaction((reads: PendingRead[]) => {
      for (const r of reads) this.#answer(r);
    });
  }

  /** Open (creating it if needed) and migrate. Throws on failure; `openStore` catches. */
  static open(options: SqliteOptions): SqliteBackend {
    const db = new Database(options.file);
    try {
      db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (String(mode).toLowerCase() !== 'wal') throw new Error(`could not switch ${options.file} to WAL (${mode})`);
      db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
      db.pragma('foreign_keys = ON');
      // Up to 256 MiB of page cache (allocated as used): a large batch of random keys is written
      // without spilling half-done pages to the WAL mid-transaction.
      db.pragma('cache_size = -262144');
      return new SqliteBackend(db);
    } catch (e) {
      db.close();
      throw e;
    }
  }

  /** `#stmt`, in raw mode (rows as arrays); kept apart, as raw mode is a setting of the statement. */
  #rawStmt(sql: string): Database.Statement {
    let s = this.#rawStatements.get(sql);
    if (!s) {
      s = this.#db.prepare(sql).raw(true);
      this.#rawStatements.set(sql, s);
    }
    return s;
  }

  #stmt(sql: string): Database.Statement {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.#db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /** A write transaction that takes the write lock at BEGIN, so two connections never deadlock. */
  #write<T>(fn: () => T): T {
    return this.#db.transaction(fn).immediate();
  }

  async migrate(): Promise<StoreResult<MigrationReport>> {
    return this.#write(() => {
      this.#db.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
      );
      const row = this.#db.prepare('SELECT coalesce(max(version), 0) AS v FROM schema_migrations').get() as {
        v: number;
      };
      if (row.v > LATEST_VERSION) {
        return err('schema-too-new', `the database is at schema ${row.v}; this pidgate knows ${LATEST_VERSION}`);
      }
      // Every migration not yet recorded, in order: a database's record has no gaps, and a test that forgets
      // one migration (keys.test.ts) gets that one again.
      const done = new Set(
        (this.#db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
          (r) => r.version,
        ),
      );
      const applied: number[] = [];
      for (const m of SQLITE_MIGRATIONS) {
        if (done.has(m.version)) continue;
        this.#db.exec(m.sql);
        this.#db
          .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(m.version, m.name, new Date().toISOString());
        applied.push(m.version);
      }
      return ok({ applied, version: Math.max(row.v, LATEST_VERSION) });
    });
  }

  changes(): ChangeFeed {
    this.#feed ??= new SqliteChangeFeed(this.#db);
    return this.#feed;
  }

  async close(): Promise<void> {
    // Lookups still waiting for the end of the turn are answered before the connection goes.
    this.#flushReads();
    this.#statements.clear();
    this.#db.close();
  }

  #get(key: string): Binding | null {
    const row = this.#stmt(`SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = ?`).get(key) as BindingRow | undefined;
    return row ? toBinding(row) : null;
  }

  async getBinding(key: string): Promise<Binding | null> {
    return this.#get(key);
  }

  #saveBinding(b: Binding, insert: boolean): void {
    const erc = JSON.stringify(b.erc);
    const support = b.support === null ? null : JSON.stringify(b.support);
    const metadata = JSON.stringify(b.metadata);
    const tombstoned = b.tombstoned ? 1 : 0;
    if (insert) {
      this.#stmt(`INSERT INTO bindings (${BINDING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        b.key,
        b.target,
        b.status,
        erc,
        support,
        b.createdAt,
        b.updatedAt,
        b.version,
        tombstoned,
        b.deletedAt,
        b.identifierStatus,
        b.statusReason,
        b.owner,
        metadata,
        b.ownerGroup,
      );
    } else {
      this.#stmt(
        `UPDATE bindings SET target = ?, status = ?, erc = ?, support = ?, updated_at = ?, version = ?, tombstoned = ?,
           deleted_at = ?, identifier_status = ?, status_reason = ?, owner = ?, metadata = ?, owner_group = ? WHERE key = ?`,
      ).run(
        b.target,
        b.status,
        erc,
        support,
        b.updatedAt,
        b.version,
        tombstoned,
        b.deletedAt,
        b.identifierStatus,
        b.statusReason,
        b.owner,
        metadata,
        b.ownerGroup,
        b.key,
      );
    }
  }

  #addHistory(key: string, at: string, actor: string, action: string, before: Binding | null, after: Binding): void {
    this.#stmt('INSERT INTO binding_history (key, at, actor, action, before, after) VALUES (?, ?, ?, ?, ?, ?)').run(
      key,
      at,
      actor,
      action,
      before === null ? null : JSON.stringify(before),
      JSON.stringify(after),
    );
  }

  /** The shoulders' groups, read in the caller's write transaction (BEGIN IMMEDIATE: no group changes meanwhile). */
  #shoulderGroups(): ShoulderGroups {
    const rows = this.#stmt('SELECT key, group_name FROM shoulders').all() as {
      key: string;
      group_name: string | null;
    }[];
    return rows.map((r) => ({ key: r.key, group: r.group_name }));
  }

  async writeBatch(entries: BatchEntry[], onExisting: OnExisting, actor: string, now: string): Promise<EntryOutcome[]> {
    return this.#write(() => {
      // Touch the B-trees in key order: a batch of random keys then walks each page once.
      const keys = [...new Set(entries.map((e) => e.key))].sort();
      const current = new Map<string, Binding>();
      for (const key of keys) {
        const b = this.#get(key);
        if (b) current.set(key, b);
      }
      const shoulders = entries.some((e) => e.guard) ? this.#shoulderGroups() : [];
      const plan = planBatch(entries, current, onExisting, actor, now, shoulders);
      const inserts = new Map(plan.inserts.map((b) => [b.key, b]));
      const history = new Map<string, HistoryRow[]>();
      for (const h of plan.history) {
        const rows = history.get(h.key);
        if (rows) rows.push(h);
        else history.set(h.key, [h]);
      }
      for (const b of plan.updates) this.#saveBinding(b, false);
      for (const key of keys) {
        const b = inserts.get(key);
        if (b) this.#saveBinding(b, true);
      }
      for (const key of keys) {
        for (const h of history.get(key) ?? []) this.#addHistory(h.key, h.at, h.actor, h.action, h.before, h.after);
      }
      return plan.outcomes;
    });
  }

  async deleteBinding(key: string, actor: string, now: string, principal?: Principal): Promise<StoreResult<Binding>> {
    return this.#write(() => {
      const before = this.#get(key);
      const allowed = guardDelete(principal, before);
      if (!allowed.ok) return allowed;
      const after = planDelete(key, before, now);
      if (!after.ok || !before) return after;
      this.#saveBinding(after.value, false);
      this.#addHistory(key, now, actor, 'delete', before, after.value);
      return after;
    });
  }

  async deleteReserved(key: string, actor: string, now: string, principal?: Principal): Promise<StoreResult<Binding>> {
    return this.#write(() => {
      const before = this.#get(key);
      const allowed = guardDelete(principal, before);
      if (!allowed.ok) return allowed;
      const after = planDeleteReserved(key, before, now);
      if (!after.ok || !before) return after;
      this.#stmt('DELETE FROM bindings WHERE key = ?').run(key);
      this.#addHistory(key, now, actor, 'delete', before, after.value);
      return after;
    });
  }

  async history(key: string) {
    const rows = this.#stmt(
      'SELECT id, key, at, actor, action, before, after FROM binding_history WHERE key = ? ORDER BY id',
    ).all(key) as HistoryRowDb[];
    return rows.map(toHistory);
  }

  /**
   * Lookups asked during one turn of the event loop run together in one read transaction when the turn
   * ends (setImmediate): SQLite then takes and releases its WAL read lock once for all of them instead of
   * once each (two fcntl calls and a stat per statement, most of a lookup's cost). The snapshot is taken
   * after every request in the batch was received, so each still sees every write committed before it
   * arrived (here or by another process): no answer is older than its request.
   */
  longestBound(candidates: string[]): Promise<Binding | null> {
    return new Promise((resolve, reject) => {
      this.#reads.push({ candidates, resolve, reject });
      if (!this.#readsScheduled) {
        this.#readsScheduled = true;
        setImmediate(this.#flushReads);
      }
    });
  }

  readonly #reads: PendingRead[] = [];
  #readsScheduled = false;

  readonly #flushReads = (): void => {
    this.#readsScheduled = false;
    const reads = this.#reads.splice(0);
    if (reads.length === 0) return;
    if (reads.length === 1) {
      this.#answer(reads[0] as PendingRead);
      return;
    }
    try {
      this.#readBatch(reads);
    } catch (e) {
      // BEGIN or COMMIT failed (a lookup's own failure is answered to that lookup alone).
      for (const r of reads) if (!r.done) r.reject(e);
    }
  };

  #answer(r: PendingRead): void {
    r.done = true;
    try {
      r.resolve(this.#longestBound(r.candidates));
    } catch (e) {
      r.reject(e);
    }
  }

  /**
   * One statement: a primary-key probe per candidate (one for an exact binding), the longest match first.
   * Up to UNION_MAX candidates the probes are a UNION ALL of `key = ?` (prepared once per count, no JSON,
   * no IN-list table); more go through json_each.
   */
  #longestBound(candidates: string[]): Binding | null {
    const n = candidates.length;
    let row: unknown[] | undefined;
    if (n === 1) {
      row = this.#rawStmt(EXACT_SQL).get(candidates[0]) as unknown[] | undefined;
    } else if (n <= UNION_MAX) {
      let sql = UNION_SQL[n];
      if (sql === undefined) {
        const probes = Array.from({ length: n }, () => `SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = ?`);
        sql = `SELECT * FROM (${probes.join(' UNION ALL ')}) ORDER BY length(key) DESC, key DESC LIMIT 1`;
        UNION_SQL[n] = sql;
      }
      row = this.#rawStmt(sql).get(...candidates) as unknown[] | undefined;
    } else {
      row = this.#rawStmt(
        `SELECT ${BINDING_COLUMNS} FROM bindings WHERE key IN (SELECT value FROM json_each(?)) ORDER BY length(key) DESC, key DESC LIMIT 1`,
      ).get(JSON.stringify(candidates)) as unknown[] | undefined;
    }
    return row ? toBinding(bindingRowOf(row)) : null;
  }

  async listBindings(r: BindingRange): Promise<Binding[]> {
    const where = [r.after === null ? 'key >= ?' : 'key > ?'];
    const params: (string | number)[] = [r.after ?? r.lower];
    if (r.upper !== null) {
      where.push('key < ?');
      params.push(r.upper);
    }
    if (!r.includeTombstoned) where.push('tombstoned = 0');
    params.push(r.limit);
    const sql = `SELECT ${BINDING_COLUMNS} FROM bindings WHERE ${where.join(' AND ')} ORDER BY key LIMIT ?`;
    return (this.#stmt(sql).all(...params) as BindingRow[]).map(toBinding);
  }

  async searchBindings(q: SearchQuery & { readonly words: readonly SearchWord[] }): Promise<SearchResult> {
    return searchSqlite((sql, params) => this.#db.prepare(sql).all(...params), q, BINDING_COLUMNS);
  }

  async putPdiVersion(
    resourceKey: string,
    format: string,
    target: string,
    erc: ErcRecord,
    actor: string,
    now: string,
    owned: PdiWrite,
  ): Promise<StoreResult<PdiVersion>> {
    // One BEGIN IMMEDIATE transaction: the resource's owner is read under the write lock it is written under.
    return this.#write(() => {
      const latest = this.#stmt(
        'SELECT owner, owner_group FROM pdi_versions WHERE resource_key = ? ORDER BY seq DESC LIMIT 1',
      ).get(resourceKey) as { owner: string | null; owner_group: string | null } | undefined;
      const decided = decidePdi(
        owned,
        resourceKey,
        latest ? { owner: latest.owner, ownerGroup: latest.owner_group } : null,
        owned.guard ? this.#shoulderGroups() : [],
      );
      if (!decided.ok) return decided;
      // The same per resource-and-format counter as PostgreSQL (keys and formats hold no spaces).
      const { value } = this.#stmt(
        `INSERT INTO counters (scope, name, value) VALUES ('pdi', ?, 1)
         ON CONFLICT (scope, name) DO UPDATE SET value = value + 1 RETURNING value`,
      ).get(`${resourceKey} ${format}`) as { value: number };
      const row = this.#stmt(
        `INSERT INTO pdi_versions (${PDI_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${PDI_COLUMNS}`,
      ).get(
        resourceKey,
        format,
        value,
        target,
        JSON.stringify(erc),
        now,
        actor,
        decided.value.owner,
        decided.value.ownerGroup,
      ) as PdiRow;
      return ok(toPdi(row));
    });
  }

  async getPdi(resourceKey: string, format: string | undefined, version: number | undefined) {
    const cols = PDI_COLUMNS;
    let row: PdiRow | undefined;
    if (format === undefined) {
      row = this.#stmt(`SELECT ${cols} FROM pdi_versions WHERE resource_key = ? ORDER BY seq DESC LIMIT 1`).get(
        resourceKey,
      ) as PdiRow | undefined;
    } else if (version === undefined) {
      row = this.#stmt(
        `SELECT ${cols} FROM pdi_versions WHERE resource_key = ? AND format = ? ORDER BY version DESC LIMIT 1`,
      ).get(resourceKey, format) as PdiRow | undefined;
    } else {
      row = this.#stmt(`SELECT ${cols} FROM pdi_versions WHERE resource_key = ? AND format = ? AND version = ?`).get(
        resourceKey,
        format,
        version,
      ) as PdiRow | undefined;
    }
    return row ? toPdi(row) : null;
  }

  async listPdi(f: PdiFilter, after: [string, string, number] | null): Promise<PdiVersion[]> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const add = (sql: string, ...values: (string | number)[]) => {
      where.push(sql);
      params.push(...values);
    };
    if (f.lower !== undefined) add('resource_key >= ?', f.lower);
    if (f.upper !== undefined && f.upper !== null) add('resource_key < ?', f.upper);
    if (f.createdFrom !== undefined) add('created_at >= ?', f.createdFrom);
    if (f.createdTo !== undefined) add('created_at < ?', f.createdTo);
    if (after) add('(resource_key, format, version) > (?, ?, ?)', ...after);
    const sql = `SELECT ${PDI_COLUMNS} FROM pdi_versions
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY resource_key, format, version LIMIT ?`;
    return (this.#stmt(sql).all(...params, f.limit) as PdiRow[]).map(toPdi);
  }

  async secret(name: string, candidate: string): Promise<string> {
    this.#stmt('INSERT INTO store_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(
      name,
      candidate,
    );
    return (this.#stmt('SELECT value FROM store_secrets WHERE name = ?').get(name) as { value: string }).value;
  }

  async nextSerial(name: string): Promise<number> {
    const row = this.#stmt(
      `INSERT INTO counters (scope, name, value) VALUES ('serial', ?, 1)
       ON CONFLICT (scope, name) DO UPDATE SET value = value + 1 RETURNING value`,
    ).get(name) as { value: number };
    return row.value;
  }

  async addNaan(naan: string, name: string, now: string) {
    const row = this.#stmt(
      'INSERT INTO naans (naan, name, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING naan, name, created_at',
    ).get(naan, name, now) as NaanRow | undefined;
    return row ? toNaan(row) : null;
  }

  async listNaans() {
    return (this.#stmt('SELECT naan, name, created_at FROM naans ORDER BY naan').all() as NaanRow[]).map(toNaan);
  }

  async setCommitment(prefix: string, statement: ErcRecord | null, actor: string, now: string) {
    if (statement === null) {
      this.#stmt('DELETE FROM commitments WHERE prefix = ?').run(prefix);
      return null;
    }
    const row = this.#stmt(
      `INSERT INTO commitments (prefix, statement, updated_at, actor) VALUES (?, ?, ?, ?)
       ON CONFLICT (prefix) DO UPDATE SET statement = excluded.statement, updated_at = excluded.updated_at, actor = excluded.actor
       RETURNING prefix, statement, updated_at, actor`,
    ).get(prefix, JSON.stringify(statement), now, actor) as CommitmentRow;
    return toCommitment(row);
  }

  async listCommitments() {
    const rows = this.#stmt('SELECT prefix, statement, updated_at, actor FROM commitments ORDER BY prefix').all();
    return (rows as CommitmentRow[]).map(toCommitment);
  }

  async addShoulder(s: ShoulderInput & { capacity: number | null }, now: string): Promise<StoreResult<Shoulder>> {
    return this.#write(() => {
      if (!this.#stmt('SELECT 1 FROM naans WHERE naan = ?').get(s.naan)) {
        return err('unknown-naan', `NAAN ${s.naan} is not served here`);
      }
      const row = this.#stmt(
        `INSERT INTO shoulders (key, naan, template, seed, capacity, minted, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)
         ON CONFLICT DO NOTHING RETURNING key, naan, template, seed, capacity, minted, created_at, group_name`,
      ).get(s.key, s.naan, s.template, s.seed, s.capacity, now) as ShoulderRow | undefined;
      return row ? ok(toShoulder(row)) : err('conflict', `shoulder ${s.key} exists`);
    });
  }

  async getShoulder(key: string) {
    const row = this.#stmt(
      'SELECT key, naan, template, seed, capacity, minted, created_at, group_name FROM shoulders WHERE key = ?',
    ).get(key) as ShoulderRow | undefined;
    return row ? toShoulder(row) : null;
  }

  async listShoulders(naan: string | undefined) {
    const cols = 'key, naan, template, seed, capacity, minted, created_at, group_name';
    const rows = (
      naan === undefined
        ? this.#stmt(`SELECT ${cols} FROM shoulders ORDER BY key`).all()
        : this.#stmt(`SELECT ${cols} FROM shoulders WHERE naan = ? ORDER BY key`).all(naan)
    ) as ShoulderRow[];
    return rows.map(toShoulder);
  }

  async reserveMint(key: string, n: number): Promise<StoreResult<Reservation>> {
    return this.#write(() => {
      const row = this.#stmt(
        `UPDATE shoulders SET minted = minted + @n WHERE key = @key AND (capacity IS NULL OR minted + @n <= capacity)
         RETURNING minted - @n AS first`,
      ).get({ n, key }) as { first: number } | undefined;
      if (row) return ok({ first: row.first, count: n });
      const s = this.#stmt('SELECT capacity, minted FROM shoulders WHERE key = ?').get(key) as
        | { capacity: number; minted: number }
        | undefined;
      if (!s) return err('not-found', `no shoulder ${key}`);
      return err('mint-exhausted', `shoulder ${key} has ${s.capacity - s.minted} of ${s.capacity} values left`);
    });
  }

  async insertToken(t: TokenRow) {
    this.#stmt(`INSERT INTO tokens (${TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)`).run(
      t.id,
      t.name,
      t.hash,
      JSON.stringify(t.scopes),
      t.created_at,
      t.expires_at,
      t.owner,
    );
  }

  async listTokens() {
    const rows = this.#stmt(`SELECT ${TOKEN_COLUMNS} FROM tokens ORDER BY created_at, id`).all() as TokenRow[];
    return rows.map(toTokenInfo);
  }

  async revokeToken(id: string, now: string) {
    const row = this.#stmt(
      `UPDATE tokens SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? RETURNING ${TOKEN_COLUMNS}`,
    ).get(now, id) as TokenRow | undefined;
    return row ? toTokenInfo(row) : null;
  }

  async tokenByHash(hash: string) {
    return (this.#stmt(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE hash = ?`).get(hash) as TokenRow | undefined) ?? null;
  }

  async insertSession(row: SessionRow, now: string) {
    this.#write(() => {
      this.#stmt('DELETE FROM sessions WHERE expires_at < ?').run(now);
      this.#stmt('INSERT INTO sessions (hash, token_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
        row.hash,
        row.token_id,
        row.created_at,
        row.expires_at,
      );
    });
  }

  async sessionByHash(hash: string) {
    const session = this.#stmt('SELECT hash, token_id, created_at, expires_at FROM sessions WHERE hash = ?').get(
      hash,
    ) as SessionRow | undefined;
    if (!session) return null;
    const token = this.#stmt(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE id = ?`).get(session.token_id) as
      | TokenRow
      | undefined;
    return token ? { session, token } : null;
  }

  async deleteSession(hash: string) {
    this.#stmt('DELETE FROM sessions WHERE hash = ?').run(hash);
  }

  async readRows(query: SqlQuery): Promise<Record<string, unknown>[]> {
    return this.#stmt(query.sql).all(...query.params) as Record<string, unknown>[];
  }

  async findBindings(scope: StatsScope, options: FindOptions): Promise<Binding[]> {
    const q = findSql('sqlite', BINDING_COLUMNS, scope, options);
    return (this.#stmt(q.sql).all(...q.params) as BindingRow[]).map(toBinding);
  }

  async purgeExpired(range: KeyRange, before: string, actor: string, now: string, limit: number): Promise<string[]> {
    return this.#write(() => {
      const q = expiredSql('sqlite', BINDING_COLUMNS, range, before, limit);
      const rows = (this.#stmt(q.sql).all(...q.params) as BindingRow[]).map(toBinding);
      for (const b of rows) {
        this.#stmt('DELETE FROM bindings WHERE key = ?').run(b.key);
        const after = { ...b, updatedAt: now, version: b.version + 1, tombstoned: true, deletedAt: b.deletedAt ?? now };
        this.#addHistory(b.key, now, actor, 'delete', b, after);
      }
      return rows.map((b) => b.key);
    });
  }
  /** `$n` parameters become `?`, with the values in the order they appear. */
  downloadQuery: DownloadQuery = async (sql, params) => this.#dollar(sql, params) as unknown as DownloadJobRow[];
  #dollar(sql: string, params: unknown[]): Record<string, unknown>[] {
    const values: unknown[] = [];
    const s = this.#stmt(
      sql.replace(/\$(\d+)/g, (_, n: string) => {
        values.push(params[Number(n) - 1]);
        return '?';
      }),
    );
    if (s.reader) return s.all(...values) as Record<string, unknown>[];
    s.run(...values);
    return [];
  }
  linkQuery: LinkQuery = (sql, params) => this.downloadQuery(sql, params) as Promise<never>;
  async addResolutionCounts(batch: ResolutionCountBatch): Promise<void> {
    // One BEGIN IMMEDIATE transaction, one prepared statement per table, run once per row.
    const ids = this.#stmt(upsertSql('sqlite', 'identifier'));
    const shoulders = this.#stmt(upsertSql('sqlite', 'shoulder'));
    this.#write(() => {
      for (const c of batch.identifiers) ids.run(c.day, c.key, c.count);
      for (const c of batch.shoulders) shoulders.run(c.day, c.shoulder, c.count);
    });
  }
  resolutionQuery: ResolutionQuery = (sql, params) => this.downloadQuery(sql, params) as Promise<never>;
  /** One write transaction (the lock taken at BEGIN), run synchronously: nothing else interleaves. */
  linkBatch: LinkBatch = async (statements) => this.#write(() => statements.map((s) => this.#dollar(s.sql, s.params)));
}
