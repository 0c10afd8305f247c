/**
 * The Manage search at scale: generates bindings with realistic metadata (ERC who/what/when, Dublin Core
 * or DataCite elements, 50 owners, three statuses, ten years of dates), loads them straight into the migrated
 * tables of SQLite and PostgreSQL (not the bulk import: BENCH_LOAD=import for that), then runs a mix of Manage searches and prints the median and p95 of
 * each kind per backend. Each search is one `searchBindings` call: the page of 50 and the capped count.
 *   npm run bench:search                         (1,000,000 bindings; heavy: minutes, ~1.5 GB of disk)
 *   BENCH_COUNT=20000 npm run bench:search       (the small mode)
 *   BENCH_BACKENDS=sqlite npm run bench:search   (one backend)
 * PostgreSQL: PIDGATE_BENCH_DATABASE_URL, else PIDGATE_TEST_DATABASE_URL (a schema of its own, dropped after).
 * Target: every kind under 200 ms at 1,000,000 bindings.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openStore, SQLITE_FILENAME } from '../src/index.ts';
import type { SearchQueryInput } from '../src/search.ts';
import { SQLITE_SEARCH_MIGRATION } from '../src/search-sqlite.ts';
import type { ImportItem, Store } from '../src/store.ts';

const COUNT = Number(process.env['BENCH_COUNT'] ?? 1_000_000);
const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 15));
const BACKENDS = (process.env['BENCH_BACKENDS'] ?? 'sqlite,postgres').split(',');
/** Search an existing database instead of loading one (a directory kept by BENCH_KEEP; a schema name). */
const REUSE_DIR = process.env['BENCH_SQLITE_DIR'];
const REUSE_SCHEMA = process.env['BENCH_PG_SCHEMA'];
/** Keep the database afterwards (its place is printed), to look at query plans. */
const KEEP = process.env['BENCH_KEEP'] === '1';
/** Load straight into the tables (the default); BENCH_LOAD=import goes through importBindings instead (slow). */
const DIRECT = process.env['BENCH_LOAD'] !== 'import';
const PG_URL = process.env['PIDGATE_BENCH_DATABASE_URL'] ?? process.env['PIDGATE_TEST_DATABASE_URL'];

/** A seeded generator (mulberry32): the same data every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ber',
  'den',
  'gar',
  'hol',
  'lin',
  'mor',
  'sen',
  'tor',
];
/** A vocabulary of 5,000 made-up words; word i is drawn with weight 1/(i+1) (Zipf), as words of titles are. */
function vocabulary(size: number): string[] {
  const r = rng(7);
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(r() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}
const WORDS = vocabulary(5000);
const HARMONIC = WORDS.reduce((s, _, i) => s + 1 / (i + 1), 0);
const SURNAMES = vocabulary(5400)
  .slice(5000)
  .map((w) => w[0]!.toUpperCase() + w.slice(1));
const GIVEN = ['Anna', 'Ben', 'Chen', 'Dana', 'Emil', 'Fatima', 'Georg', 'Hana', 'Ines', 'Jon', 'Kofi', 'Lena'];
const SHOULDERS = ['ark:/99999/fk4', 'ark:/99999/x6', 'ark:/12345/b2', 'ark:/13030/c8', 'ark:/67531/m5'];
const OWNERS = Array.from({ length: 50 }, (_, i) => `user${String(i).padStart(2, '0')}`);
const DIGITS = '0123456789bcdfghjkmnpqrstvwxz';
const START = Date.parse('2015-01-01T00:00:00Z');
const SPAN = Date.parse('2025-01-01T00:00:00Z') - START;
/** One binding in 50,000 carries the rare word. */
const RARE = 'quixotry';

/** Cumulative Zipf weights, searched by bisection (the generator is most of a direct load's time otherwise). */
const CUMULATIVE = WORDS.map(
  (
    (sum) => (_: string, i: number) =>
      (sum += 1 / (i + 1))
  )(0),
);
function zipfWord(r: () => number): string {
  const x = r() * HARMONIC;
  let lo = 0;
  let hi = WORDS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((CUMULATIVE[mid] as number) >= x) hi = mid;
    else lo = mid + 1;
  }
  return WORDS[lo]!;
}

