/**
 * What the console's dashboard and the demo-identifier purge ask the store: counts by status, by prefix
 * (shoulder) and by month of creation, the latest changes, bindings by status, and the removal of bindings
 * created before an instant under some prefixes. Every question is limited to a `StatsScope`: the
 * identifiers a user owns, co-owns or shares through a group, or everything (an administrator). The SQL
 * is built here once for both dialects; the backends run it. Each query is a GROUP BY or a range read
 * over an index (migration 8: `bindings (tombstoned, identifier_status)`, `(created_at)`, `(owner)`,
 * `(owner_group)`), never a scan of every row in process memory.
 */
import type { Backend } from './backend.ts';
import type { IdentifierStatus } from './schema.ts';

/** Whose identifiers: `owners` null means everyone's (an administrator); else owned by one of `owners` or in one of `groups`. */
export interface StatsScope {
  readonly owners: readonly string[] | null;
  readonly groups: readonly string[];
}

/** Every identifier (an administrator's view). */
export const EVERY_IDENTIFIER: StatsScope = { owners: null, groups: [] };

export interface PrefixCount {
  readonly prefix: string;
  readonly count: number;
}

export interface MonthCount {
  /** `YYYY-MM` (UTC). */
  readonly month: string;
  readonly count: number;
}

export interface BindingStats {
  /** Live bindings (tombstones left out). */
  readonly total: number;
  readonly byStatus: Readonly<Record<IdentifierStatus, number>>;
  /** Live bindings under each prefix asked for, in the order asked. */
  readonly byPrefix: readonly PrefixCount[];
  /** Live bindings created in each month since `since` (months without any left out), oldest first. */
  readonly byMonth: readonly MonthCount[];
}

export interface StatsOptions {
  /** Plain string prefixes to count under (the shoulders); at most 200. */
  readonly prefixes?: readonly string[];
  /** Count creations per month from this ISO 8601 instant on. */
  readonly since: string;
}

export interface FindOptions {
  readonly status?: IdentifierStatus;
  /** Only bindings created before this ISO 8601 instant. */
  readonly createdBefore?: string;
  /** 1..1000. */
  readonly limit: number;
}

export interface PurgeOutcome {
  /** The keys removed, in key order. */
  readonly purged: readonly string[];
  /** True when `limit` was reached: there may be more to purge. */
  readonly more: boolean;
}

/** A plain string prefix as a key range: keys >= lower and < upper (no upper: to the end). */
export interface KeyRange {
  readonly lower: string;
  readonly upper: string | null;
}

export type Dialect = 'sqlite' | 'postgres';

/** Parameters of one statement, with the dialect's placeholders (`?` or `$n`). */
export class SqlParams {
  readonly values: unknown[] = [];
  constructor(readonly dialect: Dialect) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'sqlite' ? '?' : `$${this.values.length}`;
  }
}

/** The scope as a condition on the `bindings` table aliased `b`. */
export function scopeCondition(scope: StatsScope, p: SqlParams): string {
  if (scope.owners === null) return '1 = 1';
  const parts: string[] = [];
  if (scope.owners.length > 0) parts.push(`b.owner IN (${scope.owners.map((o) => p.add(o)).join(', ')})`);
  if (scope.groups.length > 0) parts.push(`b.owner_group IN (${scope.groups.map((g) => p.add(g)).join(', ')})`);
  return parts.length === 0 ? '1 = 0' : `(${parts.join(' OR ')})`;
}

const live = (d: Dialect): string => (d === 'sqlite' ? 'b.tombstoned = 0' : 'NOT b.tombstoned');

/** Counts by status: `identifier_status, n`. */
export function statusCountSql(d: Dialect, scope: StatsScope): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const sql = `SELECT b.identifier_status AS status, count(*) AS n FROM bindings b WHERE ${live(d)} AND ${scopeCondition(scope, p)} GROUP BY b.identifier_status`;
  return { sql, params: p.values };
}

/** Count under one key range. */
export function rangeCountSql(d: Dialect, scope: StatsScope, range: KeyRange): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const bounds = [`b.key >= ${p.add(range.lower)}`];
  if (range.upper !== null) bounds.push(`b.key < ${p.add(range.upper)}`);
  const sql = `SELECT count(*) AS n FROM bindings b WHERE ${bounds.join(' AND ')} AND ${live(d)} AND ${scopeCondition(scope, p)}`;
  return { sql, params: p.values };
}

