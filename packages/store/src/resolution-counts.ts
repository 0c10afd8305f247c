import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';

/**
 * Usage statistics (issue 25): how many times each identifier, and each shoulder, was resolved per day
 * (UTC). The gateway counts in memory and adds a whole batch at a time (`addResolutionCounts`): one
 * transaction, one statement per table (SQLite: one prepared `INSERT … ON CONFLICT DO UPDATE` run per row;
 * PostgreSQL: one `INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE`), adding to what is there, so
 * several gateways on one PostgreSQL database add up and never overwrite each other. Two new tables
 * (migration 12), nothing on `bindings`:
 *
 *   resolution_counts           (key, day) → count     key: the binding's key (an identifier or prefix rule)
 *   shoulder_resolution_counts  (shoulder, day) → count
 *
 * Days are `YYYY-MM-DD` text in both dialects (they sort as dates; `substr(day, 1, 7)` is the month).
 */

/** One identifier's resolutions on one day. */
export interface IdentifierDayCount {
  readonly day: string;
  readonly key: string;
  readonly count: number;
}

/** One shoulder's resolutions on one day. */
export interface ShoulderDayCount {
  readonly day: string;
  readonly shoulder: string;
  readonly count: number;
}

/** What one flush adds. A (day, key) may appear more than once: the store adds the counts up first. */
export interface ResolutionCountBatch {
  readonly identifiers: readonly IdentifierDayCount[];
  readonly shoulders: readonly ShoulderDayCount[];
}

/** The query of a report or chart: counts per key and per day or month, in [from, to]. */
export interface ResolutionCountQuery {
  /** Per identifier (binding key) or per shoulder. */
  readonly by: 'identifier' | 'shoulder';
  /** First and last day, `YYYY-MM-DD`, both included. */
  readonly from: string;
  readonly to: string;
  /** `day` (`YYYY-MM-DD` periods) or `month` (`YYYY-MM`). */
  readonly group: 'day' | 'month';
  /** Only these keys (identifiers or shoulders), at most 1000. */
  readonly keys?: readonly string[];
  /** Only keys starting with this (a shoulder, for identifiers). */
  readonly prefix?: string;
  /** By identifier only: only identifiers bound to this owner. */
  readonly owner?: string;
  /** Only rows after this one in the report's order (key, then period): the next page. */
  readonly after?: { readonly key: string; readonly period: string };
  /** At most this many rows (1..100,000; default 10,000). */
  readonly limit?: number;
}

/** One row: a key's resolutions in one period; for identifiers, who owns the binding now (null: none). */
export interface ResolutionCountRow {
  readonly key: string;
  readonly period: string;
  readonly count: number;
  /** By identifier: the binding's owner, group and status now; null when no binding holds the key any more. */
  readonly binding: {
    readonly owner: string | null;
    readonly ownerGroup: string | null;
    readonly identifierStatus: 'public' | 'reserved' | 'unavailable';
  } | null;
}

export type ResolutionQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The most entries one batch may hold (each table). */
export const MAX_COUNT_BATCH = 1_000_000;
const MAX_KEY = 4096;
const MAX_COUNT = 2 ** 31 - 1;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a real day. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function checkDay(value: unknown, what: string): StoreResult<string> {
  return isDay(value) ? ok(value) : err('invalid-date', `the ${what} is not a day (YYYY-MM-DD)`);
}

/** The batch with duplicates added up (PostgreSQL refuses to update one row twice in a statement). */
export function checkBatch(batch: ResolutionCountBatch): StoreResult<ResolutionCountBatch> {
  if (
    typeof batch !== 'object' ||
    batch === null ||
    !Array.isArray(batch.identifiers) ||
    !Array.isArray(batch.shoulders)
  )
    return err('invalid-count', 'a batch is { identifiers: [], shoulders: [] }');
  if (batch.identifiers.length > MAX_COUNT_BATCH || batch.shoulders.length > MAX_COUNT_BATCH)
    return err('invalid-limit', `at most ${MAX_COUNT_BATCH} counts of each kind per batch`);
  const merge = <T extends { day: string; count: number }>(
    rows: readonly T[],
    keyOf: (r: T) => unknown,
  ): StoreResult<Map<string, [string, string, number]>> => {
    const out = new Map<string, [string, string, number]>();
    for (const r of rows) {
      const day = checkDay(r?.day, 'day of a count');
      if (!day.ok) return day;
      const key = keyOf(r);
      if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY)
        return err('invalid-key', `a counted key is 1 to ${MAX_KEY} characters`);
      if (!Number.isSafeInteger(r.count) || r.count < 1 || r.count > MAX_COUNT)
        return err('invalid-count', `a count is a whole number from 1 to ${MAX_COUNT}`);
      const id = `${day.value} ${key}`;
      const seen = out.get(id);
      if (seen) seen[2] = Math.min(MAX_COUNT, seen[2] + r.count);
      else out.set(id, [day.value, key, r.count]);
    }
    return ok(out);
  };
  const ids = merge(batch.identifiers, (r) => r.key);
  if (!ids.ok) return ids;
  const sh = merge(batch.shoulders, (r) => r.shoulder);
  if (!sh.ok) return sh;
  return ok({
    identifiers: [...ids.value.values()].map(([day, key, count]) => ({ day, key, count })),
    shoulders: [...sh.value.values()].map(([day, shoulder, count]) => ({ day, shoulder, count })),
  });
}

const TABLE = { identifier: 'resolution_counts', shoulder: 'shoulder_resolution_counts' } as const;
const KEY = { identifier: 'key', shoulder: 'shoulder' } as const;

