import { err, ok } from '@pidgate/core';
import type pg from 'pg';
import type { Principal } from './accounts.ts';
import { decidePdi, guardDelete, type PdiWrite, type ShoulderGroups } from './acting.ts';
import type { Backend, BindingRange } from './backend.ts';
import { type BatchEntry, type EntryOutcome, type OnExisting, planBatch } from './batch.ts';
import { planDelete, planDeleteReserved } from './binding.ts';
import type { ChangeFeed } from './changes.ts';
import type { StoreResult } from './codes.ts';
import { type CommitmentRow, toCommitment } from './commitments.ts';
import type { DownloadJobRow, DownloadQuery } from './downloads.ts';
import type { LinkBatch, LinkQuery } from './links.ts';
import { LATEST_VERSION, POSTGRES_MIGRATIONS } from './migrations.ts';
import type { PdiFilter } from './pdi.ts';
import { PgChangeFeed } from './pg-changes.ts';
import { PostgresAccounts } from './postgres-accounts.ts';
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
import { searchPostgres } from './search-postgres.ts';
import { expiredSql, type FindOptions, findSql, type KeyRange, type SqlQuery, type StatsScope } from './stats.ts';
import type { Binding, MigrationReport, PdiVersion, Reservation, Shoulder, ShoulderInput } from './store.ts';

export interface PostgresOptions {
  /** `postgres://user:password@host:port/database` (DATABASE_URL). */
  readonly url: string;
  /** A schema to keep the tables in (created by `migrate`); default: the server's search_path. */
  readonly schema?: string;
  /** Pool size per instance (default 10). */
  readonly poolSize?: number;
  /** Tests only: called inside a write's transaction once its rows are locked (see `LockHook`). */
  readonly onLocked?: LockHook;
}

/**
 * Tests only: called inside a write's transaction right after the rows it checks are locked (the bindings
 * read FOR UPDATE, or a PDI resource's advisory lock), with a query on that transaction's connection. A test
 * holds a transaction here to race another write against it deterministically.
 */
export type LockHook = (
  at: { readonly operation: 'put' | 'delete' | 'pdi'; readonly keys: readonly string[]; readonly actor: string },
  query: (sql: string, params?: unknown[]) => Promise<pg.QueryResult>,
) => Promise<void>;

const BINDING_COLUMNS =
  'key, target, status, erc, support, created_at, updated_at, version, tombstoned, deleted_at, identifier_status, status_reason, owner, metadata, owner_group';
const PDI_COLUMNS = 'resource_key, format, version, target, erc, created_at, actor, owner, owner_group';
const SHOULDER_COLUMNS = 'key, naan, template, seed, capacity, minted, created_at, group_name';
const TOKEN_COLUMNS = 'id, name, hash, scopes, created_at, revoked_at, expires_at, owner';
/** pg_advisory_xact_lock key taken by `migrate`, so two instances starting at once migrate one after the other. */
const MIGRATION_LOCK = 7_263_411_950;
/** SQLSTATEs after which a transaction is retried: serialization failure, deadlock, unique violation. */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
const ATTEMPTS = 5;

/** Thrown inside a transaction to roll it back and run it again (another instance raced us). */
class Retry extends Error {}

type Query = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;

/**
 * The shared backend: a node-postgres pool. No state lives in the process: every counter, lock and
 * version is in the database, so any number of gateway instances can share it.
 */
export class PostgresBackend implements Backend {
  readonly name = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #schema: string | undefined;
  readonly accounts: PostgresAccounts;
  readonly #onLocked: LockHook | undefined;
  /** What `changes()` opens its listening connection with (create sets it). */
  #feedSource: { readonly pg: typeof pg; readonly url: string } | null = null;
  #feed: PgChangeFeed | null = null;

  private constructor(pool: pg.Pool, schema: string | undefined, onLocked?: LockHook) {
    this.#pool = pool;
    this.#schema = schema;
    this.#onLocked = onLocked;
    this.accounts = new PostgresAccounts(
      (sql, params) => this.#pool.query(sql, params),
      (fn) => this.#tx(fn),
    );
    // An idle client that loses its connection must not crash the process; the next query reports it.
    this.#pool.on('error', () => undefined);
  }