function* items(count: number): Generator<ImportItem> {
  const r = rng(42);
  for (let i = 0; i < count; i++) {
    let suffix = '';
    for (let j = 0; j < 7; j++) suffix += DIGITS[Math.floor(r() * 29)];
    const shoulder = SHOULDERS[Math.floor(r() * r() * SHOULDERS.length)]!;
    const title = Array.from({ length: 3 + Math.floor(r() * 6) }, () => zipfWord(r));
    if (i % 50_000 === 7) title.push(RARE);
    const creator = `${SURNAMES[Math.floor(r() * SURNAMES.length)]}, ${GIVEN[Math.floor(r() * GIVEN.length)]}`;
    const created = START + Math.floor(r() * SPAN);
    const updated = created + Math.floor(r() * r() * (START + SPAN - created));
    const year = new Date(created).getUTCFullYear();
    const s = r();
    const identifierStatus = s < 0.9 ? 'public' : s < 0.97 ? 'reserved' : 'unavailable';
    const kind = r();
    const metadata: Record<string, string> =
      kind < 0.3
        ? {
            _profile: 'dc',
            'dc.title': title.join(' '),
            'dc.creator': creator,
            'dc.publisher': 'Example University Library',
            'dc.type': 'Text',
          }
        : kind < 0.5
          ? {
              _profile: 'datacite',
              'datacite.title': title.join(' '),
              'datacite.creator': creator,
              'datacite.publisher': 'Example Data Repository',
              'datacite.publicationyear': String(year),
              'datacite.resourcetype': 'Dataset',
            }
          : {};
    yield {
      key: `${shoulder}${suffix}${i.toString(36)}`,
      target: `https://repository${i % 20}.example.org/objects/${year}/${i}`,
      erc: { who: creator, what: title.join(' '), when: String(year) },
      identifierStatus,
      ...(identifierStatus === 'unavailable' ? { statusReason: 'withdrawn by the depositor' } : {}),
      owner: OWNERS[Math.floor(r() * r() * OWNERS.length)]!,
      metadata,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
    };
  }
}

type Kind = { readonly name: string; readonly query: (i: number) => SearchQueryInput };
const ADMIN = { all: true } as const;
const asUser = (i: number) => ({ owners: [OWNERS[i % OWNERS.length]!], groups: [] });
const KINDS: Kind[] = [
  { name: 'default page (updated desc), a user', query: (i) => ({ visibility: asUser(i) }) },
  { name: 'full text, common word', query: (i) => ({ text: WORDS[i % 5]!, visibility: ADMIN }) },
  { name: 'full text, common word, a user', query: (i) => ({ text: WORDS[i % 5]!, visibility: asUser(i) }) },
  { name: 'full text, mid word', query: (i) => ({ text: WORDS[100 + (i % 50)]!, visibility: ADMIN }) },
  { name: 'full text, two words', query: (i) => ({ text: `${WORDS[i % 10]} ${WORDS[50 + i]}`, visibility: ADMIN }) },
  { name: 'full text, rare word', query: () => ({ text: RARE, visibility: ADMIN }) },
  { name: 'full text, creator surname', query: (i) => ({ text: SURNAMES[i * 7]!, visibility: ADMIN }) },
  { name: 'full text, prefix word*', query: (i) => ({ text: `${WORDS[200 + i]!.slice(0, 5)}*`, visibility: ADMIN }) },
  {
    name: 'identifier prefix, by key',
    query: (i) => ({ keyPrefix: `${SHOULDERS[i % 5]}${DIGITS[i % 29]}`, sort: 'key', order: 'asc', visibility: ADMIN }),
  },
  {
    name: 'target prefix',
    query: (i) => ({ target: `repository${i % 20}.example.org/objects/2019/`, visibility: ADMIN }),
  },
  {
    name: 'owner + status',
    query: (i) => ({ owner: OWNERS[i % 50]!, status: i % 2 ? 'reserved' : 'unavailable', visibility: ADMIN }),
  },
  {
    name: 'created in a month, by created',
    query: (i) => {
      const from = new Date(Date.UTC(2016 + (i % 8), i % 12, 1));
      const to = new Date(Date.UTC(2016 + (i % 8), (i % 12) + 1, 1));
      return { createdFrom: from.toISOString(), createdTo: to.toISOString(), sort: 'created', visibility: ADMIN };
    },
  },
  {
    name: 'updated since, by updated',
    query: (i) => ({ updatedFrom: `${2018 + (i % 6)}-06-01T00:00:00Z`, sort: 'updated', visibility: ADMIN }),
  },
  { name: 'status reserved, page 20', query: (i) => ({ status: 'reserved', offset: 950 + i, visibility: ADMIN }) },
];

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(name: string, store: Store, reuse: boolean, afterLoad?: () => Promise<void>): Promise<void> {
  if (!reuse) await load(name, store, afterLoad);
  if (process.env['BENCH_SEARCH'] !== '0') await searches(name, store); // BENCH_SEARCH=0: load (and keep) only
}