/** The upsert of one table, `$1` days, `$2` keys, `$3` counts (PostgreSQL, arrays) or one row's values (SQLite). */
export function upsertSql(dialect: 'sqlite' | 'postgres', by: 'identifier' | 'shoulder'): string {
  const table = TABLE[by];
  const key = KEY[by];
  const source =
    dialect === 'postgres' ? 'SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])' : 'VALUES (?, ?, ?)';
  return `INSERT INTO ${table} (day, ${key}, count) ${source}
    ON CONFLICT (${key}, day) DO UPDATE SET count = ${table}.count + excluded.count`;
}

/** The counts the store answers for reports and charts, and pruning. Nothing here throws. */
export interface ResolutionCounts {
  query(q: ResolutionCountQuery): Promise<StoreResult<ResolutionCountRow[]>>;
  /** Remove every count of a day before `before` (`YYYY-MM-DD`); how many rows went. */
  prune(before: string): Promise<StoreResult<number>>;
}

export function resolutionCounts(
  run: <T>(fn: (query: ResolutionQuery) => Promise<StoreResult<T>>) => Promise<StoreResult<T>>,
): ResolutionCounts {
  return {
    query(q) {
      const from = checkDay(q.from, 'first day');
      if (!from.ok) return Promise.resolve(from);
      const to = checkDay(q.to, 'last day');
      if (!to.ok) return Promise.resolve(to);
      if (q.by !== 'identifier' && q.by !== 'shoulder')
        return Promise.resolve(err('invalid-limit', 'by is identifier or shoulder'));
      const limit = q.limit ?? 10_000;
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000)
        return Promise.resolve(err('invalid-limit', 'the limit is 1 to 100000'));
      if (q.keys !== undefined && (!Array.isArray(q.keys) || q.keys.length > 1000))
        return Promise.resolve(err('invalid-limit', 'at most 1000 keys'));
      const table = TABLE[q.by];
      const key = `c.${KEY[q.by]}`;
      const period = `substr(c.day, 1, ${q.group === 'month' ? 7 : 10})`;
      const params: unknown[] = [from.value, to.value];
      const p = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      const where = ['c.day >= $1', 'c.day <= $2'];
      if (q.keys !== undefined) {
        if (q.keys.length === 0) return Promise.resolve(ok([]));
        where.push(`${key} IN (${q.keys.map((k) => p(String(k).slice(0, MAX_KEY))).join(', ')})`);
      }
      if (q.prefix !== undefined) {
        const x = p(String(q.prefix).slice(0, MAX_KEY));
        where.push(`substr(${key}, 1, length(${x})) = ${x}`);
      }
      const identifiers = q.by === 'identifier';
      if (q.owner !== undefined) {
        if (!identifiers) return Promise.resolve(err('invalid-limit', 'owner filters identifiers only'));
        where.push(`b.owner = ${p(String(q.owner))}`);
      }
      if (q.after !== undefined) {
        const k = p(String(q.after.key));
        const per = p(String(q.after.period));
        where.push(`(${key} > ${k} OR (${key} = ${k} AND ${period} > ${per}))`);
      }
      const binding = identifiers ? ', b.owner, b.owner_group, b.identifier_status' : '';
      const join = identifiers ? 'LEFT JOIN bindings b ON b.key = c.key AND NOT b.tombstoned' : '';
      const sql = `SELECT ${key} AS k, ${period} AS period, SUM(c.count) AS n${binding}
        FROM ${table} c ${join}
        WHERE ${where.join(' AND ')}
        GROUP BY ${key}, ${period}${binding}
        ORDER BY ${key}, ${period} LIMIT ${p(limit)}`;
      return run(async (query) => {
        const rows = await query(sql, params);
        return ok(
          rows.map((r) => ({
            key: String(r['k']),
            period: String(r['period']),
            count: Number(r['n']),
            binding:
              identifiers && r['identifier_status'] != null
                ? {
                    owner: (r['owner'] ?? null) as string | null,
                    ownerGroup: (r['owner_group'] ?? null) as string | null,
                    identifierStatus: r['identifier_status'] as 'public' | 'reserved' | 'unavailable',
                  }
                : null,
          })),
        );
      });
    },
    prune(before) {
      const day = checkDay(before, 'day to prune before');
      if (!day.ok) return Promise.resolve(day);
      return run(async (query) => {
        const a = await query(`DELETE FROM ${TABLE.identifier} WHERE day < $1 RETURNING day`, [day.value]);
        const b = await query(`DELETE FROM ${TABLE.shoulder} WHERE day < $1 RETURNING day`, [day.value]);
        return ok(a.length + b.length);
      });
    },
  };
}

/** Migration 12's tables (keys sort by code point: `COLLATE "C"` on PostgreSQL, as the bindings' keys). */
function countsSql(collate: string, count: string): string {
  return `
CREATE TABLE resolution_counts (
  key TEXT${collate} NOT NULL,
  day TEXT NOT NULL,
  count ${count} NOT NULL,
  PRIMARY KEY (key, day)
);
CREATE INDEX resolution_counts_day ON resolution_counts (day);
CREATE TABLE shoulder_resolution_counts (
  shoulder TEXT${collate} NOT NULL,
  day TEXT NOT NULL,
  count ${count} NOT NULL,
  PRIMARY KEY (shoulder, day)
);
CREATE INDEX shoulder_resolution_counts_day ON shoulder_resolution_counts (day);
`;
}

export const SQLITE_COUNTS_SQL = countsSql('', 'INTEGER');
export const POSTGRES_COUNTS_SQL = countsSql(' COLLATE "C"', 'BIGINT');