  /** node-postgres is loaded only when a PostgreSQL store is opened (SQLite users never load it). */
  static async create(options: PostgresOptions): Promise<PostgresBackend> {
    const { default: pgModule } = await import('pg');
    const pool = new pgModule.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const backend = new PostgresBackend(pool, options.schema, options.onLocked);
    backend.#feedSource = { pg: pgModule, url: options.url };
    return backend;
  }

  /** A dedicated connection LISTENing for migration 15's notifications (pg-changes.ts). */
  changes(): ChangeFeed {
    const source = this.#feedSource;
    if (!source) throw new Error('no connection settings for the change feed');
    this.#feed ??= new PgChangeFeed(source.pg, { url: source.url, schema: this.#schema });
    return this.#feed;
  }

  #q: Query = (sql, params) => this.#pool.query(sql, params);

  /** Run fn in a transaction, again (up to 5 times) when a concurrent instance made it fail. */
  async #tx<T>(fn: (q: Query) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.#pool.connect();
      const q: Query = (sql, params) => client.query(sql, params);
      try {
        await q('BEGIN');
        const value = await fn(q);
        await q('COMMIT');
        client.release();
        return value;
      } catch (e) {
        await q('ROLLBACK').catch(() => undefined);
        client.release();
        const code = (e as { code?: string }).code;
        const retry = e instanceof Retry || (code !== undefined && RETRYABLE.has(code));
        if (!retry || attempt >= ATTEMPTS) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      }
    }
  }

  async migrate(): Promise<StoreResult<MigrationReport>> {
    return this.#tx(async (q) => {
      await q('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if (this.#schema) await q(`CREATE SCHEMA IF NOT EXISTS "${this.#schema}"`);
      await q(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)',
      );
      const { rows } = await q('SELECT coalesce(max(version), 0)::int AS v FROM schema_migrations');
      const current = (rows[0] as { v: number }).v;
      if (current > LATEST_VERSION) {
        return err('schema-too-new', `the database is at schema ${current}; this pidgate knows ${LATEST_VERSION}`);
      }
      // Every migration not yet recorded, in order (see sqlite.ts).
      const recorded = await q('SELECT version FROM schema_migrations');
      const done = new Set((recorded.rows as { version: number }[]).map((r) => r.version));
      const applied: number[] = [];
      for (const m of POSTGRES_MIGRATIONS) {
        if (done.has(m.version)) continue;
        await q(m.sql);
        await q('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())', [
          m.version,
          m.name,
        ]);
        applied.push(m.version);
      }
      return ok({ applied, version: Math.max(current, LATEST_VERSION) });
    });
  }

  async close(): Promise<void> {
    await this.#feed?.close();
    await this.#pool.end();
  }

  /** Drop the store's schema and everything in it (tests). */
  async dropSchema(): Promise<void> {
    if (this.#schema) await this.#q(`DROP SCHEMA IF EXISTS "${this.#schema}" CASCADE`);
  }

  async getBinding(key: string): Promise<Binding | null> {
    const { rows } = await this.#q(`SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = $1`, [key]);
    return rows[0] ? toBinding(rows[0] as BindingRow) : null;
  }

  async writeBatch(entries: BatchEntry[], onExisting: OnExisting, actor: string, now: string): Promise<EntryOutcome[]> {
    const keys = [...new Set(entries.map((e) => e.key))];
    return this.#tx(async (q) => {
      const { rows } = await q(
        `SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
        [keys],
      );
      const current = new Map((rows as BindingRow[]).map((r) => [r.key, toBinding(r)]));
      const shoulders = entries.some((e) => e.guard) ? await shoulderGroups(q, keys) : [];
      await this.#onLocked?.({ operation: 'put', keys, actor }, q);
      const plan = planBatch(entries, current, onExisting, actor, now, shoulders);
      if (plan.inserts.length > 0) {
        const inserted = await q(
          `INSERT INTO bindings (${BINDING_COLUMNS})
           SELECT * FROM unnest($1::text[], $2::text[], $3::smallint[], $4::jsonb[], $5::jsonb[], $6::timestamptz[],
             $7::timestamptz[], $8::bigint[], $9::boolean[], $10::timestamptz[], $11::text[], $12::text[], $13::text[],
             $14::jsonb[], $15::text[])
           ON CONFLICT (key) DO NOTHING`,
          columns(plan.inserts),
        );
        // A key another instance bound after our read: roll back and plan again from the new rows.
        if (inserted.rowCount !== plan.inserts.length) throw new Retry('a key was bound concurrently');
      }
      if (plan.updates.length > 0) {
        await q(
          `UPDATE bindings AS b SET target = u.target, status = u.status, erc = u.erc, support = u.support,
             updated_at = u.updated_at, version = u.version, tombstoned = u.tombstoned, deleted_at = u.deleted_at,
             identifier_status = u.identifier_status, status_reason = u.status_reason, owner = u.owner,
             metadata = u.metadata, owner_group = u.owner_group
           FROM unnest($1::text[], $2::text[], $3::smallint[], $4::jsonb[], $5::jsonb[], $6::timestamptz[],
             $7::timestamptz[], $8::bigint[], $9::boolean[], $10::timestamptz[], $11::text[], $12::text[], $13::text[],
             $14::jsonb[], $15::text[])
             AS u(key, target, status, erc, support, created_at, updated_at, version, tombstoned, deleted_at,
               identifier_status, status_reason, owner, metadata, owner_group)
           WHERE b.key = u.key`,
          columns(plan.updates),
        );
      }
      if (plan.history.length > 0) {
        const h = plan.history;
        await q(
          `INSERT INTO binding_history (key, at, actor, action, before, after)
           SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[])`,
          [
            h.map((r) => r.key),
            h.map((r) => r.at),
            h.map((r) => r.actor),
            h.map((r) => r.action),
            h.map((r) => (r.before === null ? null : JSON.stringify(r.before))),
            h.map((r) => JSON.stringify(r.after)),
          ],
        );
      }
      return plan.outcomes;
    });
  }

  async deleteBinding(key: string, actor: string, now: string, principal?: Principal): Promise<StoreResult<Binding>> {
    return this.#tx(async (q) => {
      const { rows } = await q(`SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = $1 FOR UPDATE`, [key]);
      const before = rows[0] ? toBinding(rows[0] as BindingRow) : null;
      await this.#onLocked?.({ operation: 'delete', keys: [key], actor }, q);
      const allowed = guardDelete(principal, before);
      if (!allowed.ok) return allowed;
      const after = planDelete(key, before, now);
      if (!after.ok || !before) return after;
      const b = after.value;
      await q('UPDATE bindings SET updated_at = $2, version = $3, tombstoned = true, deleted_at = $2 WHERE key = $1', [
        key,
        now,
        b.version,
      ]);
      await q('INSERT INTO binding_history (key, at, actor, action, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
        key,
        now,
        actor,
        'delete',
        JSON.stringify(before),
        JSON.stringify(b),
      ]);
      return after;
    });
  }

  async deleteReserved(key: string, actor: string, now: string, principal?: Principal): Promise<StoreResult<Binding>> {
    return this.#tx(async (q) => {
      const { rows } = await q(`SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = $1 FOR UPDATE`, [key]);
      const before = rows[0] ? toBinding(rows[0] as BindingRow) : null;
      await this.#onLocked?.({ operation: 'delete', keys: [key], actor }, q);
      const allowed = guardDelete(principal, before);
      if (!allowed.ok) return allowed;
      const after = planDeleteReserved(key, before, now);
      if (!after.ok || !before) return after;
      await q('DELETE FROM bindings WHERE key = $1', [key]);
      await q('INSERT INTO binding_history (key, at, actor, action, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
        key,
        now,
        actor,
        'delete',
        JSON.stringify(before),
        JSON.stringify(after.value),
      ]);
      return after;
    });
  }

  async history(key: string) {
    const { rows } = await this.#q(
      'SELECT id, key, at, actor, action, before, after FROM binding_history WHERE key = $1 ORDER BY id',
      [key],
    );
    return (rows as HistoryRowDb[]).map(toHistory);
  }

  async longestBound(candidates: string[]): Promise<Binding | null> {
    const { rows } = await this.#q(
      `SELECT ${BINDING_COLUMNS} FROM bindings WHERE key = ANY($1::text[]) ORDER BY length(key) DESC, key DESC LIMIT 1`,
      [candidates],
    );
    return rows[0] ? toBinding(rows[0] as BindingRow) : null;
  }

  async listBindings(r: BindingRange): Promise<Binding[]> {
    const params: unknown[] = [r.after ?? r.lower];
    const where = [r.after === null ? 'key >= $1' : 'key > $1'];
    if (r.upper !== null) {
      params.push(r.upper);
      where.push(`key < $${params.length}`);
    }
    if (!r.includeTombstoned) where.push('NOT tombstoned');
    params.push(r.limit);
    const { rows } = await this.#q(
      `SELECT ${BINDING_COLUMNS} FROM bindings WHERE ${where.join(' AND ')} ORDER BY key LIMIT $${params.length}`,
      params,
    );
    return (rows as BindingRow[]).map(toBinding);
  }

  async searchBindings(q: SearchQuery & { readonly words: readonly SearchWord[] }): Promise<SearchResult> {
    return searchPostgres((sql, params) => this.#q(sql, params), q, BINDING_COLUMNS);
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
    // A transaction-level advisory lock per resource orders every version write of it (any format), so the
    // owner read below is the one the new version is checked against and stored with; the counter row's lock
    // then gives each the next version, none retries.
    return this.#tx(async (q) => {
      await q(`SELECT pg_advisory_xact_lock(hashtextextended('pdi ' || $1, 0))`, [resourceKey]);
      const latest = await q(
        'SELECT owner, owner_group FROM pdi_versions WHERE resource_key = $1 ORDER BY seq DESC LIMIT 1',
        [resourceKey],
      );
      const shoulders = owned.guard ? await shoulderGroups(q, [resourceKey]) : [];
      await this.#onLocked?.({ operation: 'pdi', keys: [resourceKey], actor }, q);
      const row = latest.rows[0] as { owner: string | null; owner_group: string | null } | undefined;
      const decided = decidePdi(
        owned,
        resourceKey,
        row ? { owner: row.owner, ownerGroup: row.owner_group } : null,
        shoulders,
      );
      if (!decided.ok) return decided;
      const counter = await q(
        `INSERT INTO counters (scope, name, value) VALUES ('pdi', $1, 1)
         ON CONFLICT (scope, name) DO UPDATE SET value = counters.value + 1 RETURNING value`,
        [`${resourceKey} ${format}`],
      );
      const version = Number((counter.rows[0] as { value: string }).value);
      const { rows } = await q(
        `INSERT INTO pdi_versions (${PDI_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${PDI_COLUMNS}`,
        [
          resourceKey,
          format,
          version,
          target,
          JSON.stringify(erc),
          now,
          actor,
          decided.value.owner,
          decided.value.ownerGroup,
        ],
      );
      return ok(toPdi(rows[0] as PdiRow));
    });
  }

  async getPdi(resourceKey: string, format: string | undefined, version: number | undefined) {
    const { rows } =
      format === undefined
        ? await this.#q(`SELECT ${PDI_COLUMNS} FROM pdi_versions WHERE resource_key = $1 ORDER BY seq DESC LIMIT 1`, [
            resourceKey,
          ])
        : version === undefined
          ? await this.#q(
              `SELECT ${PDI_COLUMNS} FROM pdi_versions WHERE resource_key = $1 AND format = $2 ORDER BY version DESC LIMIT 1`,
              [resourceKey, format],
            )
          : await this.#q(
              `SELECT ${PDI_COLUMNS} FROM pdi_versions WHERE resource_key = $1 AND format = $2 AND version = $3`,
              [resourceKey, format, version],
            );
    return rows[0] ? toPdi(rows[0] as PdiRow) : null;
  }

  async listPdi(f: PdiFilter, after: [string, string, number] | null): Promise<PdiVersion[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (f.lower !== undefined) add((n) => `resource_key >= $${n}`, f.lower);
    if (f.upper !== undefined && f.upper !== null) add((n) => `resource_key < $${n}`, f.upper);
    if (f.createdFrom !== undefined) add((n) => `created_at >= $${n}`, f.createdFrom);
    if (f.createdTo !== undefined) add((n) => `created_at < $${n}`, f.createdTo);
    if (after) {
      params.push(...after);
      const n = params.length;
      where.push(`(resource_key, format, version) > ($${n - 2}, $${n - 1}, $${n})`);
    }
    params.push(f.limit);
    const { rows } = await this.#q(
      `SELECT ${PDI_COLUMNS} FROM pdi_versions ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY resource_key, format, version LIMIT $${params.length}`,
      params,
    );
    return (rows as PdiRow[]).map(toPdi);
  }

  async secret(name: string, candidate: string): Promise<string> {
    await this.#q('INSERT INTO store_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      candidate,
    ]);
    const { rows } = await this.#q('SELECT value FROM store_secrets WHERE name = $1', [name]);
    return (rows[0] as { value: string }).value;
  }

  async nextSerial(name: string): Promise<number> {
    const { rows } = await this.#q(
      `INSERT INTO counters (scope, name, value) VALUES ('serial', $1, 1)
       ON CONFLICT (scope, name) DO UPDATE SET value = counters.value + 1 RETURNING value`,
      [name],
    );
    return Number((rows[0] as { value: string }).value);
  }

  async addNaan(naan: string, name: string, now: string) {
    const { rows } = await this.#q(
      'INSERT INTO naans (naan, name, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING naan, name, created_at',
      [naan, name, now],
    );
    return rows[0] ? toNaan(rows[0] as NaanRow) : null;
  }

  async listNaans() {
    const { rows } = await this.#q('SELECT naan, name, created_at FROM naans ORDER BY naan');
    return (rows as NaanRow[]).map(toNaan);
  }

  async setCommitment(prefix: string, statement: ErcRecord | null, actor: string, now: string) {
    if (statement === null) {
      await this.#q('DELETE FROM commitments WHERE prefix = $1', [prefix]);
      return null;
    }
    const { rows } = await this.#q(
      `INSERT INTO commitments (prefix, statement, updated_at, actor) VALUES ($1, $2, $3, $4)
       ON CONFLICT (prefix) DO UPDATE SET statement = excluded.statement, updated_at = excluded.updated_at, actor = excluded.actor
       RETURNING prefix, statement, updated_at, actor`,
      [prefix, JSON.stringify(statement), now, actor],
    );
    return toCommitment(rows[0] as CommitmentRow);
  }

  async listCommitments() {
    const { rows } = await this.#q('SELECT prefix, statement, updated_at, actor FROM commitments ORDER BY prefix');
    return (rows as CommitmentRow[]).map(toCommitment);
  }

  async addShoulder(s: ShoulderInput & { capacity: number | null }, now: string): Promise<StoreResult<Shoulder>> {
    return this.#tx(async (q) => {
      const naan = await q('SELECT 1 FROM naans WHERE naan = $1 FOR SHARE', [s.naan]);
      if (naan.rowCount === 0) return err('unknown-naan', `NAAN ${s.naan} is not served here`);
      const { rows } = await q(
        `INSERT INTO shoulders (key, naan, template, seed, capacity, minted, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6)
         ON CONFLICT DO NOTHING RETURNING ${SHOULDER_COLUMNS}`,
        [s.key, s.naan, s.template, s.seed, s.capacity, now],
      );
      return rows[0] ? ok(toShoulder(rows[0] as ShoulderRow)) : err('conflict', `shoulder ${s.key} exists`);
    });
  }

  async getShoulder(key: string) {
    const { rows } = await this.#q(`SELECT ${SHOULDER_COLUMNS} FROM shoulders WHERE key = $1`, [key]);
    return rows[0] ? toShoulder(rows[0] as ShoulderRow) : null;
  }

  async listShoulders(naan: string | undefined) {
    const { rows } =
      naan === undefined
        ? await this.#q(`SELECT ${SHOULDER_COLUMNS} FROM shoulders ORDER BY key`)
        : await this.#q(`SELECT ${SHOULDER_COLUMNS} FROM shoulders WHERE naan = $1 ORDER BY key`, [naan]);
    return (rows as ShoulderRow[]).map(toShoulder);
  }

  async reserveMint(key: string, n: number): Promise<StoreResult<Reservation>> {
    // One atomic UPDATE ... RETURNING: the row lock serializes instances; no value is handed out twice.
    const { rows } = await this.#q(
      `UPDATE shoulders SET minted = minted + $1 WHERE key = $2 AND (capacity IS NULL OR minted + $1 <= capacity)
       RETURNING minted - $1 AS first`,
      [n, key],
    );
    if (rows[0]) return ok({ first: Number((rows[0] as { first: string }).first), count: n });
    const s = await this.#q('SELECT capacity, minted FROM shoulders WHERE key = $1', [key]);
    const row = s.rows[0] as { capacity: string; minted: string } | undefined;
    if (!row) return err('not-found', `no shoulder ${key}`);
    const left = Number(row.capacity) - Number(row.minted);
    return err('mint-exhausted', `shoulder ${key} has ${left} of ${row.capacity} values left`);
  }

  async insertToken(t: TokenRow) {
    await this.#q(`INSERT INTO tokens (${TOKEN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)`, [
      t.id,
      t.name,
      t.hash,
      JSON.stringify(t.scopes),
      t.created_at,
      t.expires_at,
      t.owner,
    ]);
  }

  async listTokens() {
    const { rows } = await this.#q(`SELECT ${TOKEN_COLUMNS} FROM tokens ORDER BY created_at, id`);
    return (rows as TokenRow[]).map(toTokenInfo);
  }

  async revokeToken(id: string, now: string) {
    const { rows } = await this.#q(
      `UPDATE tokens SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2 RETURNING ${TOKEN_COLUMNS}`,
      [now, id],
    );
    return rows[0] ? toTokenInfo(rows[0] as TokenRow) : null;
  }

  async tokenByHash(hash: string) {
    const { rows } = await this.#q(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE hash = $1`, [hash]);
    return (rows[0] as TokenRow | undefined) ?? null;
  }

  async insertSession(row: SessionRow, now: string) {
    await this.#tx(async (q) => {
      await q('DELETE FROM sessions WHERE expires_at < $1', [now]);
      await q('INSERT INTO sessions (hash, token_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        row.hash,
        row.token_id,
        row.created_at,
        row.expires_at,
      ]);
    });
  }

  async sessionByHash(hash: string) {
    const { rows } = await this.#q(
      `SELECT s.hash, s.token_id, s.created_at AS s_created_at, s.expires_at AS s_expires_at,
         t.id, t.name, t.hash AS t_hash, t.scopes, t.created_at, t.revoked_at, t.expires_at, t.owner
       FROM sessions s JOIN tokens t ON t.id = s.token_id WHERE s.hash = $1`,
      [hash],
    );
    const r = rows[0] as Record<string, unknown> | undefined;
    if (!r) return null;
    const session = {
      hash: r['hash'],
      token_id: r['token_id'],
      created_at: r['s_created_at'],
      expires_at: r['s_expires_at'],
    } as SessionRow;
    const token = {
      id: r['id'],
      name: r['name'],
      hash: r['t_hash'],
      scopes: r['scopes'],
      created_at: r['created_at'],
      revoked_at: r['revoked_at'],
      expires_at: r['expires_at'],
      owner: r['owner'],
    } as TokenRow;
    return { session, token };
  }

  async deleteSession(hash: string) {
    await this.#q('DELETE FROM sessions WHERE hash = $1', [hash]);
  }

  async readRows(query: SqlQuery): Promise<Record<string, unknown>[]> {
    return (await this.#q(query.sql, query.params)).rows as Record<string, unknown>[];
  }

  async findBindings(scope: StatsScope, options: FindOptions): Promise<Binding[]> {
    const q = findSql('postgres', BINDING_COLUMNS, scope, options);
    return ((await this.#q(q.sql, q.params)).rows as BindingRow[]).map(toBinding);
  }

  async purgeExpired(range: KeyRange, before: string, actor: string, now: string, limit: number): Promise<string[]> {
    return this.#tx(async (q) => {
      const sel = expiredSql('postgres', BINDING_COLUMNS, range, before, limit);
      const rows = ((await q(sel.sql, sel.params)).rows as BindingRow[]).map(toBinding);
      for (const b of rows) {
        await q('DELETE FROM bindings WHERE key = $1', [b.key]);
        const after = { ...b, updatedAt: now, version: b.version + 1, tombstoned: true, deletedAt: b.deletedAt ?? now };
        await q('INSERT INTO binding_history (key, at, actor, action, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
          b.key,
          now,
          actor,
          'delete',
          JSON.stringify(b),
          JSON.stringify(after),
        ]);
      }
      return rows.map((b) => b.key);
    });
  }
  downloadQuery: DownloadQuery = async (sql, params) => (await this.#q(sql, params)).rows as DownloadJobRow[];
  linkQuery: LinkQuery = async (sql, params) => (await this.#q(sql, params)).rows;
  async addResolutionCounts(batch: ResolutionCountBatch): Promise<void> {
    // One transaction, one INSERT … SELECT FROM unnest … ON CONFLICT DO UPDATE per table: each gateway adds.
    await this.#tx(async (q) => {
      const i = batch.identifiers;
      if (i.length > 0)
        await q(upsertSql('postgres', 'identifier'), [i.map((c) => c.day), i.map((c) => c.key), i.map((c) => c.count)]);
      const s = batch.shoulders;
      if (s.length > 0)
        await q(upsertSql('postgres', 'shoulder'), [
          s.map((c) => c.day),
          s.map((c) => c.shoulder),
          s.map((c) => c.count),
        ]);
    });
  }
  resolutionQuery: ResolutionQuery = async (sql, params) => (await this.#q(sql, params)).rows;
  /** One transaction on one connection. */
  linkBatch: LinkBatch = (statements) =>
    this.#tx(async (q) => {
      const out: Record<string, unknown>[][] = [];
      for (const s of statements) out.push((await q(s.sql, s.params)).rows);
      return out;
    });
}