/** The row a binding is stored as (both dialects take the same values; SQLite's JSON as text). */
function rowOf(b: ImportItem): unknown[] {
  return [
    b.key,
    b.target,
    302,
    JSON.stringify(b.erc),
    null,
    b.createdAt,
    b.updatedAt,
    1,
    b.identifierStatus,
    b.identifierStatus === 'unavailable' ? 'withdrawn by the depositor' : null,
    b.owner,
    JSON.stringify(b.metadata),
  ];
}
const ROW_COLUMNS =
  'key, target, status, erc, support, created_at, updated_at, version, identifier_status, status_reason, owner, metadata';

/**
 * SQLite, not by the import path (which writes history and checks every row: 359 rows/s at 1,000,000): the
 * rows go straight into the migrated schema in large transactions of one prepared statement, with the
 * search triggers dropped, then migration 7's SQL runs again, which rebuilds the full-text index from the
 * rows set-based and puts the triggers back (as it does for the bindings a database already has).
 */
async function loadSqliteDirect(dir: string): Promise<void> {
  const t0 = performance.now();
  const db = new Database(join(dir, SQLITE_FILENAME));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  for (const t of ['insert', 'update', 'delete']) db.exec(`DROP TRIGGER IF EXISTS bindings_search_${t}`);
  const insert = db.prepare(
    `INSERT INTO bindings (${ROW_COLUMNS}) VALUES (${ROW_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')})`,
  );
  const batch = db.transaction((rows: unknown[][]) => {
    for (const r of rows) insert.run(r);
  });
  let rows: unknown[][] = [];
  for (const item of items(COUNT)) {
    rows.push(rowOf(item));
    if (rows.length === 50_000) {
      batch(rows);
      rows = [];
    }
  }
  batch(rows);
  const t1 = performance.now();
  db.exec(SQLITE_SEARCH_MIGRATION);
  db.close();
  const t2 = performance.now();
  console.log(
    `sqlite: loaded ${COUNT.toLocaleString('en')} rows in ${((t1 - t0) / 1000).toFixed(0)} s, ` +
      `search index built in ${((t2 - t1) / 1000).toFixed(0)} s (direct load, not the import path)`,
  );
}