/** Creations per month since an instant: `month, n`. */
export function monthCountSql(d: Dialect, scope: StatsScope, since: string): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const month = d === 'sqlite' ? 'substr(b.created_at, 1, 7)' : `to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const sql = `SELECT ${month} AS month, count(*) AS n FROM bindings b WHERE b.created_at >= ${p.add(since)} AND ${live(d)} AND ${scopeCondition(scope, p)} GROUP BY ${month} ORDER BY month`;
  return { sql, params: p.values };
}

/** The latest history entries of bindings in scope, newest first. */
export function recentChangesSql(d: Dialect, scope: StatsScope, limit: number): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const sql =
    scope.owners === null
      ? `SELECT h.id, h.key, h.at, h.actor, h.action, h.before, h.after FROM binding_history h ORDER BY h.id DESC LIMIT ${p.add(limit)}`
      : `SELECT h.id, h.key, h.at, h.actor, h.action, h.before, h.after FROM binding_history h JOIN bindings b ON b.key = h.key WHERE ${scopeCondition(scope, p)} ORDER BY h.id DESC LIMIT ${p.add(limit)}`;
  return { sql, params: p.values };
}

/** Bindings in scope by status (and created before an instant), most recently updated first. */
export function findSql(
  d: Dialect,
  columns: string,
  scope: StatsScope,
  options: FindOptions,
): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const where = [live(d), scopeCondition(scope, p)];
  if (options.status !== undefined) where.push(`b.identifier_status = ${p.add(options.status)}`);
  if (options.createdBefore !== undefined) where.push(`b.created_at < ${p.add(options.createdBefore)}`);
  const cols = columns
    .split(',')
    .map((c) => `b.${c.trim()}`)
    .join(', ');
  const sql = `SELECT ${cols} FROM bindings b WHERE ${where.join(' AND ')} ORDER BY b.updated_at DESC, b.key LIMIT ${p.add(options.limit)}`;
  return { sql, params: p.values };
}

/** Bindings (and tombstones) under a key range created before an instant, in key order. */
export function expiredSql(
  d: Dialect,
  columns: string,
  range: KeyRange,
  before: string,
  limit: number,
): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const where = [`key >= ${p.add(range.lower)}`];
  if (range.upper !== null) where.push(`key < ${p.add(range.upper)}`);
  where.push(`created_at < ${p.add(before)}`);
  const sql = `SELECT ${columns} FROM bindings WHERE ${where.join(' AND ')} ORDER BY key LIMIT ${p.add(limit)}${d === 'postgres' ? ' FOR UPDATE' : ''}`;
  return { sql, params: p.values };
}

export const STATS_MIGRATION_NAME = 'indexes for the console dashboard: status, creation time, owner, owner group';

/** The migration-8 indexes, one statement each (the same in both dialects). */
export const STATS_INDEXES = `
CREATE INDEX bindings_live_status ON bindings (tombstoned, identifier_status);
CREATE INDEX bindings_created ON bindings (created_at);
CREATE INDEX bindings_owner ON bindings (owner);
CREATE INDEX bindings_owner_group ON bindings (owner_group);
`;

/** A statement and its parameters. */
export interface SqlQuery {
  readonly sql: string;
  readonly params: unknown[];
}

const MAX_PREFIXES = 200;
const MAX_SCOPE_NAMES = 500;

/** Why a scope cannot be used, or null. */
export function scopeProblem(scope: StatsScope): string | null {
  if (typeof scope !== 'object' || scope === null) return 'a scope is { owners, groups }';
  const { owners, groups } = scope;
  if (owners !== null && (!Array.isArray(owners) || owners.some((o) => typeof o !== 'string'))) {
    return 'owners is null or a list of user names';
  }
  if (!Array.isArray(groups) || groups.some((g) => typeof g !== 'string')) return 'groups is a list of group names';
  if ((owners?.length ?? 0) + groups.length > MAX_SCOPE_NAMES) return `at most ${MAX_SCOPE_NAMES} owners and groups`;
  return null;
}

/** Why a list of prefixes cannot be counted, or null. */
export function prefixesProblem(prefixes: readonly string[]): string | null {
  if (!Array.isArray(prefixes) || prefixes.length > MAX_PREFIXES) return `give at most ${MAX_PREFIXES} prefixes`;
  if (prefixes.some((x) => typeof x !== 'string' || x === '' || x.length > 1000)) {
    return 'a prefix is a non-empty string of at most 1000 characters';
  }
  return null;
}

const count = (v: unknown): number => Number(v ?? 0);

/** The dashboard's counts, read with one GROUP BY per figure and one range count per prefix. */
export async function readStats(
  b: Pick<Backend, 'readRows' | 'name'>,
  scope: StatsScope,
  ranges: readonly (KeyRange & { readonly prefix: string })[],
  since: string,
): Promise<BindingStats> {
  const byStatus: Record<IdentifierStatus, number> = { public: 0, reserved: 0, unavailable: 0 };
  for (const row of await b.readRows(statusCountSql(b.name, scope))) {
    const s = row['status'] as IdentifierStatus;
    if (s in byStatus) byStatus[s] = count(row['n']);
  }
  const byPrefix: PrefixCount[] = [];
  for (const r of ranges) {
    const [row] = await b.readRows(rangeCountSql(b.name, scope, r));
    byPrefix.push({ prefix: r.prefix, count: count(row?.['n']) });
  }
  const byMonth = (await b.readRows(monthCountSql(b.name, scope, since))).map((row) => ({
    month: String(row['month']),
    count: count(row['n']),
  }));
  return { total: byStatus.public + byStatus.reserved + byStatus.unavailable, byStatus, byPrefix, byMonth };
}
