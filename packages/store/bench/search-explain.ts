/**
 * Every statement one Manage search runs, with its plan and time, on a database the bench kept
 * (`BENCH_SEARCH=0 BENCH_KEEP=1 npm run bench:search` loads and keeps one):
 *   BENCH_PG_SCHEMA=<schema> npm run bench:search:explain -w @pidgate/store -- postgres 'mid word' [run]
 *   BENCH_SQLITE_DIR=<dir> npm run bench:search:explain -w @pidgate/store -- sqlite 'prefix' [run]
 * The kind is a part of a bench kind's name (every kind that contains it); `run` picks the bench's i-th
 * query of that kind (default 1). PostgreSQL: EXPLAIN (ANALYZE, BUFFERS); SQLite: EXPLAIN QUERY PLAN and the
 * statement's time.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILENAME } from '../src/index.ts';
import { estimatedRows, parseSearchQuery } from '../src/search.ts';
import { searchPostgres } from '../src/search-postgres.ts';
import { searchSqlite } from '../src/search-sqlite.ts';
import { KINDS } from './search-corpus.ts';

const COLUMNS =
  'key, target, status, erc, support, created_at, updated_at, version, tombstoned, deleted_at, identifier_status, status_reason, owner, metadata, owner_group';
const [backend = 'postgres', pattern = '', runArg = '1'] = process.argv.slice(2);
const run = Number(runArg);
const kinds = KINDS.filter((k) => k.name.includes(pattern));
const inline = (sql: string, params: unknown[]): string =>
  `${sql.replace(/\s+/g, ' ')}\n  -- ${JSON.stringify(params)}`;

if (backend === 'postgres') {
  const url = process.env['PIDGATE_BENCH_DATABASE_URL'] ?? process.env['PIDGATE_TEST_DATABASE_URL'];
  const schema = process.env['BENCH_PG_SCHEMA'];
  if (!url || !schema) throw new Error('PIDGATE_TEST_DATABASE_URL and BENCH_PG_SCHEMA');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET search_path TO "${schema}"`);
  for (const kind of kinds) {
    const q = parseSearchQuery(kind.query(run));
    if (!q.ok) throw new Error(q.error.message);
    console.log(`\n=== postgres: ${kind.name} (run ${run})`);
    const t0 = performance.now();
    const r = await searchPostgres(
      async (sql, params) => {
        console.log(`\n${inline(sql, params)}`);
        if (sql.startsWith('EXPLAIN')) {
          const t = performance.now();
          const estimate = await client.query(sql, params);
          console.log(`  estimate: ${estimatedRows(estimate.rows)} rows (${(performance.now() - t).toFixed(1)} ms)`);
          return estimate;
        }
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
        const t = performance.now();
        const result = await client.query(sql, params);
        console.log(`  (again: ${(performance.now() - t).toFixed(1)} ms, ${result.rows.length} rows)`);
        return result;
      },
      q.value,
      COLUMNS,
    );
    console.log(
      `=== total ${r.total}${r.exact ? '' : '+'} in ${(performance.now() - t0).toFixed(1)} ms (plans included)`,
    );
  }
  await client.end();
} else {
  const dir = process.env['BENCH_SQLITE_DIR'];
  if (!dir) throw new Error('BENCH_SQLITE_DIR');
  const db = new Database(join(dir, SQLITE_FILENAME), { readonly: true });
  db.pragma('cache_size = -262144'); // as the store's connection
  for (const kind of kinds) {
    const q = parseSearchQuery(kind.query(run));
    if (!q.ok) throw new Error(q.error.message);
    console.log(`\n=== sqlite: ${kind.name} (run ${run})`);
    const t0 = performance.now();
    const r = await searchSqlite(
      (sql, params) => {
        console.log(`\n${inline(sql, params)}`);
        for (const row of db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]) {
          console.log(`  ${row.detail}`);
        }
        const t = performance.now();
        const cpu = process.cpuUsage();
        const rows = db.prepare(sql).all(...params);
        const used = process.cpuUsage(cpu);
        // CPU time is what the statement costs whatever the machine's load; wall time waits for a core.
        const cpuMs = (used.user + used.system) / 1000;
        console.log(`  (${(performance.now() - t).toFixed(1)} ms, CPU ${cpuMs.toFixed(1)} ms, ${rows.length} rows)`);
        return rows;
      },
      q.value,
      COLUMNS,
    );
    console.log(`=== total ${r.total}${r.exact ? '' : '+'} in ${(performance.now() - t0).toFixed(1)} ms`);
  }
  db.close();
}