/** PostgreSQL, not by the import path: multi-row INSERT … SELECT FROM unnest(arrays) of 10,000 rows. */
async function loadPostgresDirect(url: string, schema: string): Promise<void> {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET search_path TO "${schema}"`);
  await client.query('SET synchronous_commit = off');
  const types = [
    'text',
    'text',
    'int',
    'jsonb',
    'jsonb',
    'timestamptz',
    'timestamptz',
    'bigint',
    'text',
    'text',
    'text',
    'jsonb',
  ];
  const sql = `INSERT INTO bindings (${ROW_COLUMNS}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
  let cols: unknown[][] = types.map(() => []);
  const flush = async (): Promise<void> => {
    if ((cols[0] as unknown[]).length === 0) return;
    await client.query(sql, cols);
    cols = types.map(() => []);
  };
  for (const item of items(COUNT)) {
    const row = rowOf(item);
    for (let i = 0; i < row.length; i++) (cols[i] as unknown[]).push(row[i]);
    if ((cols[0] as unknown[]).length === 10_000) await flush();
  }
  await flush();
  await client.query('ANALYZE bindings');
  await client.end();
  console.log(
    `postgres: loaded ${COUNT.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s ` +
      '(direct load, not the import path; the tsvector and its index by the database as for any write)',
  );
}

async function load(name: string, store: Store, afterLoad?: () => Promise<void>): Promise<void> {
  let failed = 0;
  const t0 = performance.now();
  const summary = await store.importBindings(items(COUNT), {
    batchSize: store.backend === 'sqlite' ? 50_000 : 10_000,
    actor: 'bench',
    onResult: (r) => {
      if (!r.ok) failed++;
    },
  });
  if (!summary.ok) throw new Error(summary.error.message);
  await afterLoad?.();
  const load = (performance.now() - t0) / 1000;
  console.log(
    `${name}: imported ${COUNT.toLocaleString('en')} bindings in ${load.toFixed(0)} s ` +
      `(${Math.round(COUNT / load).toLocaleString('en')}/s, failed ${failed})`,
  );
}

async function searches(name: string, store: Store): Promise<void> {
  for (const kind of KINDS) {
    const times: number[] = [];
    let found = 0;
    let exact = true;
    for (let i = 0; i < RUNS + 1; i++) {
      const t = performance.now();
      const r = await store.searchBindings(kind.query(i));
      const ms = performance.now() - t;
      if (!r.ok) throw new Error(`${kind.name}: ${r.error.code} ${r.error.message}`);
      if (i === 0) continue; // the first run warms the cache
      times.push(ms);
      found += r.value.total;
      exact &&= r.value.exact;
    }
    times.sort((a, b) => a - b);
    const hits = `${exact ? '' : '>'}${Math.round(found / RUNS).toLocaleString('en')}`;
    console.log(
      `  ${name.padEnd(8)} ${kind.name.padEnd(38)} median ${pct(times, 50).toFixed(1).padStart(7)} ms  ` +
        `p95 ${pct(times, 95).toFixed(1).padStart(7)} ms  (matches ${hits})`,
    );
  }
}

if (BACKENDS.includes('sqlite')) {
  const dir = REUSE_DIR ?? mkdtempSync(join(tmpdir(), 'pidgate-search-bench-'));
  try {
    if (REUSE_DIR === undefined && DIRECT) {
      await (await openStore({ dataDir: dir })).close(); // the migrated schema
      await loadSqliteDirect(dir);
    }
    const store = await openStore({ dataDir: dir });
    await measure('sqlite', store, REUSE_DIR !== undefined || DIRECT);
    await store.close();
  } finally {
    if (KEEP || REUSE_DIR) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (BACKENDS.includes('postgres')) {
  if (!PG_URL) {
    console.log('postgres: skipped (set PIDGATE_BENCH_DATABASE_URL or PIDGATE_TEST_DATABASE_URL)');
  } else {
    const schema = REUSE_SCHEMA ?? `pidgate_bench_${randomBytes(4).toString('hex')}`;
    try {
      if (REUSE_SCHEMA === undefined && DIRECT) {
        await (await openStore({ url: PG_URL, schema })).close();
        await loadPostgresDirect(PG_URL, schema);
      }
      const store = await openStore({ url: PG_URL, schema });
      // PostgreSQL plans by its statistics: autovacuum gathers them after a bulk load; the bench does not wait.
      await measure('postgres', store, REUSE_SCHEMA !== undefined || DIRECT, async () => {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`ANALYZE "${schema}".bindings`);
        await client.end();
      });
      await store.close();
    } finally {
      if (KEEP || REUSE_SCHEMA) console.log(`kept schema ${schema}`);
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      if (!KEEP && !REUSE_SCHEMA) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}
