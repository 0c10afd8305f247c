import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { isoTime } from './rows.ts';
import { checkInstant, checkInt } from './validate.ts';

/**
 * Link checking (issue 25): one row per distinct target of the public identifiers (`link_targets`), so a
 * target that many identifiers share is checked once per round, and a bounded history of its checks
 * (`link_checks`). The store keeps the state and hands out leases; the rule that turns checks into
 * "failing" and "broken" is the gateway's (apps/gateway/src/links/), which passes the new state in.
 *
 * Leases: `claim` marks due targets as taken by one checker for a while, in one statement. On PostgreSQL
 * the candidates are read `FOR UPDATE SKIP LOCKED`, so checkers on several gateways never take the same
 * target; on SQLite the database has one writer at a time, and `lead` names the one instance that checks.
 * The SQL is the same for both dialects except for that clause (`$n` parameters; SQLite reads them as `?`).
 */

/** How a check ended (the gateway's classification). */
export const LINK_CLASSES = [
  'ok',
  'redirected',
  'client-error',
  'server-error',
  'timeout',
  'dns',
  'tls',
  'connection',
  'too-many-redirects',
  'soft-404',
  'try-later',
  'invalid',
  // Not checked: the target's address is loopback, private, link-local or otherwise special (the SSRF guard).
  'blocked-address',
] as const;
export type LinkClass = (typeof LINK_CLASSES)[number];

