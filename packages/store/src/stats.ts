/**
 * What the console's dashboard and the demo-identifier purge ask the store: counts by status, by prefix
 * (shoulder) and by month of creation, the latest changes, bindings by status, and the removal of bindings
 * created before an instant under some prefixes. Every question is limited to a `StatsScope`: the
 * identifiers a user owns, co-owns or shares through a group, or everything (an administrator). The SQL
 * is built here once for both dialects; the backends run it. Each query is a GROUP BY or a range read
 * over an index (the primary key for key ranges; the partial indexes of live bindings on status, owner,
 * owner group and creation time that migration 7 made for the Manage search), never a scan in the
 * gateway's memory.
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

/**
 * The live bindings in scope that satisfy `where` (a condition on `b`), as rows of `columns` (expressions on
 * `b`): for a user, one part read by the owner index and one by the owner-group index (rows the first part
 * already has left out), joined with UNION ALL, so each part is an index range and no row counts twice.
 */
function scopedRows(
  d: Dialect,
  scope: StatsScope,
  p: SqlParams,
  columns: string,
  where: (p: SqlParams) => string,
): string {
  // Each part adds its own parameters (SQLite's `?` are positional).
  const base = () => {
    const w = where(p);
    return `SELECT ${columns} FROM bindings b WHERE ${live(d)}${w === '' ? '' : ` AND ${w}`}`;
  };
  if (scope.owners === null) return base();
  const parts: string[] = [];
  if (scope.owners.length > 0) {
    const b = base();
    parts.push(`${b} AND b.owner IN (${scope.owners.map((o) => p.add(o)).join(', ')})`);
  }
  if (scope.groups.length > 0) {
    const b = base();
    const groups = scope.groups.map((g) => p.add(g)).join(', ');
    const notOwned =
      scope.owners.length === 0
        ? ''
        : ` AND (b.owner IS NULL OR b.owner NOT IN (${scope.owners.map((o) => p.add(o)).join(', ')}))`;
    parts.push(`${b} AND b.owner_group IN (${groups})${notOwned}`);
  }
  return parts.length === 0 ? `${base()} AND 1 = 0` : parts.join(' UNION ALL ');
}

/** Counts by status: `status, n`. */
export function statusCountSql(d: Dialect, scope: StatsScope): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const rows = scopedRows(d, scope, p, 'b.identifier_status AS status', () => '');
  return { sql: `SELECT s.status, count(*) AS n FROM (${rows}) s GROUP BY s.status`, params: p.values };
}

/** Count under one key range. */
export function rangeCountSql(d: Dialect, scope: StatsScope, range: KeyRange): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const where = (q: SqlParams) =>
    range.upper === null
      ? `b.key >= ${q.add(range.lower)}`
      : `b.key >= ${q.add(range.lower)} AND b.key < ${q.add(range.upper)}`;
  if (scope.owners === null) {
    return { sql: `SELECT count(*) AS n FROM bindings b WHERE ${where(p)} AND ${live(d)}`, params: p.values };
  }
  const rows = scopedRows(d, scope, p, '1 AS one', where);
  return { sql: `SELECT count(*) AS n FROM (${rows}) s`, params: p.values };
}

/** Creations per month since an instant: `month, n`. */
export function monthCountSql(d: Dialect, scope: StatsScope, since: string): { sql: string; params: unknown[] } {
  const p = new SqlParams(d);
  const month = d === 'sqlite' ? 'substr(b.created_at, 1, 7)' : `to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = scopedRows(d, scope, p, `${month} AS month`, (q) => `b.created_at >= ${q.add(since)}`);
  return { sql: `SELECT s.month, count(*) AS n FROM (${rows}) s GROUP BY s.month ORDER BY s.month`, params: p.values };
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
  const where = (q: SqlParams) => {
    const w: string[] = [];
    if (options.status !== undefined) w.push(`b.identifier_status = ${q.add(options.status)}`);
    if (options.createdBefore !== undefined) w.push(`b.created_at < ${q.add(options.createdBefore)}`);
    return w.join(' AND ');
  };
  const names = columns.split(',').map((c) => c.trim());
  const rows = scopedRows(d, scope, p, names.map((c) => `b.${c} AS ${c}`).join(', '), where);
  const sql = `SELECT ${names.map((c) => `s.${c}`).join(', ')} FROM (${rows}) s ORDER BY s.updated_at DESC, s.key LIMIT ${p.add(options.limit)}`;
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