/** The fifteen binding columns as parallel arrays, for unnest. */
/**
 * The groups of the shoulders the keys fall under, read in the write's transaction `FOR KEY SHARE`: a
 * shoulder's group change (`setShoulderGroup` locks the row `FOR UPDATE`) waits for the write, and a write
 * that comes during a group change waits for it and reads the new group. KEY SHARE does not block a mint's
 * `UPDATE … SET minted` (it takes only `FOR NO KEY UPDATE`) nor other writers.
 */
async function shoulderGroups(q: Query, keys: readonly string[]): Promise<ShoulderGroups> {
  const { rows } = await q(
    `SELECT key, group_name FROM shoulders
     WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS k(key) WHERE starts_with(k.key, shoulders.key))
     FOR KEY SHARE`,
    [keys],
  );
  return (rows as { key: string; group_name: string | null }[]).map((r) => ({ key: r.key, group: r.group_name }));
}

function columns(bindings: Binding[]): unknown[] {
  return [
    bindings.map((b) => b.key),
    bindings.map((b) => b.target),
    bindings.map((b) => b.status),
    bindings.map((b) => JSON.stringify(b.erc)),
    bindings.map((b) => (b.support === null ? null : JSON.stringify(b.support))),
    bindings.map((b) => b.createdAt),
    bindings.map((b) => b.updatedAt),
    bindings.map((b) => b.version),
    bindings.map((b) => b.tombstoned),
    bindings.map((b) => b.deletedAt),
    bindings.map((b) => b.identifierStatus),
    bindings.map((b) => b.statusReason),
    bindings.map((b) => b.owner),
    bindings.map((b) => JSON.stringify(b.metadata)),
    bindings.map((b) => b.ownerGroup),
  ];
}