/** `unchecked` until the first check; `failing` after a failure, `broken` once the window rule says so. */
export const LINK_STATES = ['unchecked', 'ok', 'failing', 'broken'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export interface LinkTarget {
  readonly target: string;
  readonly state: LinkState;
  readonly lastClass: LinkClass | null;
  readonly lastStatus: number | null;
  readonly lastCheckedAt: string | null;
  /** The first failure of the current run of failures (null when the last check did not fail). */
  readonly firstFailureAt: string | null;
  readonly lastFailureAt: string | null;
  /** Failures since the last success. */
  readonly failures: number;
  readonly brokenAt: string | null;
  readonly dueAt: string;
  readonly checks: number;
}

/** One hop of a check: the URL asked, the method, and the status it answered (null when none came). */
export interface LinkHop {
  readonly url: string;
  readonly method: 'HEAD' | 'GET';
  readonly status: number | null;
}

export interface LinkCheck {
  readonly target: string;
  readonly at: string;
  readonly class: LinkClass;
  readonly status: number | null;
  readonly finalUrl: string | null;
  readonly chain: readonly LinkHop[];
  readonly durationMs: number;
  readonly detail: string;
}

/** What a checker writes after a check: the target's new state (the gateway's rule) and the check. */
export interface LinkResult {
  readonly state: LinkState;
  readonly firstFailureAt: string | null;
  readonly lastFailureAt: string | null;
  readonly failures: number;
  readonly brokenAt: string | null;
  readonly dueAt: string;
  readonly check: LinkCheck;
}

/** A target whose last check failed, with the identifiers (public, live) that point at it. */
export interface LinkReportRow extends LinkTarget {
  readonly identifiers: readonly {
    readonly key: string;
    readonly owner: string | null;
    readonly ownerGroup?: string | null;
  }[];
  /** Where the last check's redirect chain ended (null when it got no answer). */
  readonly finalUrl?: string | null;
}

export interface LinkReportFilter {
  /** Only targets past the window (`broken`), not those still `failing`. */
  readonly broken?: boolean;
  /** Only identifiers of this owner. */
  readonly owner?: string;
  /** Only identifiers whose key starts with this (a shoulder). */
  readonly prefix?: string;
  /**
   * Only identifiers owned by one of `owners` or of one of `groups` (the console's "your identifiers");
   * absent: everyone's.
   */
  readonly scope?: { readonly owners: readonly string[]; readonly groups: readonly string[] };
  readonly class?: LinkClass;
  /** Only targets whose first failure is at or before this instant (failing at least this long). */
  readonly failingSince?: string;
  /** At most this many targets (1..100,000; default 10,000). */
  readonly limit?: number;
  /** Only targets after this one (in the report's order): the next page after a report ending there. */
  readonly after?: string;
}

/** `store.links`. Nothing here throws. `now` is always the caller's clock (ISO 8601), for tests. */
export interface LinkChecks {
  /**
   * Add a row for every distinct http(s) target of a live public identifier that has none (due at `now`),
   * and drop the rows (and history) of targets no identifier points at any more.
   */
  sync(now: string): Promise<StoreResult<{ readonly added: number; readonly removed: number }>>;
  /** Targets known (the size of a round). */
  count(): Promise<StoreResult<number>>;
  /**
   * Lease up to `limit` targets due at `now` (oldest due first) to `holder` for `leaseSeconds`; a target
   * leased to another holder whose lease has not run out is never given.
   */
  claim(holder: string, limit: number, now: string, leaseSeconds: number): Promise<StoreResult<LinkTarget[]>>;
  /** Record a check of a target leased to `holder`, keep its last `keep` checks; `not-found` when the lease is lost. */
  finish(holder: string, result: LinkResult, keep: number): Promise<StoreResult<void>>;
  /**
   * Record several checks in ONE transaction (the checker's batch): each result as `finish` would, in order,
   * each target's history trimmed to its last `keep` once at the end. The outer result fails only when the
   * database did (then nothing of the batch is written); each entry says whether its result was written
   * (`not-found`: the lease was lost; a validation error: that result alone is left out). At most 10,000.
   */
  finishMany(
    holder: string,
    results: readonly LinkResult[],
    keep: number,
  ): Promise<StoreResult<readonly StoreResult<void>[]>>;
  /** The target's state, or `not-found`. */
  get(target: string): Promise<StoreResult<LinkTarget>>;
  /** The target's checks, newest first. */
  history(target: string, limit?: number): Promise<StoreResult<LinkCheck[]>>;
  /** How many targets are in each (state, last class): one `GROUP BY`, for the Prometheus gauges. */
  tally(): Promise<StoreResult<LinkTally[]>>;
  /** Targets whose last check failed, by target. */
  report(filter?: LinkReportFilter): Promise<StoreResult<LinkReportRow[]>>;
  /**
   * Hold the named lease (one checker among instances, on SQLite): true when `holder` has it now (taken or
   * renewed for `seconds`), false when another holder's has not run out.
   */
  lead(name: string, holder: string, now: string, seconds: number): Promise<StoreResult<boolean>>;
}

/** One group of `tally`: targets in this state whose last check ended in this class (null: unchecked). */
export interface LinkTally {
  readonly state: LinkState;
  readonly class: LinkClass | null;
  readonly count: number;
}

export type LinkQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
/** Statements run in one transaction; each one's rows. */
export type LinkBatch = (
  statements: readonly { readonly sql: string; readonly params: unknown[] }[],
) => Promise<Record<string, unknown>[][]>;

const TARGET_COLUMNS =
  'target, state, last_class, last_status, last_checked_at, first_failure_at, last_failure_at, failures, broken_at, due_at, checks';
const MAX_TARGET = 8192;
const MAX_HOLDER = 200;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const time = (v: unknown): string | null => (v === null || v === undefined ? null : isoTime(v as string | Date));

function toTarget(row: Record<string, unknown>): LinkTarget {
  return {
    target: String(row['target']),
    state: row['state'] as LinkState,
    lastClass: (row['last_class'] ?? null) as LinkClass | null,
    lastStatus: num(row['last_status']),
    lastCheckedAt: time(row['last_checked_at']),
    firstFailureAt: time(row['first_failure_at']),
    lastFailureAt: time(row['last_failure_at']),
    failures: Number(row['failures']),
    brokenAt: time(row['broken_at']),
    dueAt: isoTime(row['due_at'] as string),
    checks: Number(row['checks']),
  };
}

function toCheck(row: Record<string, unknown>): LinkCheck {
  return {
    target: String(row['target']),
    at: isoTime(row['at'] as string),
    class: row['class'] as LinkClass,
    status: num(row['status']),
    finalUrl: (row['final_url'] ?? null) as string | null,
    chain: JSON.parse(String(row['chain'])) as LinkHop[],
    durationMs: Number(row['duration_ms']),
    detail: String(row['detail']),
  };
}

function instant(value: unknown, what: string): StoreResult<string> {
  const t = checkInstant(value, what);
  if (!t.ok) return t;
  return t.value === undefined ? err('invalid-date', `the ${what} is required`) : ok(t.value);
}

function text(value: unknown, max: number, what: string): StoreResult<string> {
  return typeof value === 'string' && value.length > 0 && value.length <= max
    ? ok(value)
    : err('invalid-binding', `the ${what} is 1 to ${max} characters`);
}

interface CheckedResult {
  readonly target: string;
  readonly at: string;
  readonly due: string;
  readonly chain: string;
}

/** A result's fields checked as `finish` checks them. */
function checkResult(result: LinkResult): StoreResult<CheckedResult> {
  const c = result.check;
  const t = text(c.target, MAX_TARGET, 'target');
  if (!t.ok) return t;
  const at = instant(c.at, 'check time');
  if (!at.ok) return at;
  const due = instant(result.dueAt, 'due time');
  if (!due.ok) return due;
  if (!(LINK_STATES as readonly string[]).includes(result.state)) {
    return err('invalid-binding', `no such link state ${String(result.state).slice(0, 40)}`);
  }
  if (!(LINK_CLASSES as readonly string[]).includes(c.class)) {
    return err('invalid-binding', `no such link class ${String(c.class).slice(0, 40)}`);
  }
  const chain = JSON.stringify(c.chain.slice(0, 50)).slice(0, 65_536);
  return ok({ target: t.value, at: at.value, due: due.value, chain });
}

/** The statements of one result in a batch: the check (only while the lease is held), then the state. */
function resultStatements(holder: string, result: LinkResult, v: CheckedResult) {
  const c = result.check;
  return [
    {
      sql: `INSERT INTO link_checks (target, at, class, status, final_url, chain, duration_ms, detail)
            SELECT $1, $2, $3, $4, $5, $6, $7, $8 FROM link_targets WHERE target = $1 AND lease_holder = $9`,
      params: [
        v.target,
        v.at,
        c.class,
        c.status,
        c.finalUrl?.slice(0, MAX_TARGET) ?? null,
        v.chain,
        Math.max(0, Math.round(c.durationMs)),
        c.detail.slice(0, 2000),
        holder,
      ],
    },
    {
      sql: `UPDATE link_targets SET state = $3, last_class = $4, last_status = $5, last_checked_at = $6,
              first_failure_at = $7, last_failure_at = $8, failures = $9, broken_at = $10, due_at = $11,
              checks = checks + 1, lease_holder = NULL, lease_until = NULL
            WHERE target = $1 AND lease_holder = $2 RETURNING target`,
      params: [
        v.target,
        holder,
        result.state,
        c.class,
        c.status,
        v.at,
        result.firstFailureAt,
        result.lastFailureAt,
        result.failures,
        result.brokenAt,
        v.due,
      ],
    },
  ];
}

const TRIM = `DELETE FROM link_checks WHERE target = $1 AND id NOT IN
  (SELECT id FROM link_checks WHERE target = $1 ORDER BY id DESC LIMIT $2)`;

/** The live public identifiers' http(s) targets (`b` is bindings). */
const LIVE_PUBLIC = `b.identifier_status = 'public' AND NOT b.tombstoned AND (b.target LIKE 'http://%' OR b.target LIKE 'https://%')`;

/** `LinkChecks` over a backend's query function, each call wrapped by the store's `run` (errors → results). */
export function linkChecks(
  dialect: 'sqlite' | 'postgres',
  run: <T>(fn: (query: LinkQuery) => Promise<StoreResult<T>>) => Promise<StoreResult<T>>,
  runBatch: <T>(fn: (batch: LinkBatch) => Promise<StoreResult<T>>) => Promise<StoreResult<T>>,
): LinkChecks {
  const skipLocked = dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  // A random number per target, the second sort key of a claim: targets due at one time (those a sync added)
  // are taken in an order that mixes their hosts, not one host's after another's (their text order).
  const random = dialect === 'postgres' ? 'floor(random() * 2147483647)::integer' : 'abs(random() % 2147483647)';
  // The live public bindings of ONE target (a correlated or `b.target = $n` lookup). On SQLite the unary `+`
  // keeps the planner off the status index, which it otherwise picks: a scan of every public binding per
  // target, quadratic (100,000 targets: hours for one sync). With it, the target index
  // (bindings_search_target) finds each target's bindings.
  const liveOfTarget =
    dialect === 'sqlite' ? LIVE_PUBLIC.replace('b.identifier_status', '+b.identifier_status') : LIVE_PUBLIC;
  return {
    sync(now) {
      const at = instant(now, 'time');
      if (!at.ok) return Promise.resolve(at);
      return run(async (q) => {
        const added = await q(
          `INSERT INTO link_targets (target, state, failures, due_at, checks, spread)
           SELECT t.target, 'unchecked', 0, $1, 0, ${random}
           FROM (SELECT DISTINCT b.target FROM bindings b WHERE ${LIVE_PUBLIC}) t
           WHERE true ON CONFLICT (target) DO NOTHING RETURNING target`,
          [at.value],
        );
        const gone = `NOT EXISTS (SELECT 1 FROM bindings b WHERE b.target = link_targets.target AND ${liveOfTarget})`;
        await q(
          `DELETE FROM link_checks WHERE target IN (SELECT target FROM link_targets WHERE ${gone}) RETURNING target`,
          [],
        );
        const removed = await q(`DELETE FROM link_targets WHERE ${gone} RETURNING target`, []);
        return ok({ added: added.length, removed: removed.length });
      });
    },
    count() {
      return run(async (q) => {
        const rows = await q('SELECT COUNT(*) AS n FROM link_targets', []);
        return ok(Number(rows[0]?.['n'] ?? 0));
      });
    },
    claim(holder, limit, now, leaseSeconds) {
      const h = text(holder, MAX_HOLDER, 'holder');
      if (!h.ok) return Promise.resolve(h);
      const n = checkInt(limit, 1, 10_000, 'limit', 'invalid-limit');
      if (!n.ok) return Promise.resolve(n);
      const lease = checkInt(leaseSeconds, 1, 86_400, 'lease (seconds)', 'invalid-ttl');
      if (!lease.ok) return Promise.resolve(lease);
      const at = instant(now, 'time');
      if (!at.ok) return Promise.resolve(at);
      const until = new Date(Date.parse(at.value) + lease.value * 1000).toISOString();
      const open = '(due_at <= $1 AND (lease_until IS NULL OR lease_until < $1))';
      return run(async (q) => {
        // The outer WHERE repeats the condition: a row another checker leased since this statement's
        // snapshot is not taken again (PostgreSQL re-reads a row it had to wait for; SQLite has one writer).
        const rows = await q(
          `UPDATE link_targets SET lease_holder = $2, lease_until = $3
           WHERE target IN (SELECT target FROM link_targets WHERE ${open} ORDER BY due_at, spread LIMIT $4 ${skipLocked})
             AND ${open}
           RETURNING ${TARGET_COLUMNS}`,
          [at.value, h.value, until, n.value],
        );
        const key = (t: LinkTarget) => `${t.dueAt} ${t.target}`;
        return ok(rows.map(toTarget).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
      });
    },
    finish(holder, result, keep) {
      const h = text(holder, MAX_HOLDER, 'holder');
      if (!h.ok) return Promise.resolve(h);
      const k = checkInt(keep, 1, 1000, 'history length', 'invalid-limit');
      if (!k.ok) return Promise.resolve(k);
      const c = result.check;
      const t = text(c.target, MAX_TARGET, 'target');
      if (!t.ok) return Promise.resolve(t);
      const at = instant(c.at, 'check time');
      if (!at.ok) return Promise.resolve(at);
      const due = instant(result.dueAt, 'due time');
      if (!due.ok) return Promise.resolve(due);
      if (!(LINK_STATES as readonly string[]).includes(result.state)) {
        return Promise.resolve(err('invalid-binding', `no such link state ${String(result.state).slice(0, 40)}`));
      }
      if (!(LINK_CLASSES as readonly string[]).includes(c.class)) {
        return Promise.resolve(err('invalid-binding', `no such link class ${String(c.class).slice(0, 40)}`));
      }
      const chain = JSON.stringify(c.chain.slice(0, 50)).slice(0, 65_536);
      return run(async (q) => {
        const updated = await q(
          `UPDATE link_targets SET state = $3, last_class = $4, last_status = $5, last_checked_at = $6,
             first_failure_at = $7, last_failure_at = $8, failures = $9, broken_at = $10, due_at = $11,
             checks = checks + 1, lease_holder = NULL, lease_until = NULL
           WHERE target = $1 AND lease_holder = $2 RETURNING target`,
          [
            t.value,
            h.value,
            result.state,
            c.class,
            c.status,
            at.value,
            result.firstFailureAt,
            result.lastFailureAt,
            result.failures,
            result.brokenAt,
            due.value,
          ],
        );
        if (updated.length === 0) return err('not-found', `${t.value} is not leased to ${h.value}`);
        await q(
          `INSERT INTO link_checks (target, at, class, status, final_url, chain, duration_ms, detail)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            t.value,
            at.value,
            c.class,
            c.status,
            c.finalUrl?.slice(0, MAX_TARGET) ?? null,
            chain,
            Math.max(0, Math.round(c.durationMs)),
            c.detail.slice(0, 2000),
          ],
        );
        await q(
          `DELETE FROM link_checks WHERE target = $1 AND id NOT IN
             (SELECT id FROM link_checks WHERE target = $1 ORDER BY id DESC LIMIT $2)`,
          [t.value, k.value],
        );
        return ok(undefined);
      });
    },
    finishMany(holder, results, keep) {
      const h = text(holder, MAX_HOLDER, 'holder');
      if (!h.ok) return Promise.resolve(h);
      const k = checkInt(keep, 1, 1000, 'history length', 'invalid-limit');
      if (!k.ok) return Promise.resolve(k);
      if (results.length > 10_000) return Promise.resolve(err('invalid-limit', 'at most 10000 results at a time'));
      const checked = results.map(checkResult);
      const statements: { sql: string; params: unknown[] }[] = [];
      /** The index of each valid result's UPDATE among the statements. */
      const updates: number[] = [];
      const targets = new Set<string>();
      checked.forEach((v, i) => {
        const result = results[i];
        if (!v.ok || !result) return;
        const [insert, update] = resultStatements(h.value, result, v.value);
        statements.push(insert as (typeof statements)[number]);
        updates[i] = statements.length;
        statements.push(update as (typeof statements)[number]);
        targets.add(v.value.target);
      });
      for (const t of targets) statements.push({ sql: TRIM, params: [t, k.value] });
      if (statements.length === 0) return Promise.resolve(ok(checked.map((v) => (v.ok ? ok(undefined) : v))));
      return runBatch(async (batch) => {
        const rows = await batch(statements);
        return ok(
          checked.map((v, i): StoreResult<void> => {
            if (!v.ok) return v;
            const written = (rows[updates[i] as number]?.length ?? 0) > 0;
            return written ? ok(undefined) : err('not-found', `${v.value.target} is not leased to ${h.value}`);
          }),
        );
      });
    },
    get(target) {
      return run(async (q) => {
        const rows = await q(`SELECT ${TARGET_COLUMNS} FROM link_targets WHERE target = $1`, [target]);
        return rows[0] ? ok(toTarget(rows[0])) : err('not-found', 'no such target is checked');
      });
    },
    history(target, limit = 100) {
      const n = checkInt(limit, 1, 1000, 'limit', 'invalid-limit');
      if (!n.ok) return Promise.resolve(n);
      return run(async (q) => {
        const rows = await q(
          'SELECT target, at, class, status, final_url, chain, duration_ms, detail FROM link_checks WHERE target = $1 ORDER BY id DESC LIMIT $2',
          [target, n.value],
        );
        return ok(rows.map(toCheck));
      });
    },
    tally() {
      return run(async (q) => {
        const rows = await q(
          'SELECT state, last_class, COUNT(*) AS n FROM link_targets GROUP BY state, last_class ORDER BY state, last_class',
          [],
        );
        return ok(
          rows.map((r) => ({
            state: r['state'] as LinkState,
            class: (r['last_class'] ?? null) as LinkClass | null,
            count: Number(r['n']),
          })),
        );
      });
    },
    report(filter = {}) {
      const n = checkInt(filter.limit ?? 10_000, 1, 100_000, 'limit', 'invalid-limit');
      if (!n.ok) return Promise.resolve(n);
      if (filter.class !== undefined && !(LINK_CLASSES as readonly string[]).includes(filter.class)) {
        return Promise.resolve(err('invalid-binding', `no such link class ${String(filter.class).slice(0, 40)}`));
      }
      const since = checkInstant(filter.failingSince, 'failing-since time');
      if (!since.ok) return Promise.resolve(since);
      const params: unknown[] = [];
      const where: string[] = [filter.broken ? `t.state = 'broken'` : `t.state IN ('failing', 'broken')`];
      if (filter.class !== undefined) {
        params.push(filter.class);
        where.push(`t.last_class = $${params.length}`);
      }
      if (since.value !== undefined) {
        params.push(since.value);
        where.push(`t.first_failure_at <= $${params.length}`);
      }
      if (filter.after !== undefined) {
        params.push(String(filter.after).slice(0, MAX_TARGET));
        where.push(`t.target > $${params.length}`);
      }
      /** The identifiers a report names: live, public, and the owner's and under the prefix when asked. */
      const ofBindings = (start: number) => {
        const sql = [liveOfTarget];
        const values: unknown[] = [];
        if (filter.owner !== undefined) {
          values.push(filter.owner);
          sql.push(`b.owner = $${start + values.length}`);
        }
        if (filter.prefix !== undefined) {
          values.push(filter.prefix);
          const p = `$${start + values.length}`;
          sql.push(`substr(b.key, 1, length(${p})) = ${p}`);
        }
        if (filter.scope !== undefined) {
          const any: string[] = [];
          const list = (column: string, items: readonly string[]) => {
            const marks = items.slice(0, 500).map((item) => {
              values.push(String(item));
              return `$${start + values.length}`;
            });
            if (marks.length > 0) any.push(`${column} IN (${marks.join(', ')})`);
          };
          list('b.owner', filter.scope.owners);
          list('b.owner_group', filter.scope.groups);
          sql.push(any.length > 0 ? `(${any.join(' OR ')})` : '1 = 0');
        }
        return { sql: sql.join(' AND '), values };
      };
      const outer = ofBindings(params.length);
      params.push(...outer.values, n.value);
      const columns = TARGET_COLUMNS.split(', ')
        .map((c) => `t.${c}`)
        .join(', ');
      return run(async (q) => {
        const targets = await q(
          `SELECT ${columns},
             (SELECT c.final_url FROM link_checks c WHERE c.target = t.target ORDER BY c.id DESC LIMIT 1) AS final_url
           FROM link_targets t
           WHERE ${where.join(' AND ')} AND EXISTS (SELECT 1 FROM bindings b WHERE b.target = t.target AND ${outer.sql})
           ORDER BY t.target LIMIT $${params.length}`,
          params,
        );
        const inner = ofBindings(1);
        const out: LinkReportRow[] = [];
        for (const row of targets) {
          const target = toTarget(row);
          // The identifiers of each target (its own query: a report is a few targets, each a few keys).
          const keys = await q(
            `SELECT b.key, b.owner, b.owner_group FROM bindings b WHERE b.target = $1 AND ${inner.sql} ORDER BY b.key LIMIT 1000`,
            [target.target, ...inner.values],
          );
          out.push({
            ...target,
            identifiers: keys.map((k) => ({
              key: String(k['key']),
              owner: (k['owner'] ?? null) as string | null,
              ownerGroup: (k['owner_group'] ?? null) as string | null,
            })),
            finalUrl: (row['final_url'] ?? null) as string | null,
          });
        }
        return ok(out);
      });
    },
    lead(name, holder, now, seconds) {
      const h = text(holder, MAX_HOLDER, 'holder');
      if (!h.ok) return Promise.resolve(h);
      const at = instant(now, 'time');
      if (!at.ok) return Promise.resolve(at);
      const s = checkInt(seconds, 1, 86_400, 'lease (seconds)', 'invalid-ttl');
      if (!s.ok) return Promise.resolve(s);
      const until = new Date(Date.parse(at.value) + s.value * 1000).toISOString();
      return run(async (q) => {
        await q('INSERT INTO link_leases (name, holder, until) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [
          name,
          h.value,
          until,
        ]);
        const rows = await q(
          'UPDATE link_leases SET holder = $2, until = $3 WHERE name = $1 AND (holder = $2 OR until < $4) RETURNING holder',
          [name, h.value, until, at.value],
        );
        return ok(rows.length > 0);
      });
    },
  };
}

/** Migration 10's tables: ISO 8601 text timestamps in both dialects (they sort as times). */
function linksSql(id: string): string {
  return `
CREATE TABLE link_targets (
  target TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  last_class TEXT,
  last_status INTEGER,
  last_checked_at TEXT,
  first_failure_at TEXT,
  last_failure_at TEXT,
  failures INTEGER NOT NULL,
  broken_at TEXT,
  due_at TEXT NOT NULL,
  checks INTEGER NOT NULL,
  lease_holder TEXT,
  lease_until TEXT,
  spread INTEGER NOT NULL
);
CREATE INDEX link_targets_due ON link_targets (due_at, spread);
CREATE INDEX link_targets_state ON link_targets (state, last_class);
CREATE TABLE link_checks (
  id ${id},
  target TEXT NOT NULL,
  at TEXT NOT NULL,
  class TEXT NOT NULL,
  status INTEGER,
  final_url TEXT,
  chain TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  detail TEXT NOT NULL
);
CREATE INDEX link_checks_target ON link_checks (target, id);
CREATE TABLE link_leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  until TEXT NOT NULL
);
`;
}

export const SQLITE_LINKS_SQL = linksSql('INTEGER PRIMARY KEY');
export const POSTGRES_LINKS_SQL = linksSql('bigserial PRIMARY KEY');
