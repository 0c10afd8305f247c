// Must come first: lets node-postgres load under the root vitest config's conditions.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, SQLITE_FILENAME } from './open.ts';
import { estimatedRows, parseSearchQuery, planSearch, type SearchQueryInput } from './search.ts';
import { POSTGRES_DRIVE_AT_MOST, POSTGRES_SEARCH_COVERING_MIGRATION, searchPostgres } from './search-postgres.ts';
import { SQLITE_DIALECT, SQLITE_SEARCH_COVERING_MIGRATION } from './search-sqlite.ts';

/**
 * How the Manage search is planned at scale (migration 11 and the look before the leap): which index a count
 * reads, which filter is probed, and on PostgreSQL that the planner's estimate decides whether words are
 * collected or found by walking the sort's index. Real SQLite files and real PostgreSQL schemas.
 */

const dirs: string[] = [];
const schemas: string[] = [];
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const ALL = { visibility: { all: true as const } };
const A = 'ark:/99999/fk4';

afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (url && schemas.length > 0) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await client.end();
  }
});

function parsed(input: SearchQueryInput) {
  const q = parseSearchQuery(input);
  if (!q.ok) throw new Error(q.error.message);
  return q.value;
}

describe('search plans on sqlite (migration 11)', () => {
  const migrated = async (): Promise<string> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pidgate-search-plan-'));
    dirs.push(dataDir);
    await (await openStore({ dataDir })).close();
    return dataDir;
  };

  it('counts a status, an owner, a group, dates and the visibility rule from covering indexes, no table row', async () => {
    const db = new Database(join(await migrated(), SQLITE_FILENAME), { readonly: true });
    const user = { visibility: { owners: ['alice'], groups: ['library'] } };
    const queries: SearchQueryInput[] = [
      { ...ALL, status: 'reserved' },
      { ...ALL, owner: 'bob', status: 'unavailable' },
      { ...ALL, ownerGroup: 'library' },
      { ...ALL, createdFrom: '2020-01-01T00:00:00Z', createdTo: '2020-02-01T00:00:00Z', sort: 'created' },
      { ...ALL, updatedFrom: '2024-01-01T00:00:00Z' },
      { ...ALL, keyPrefix: `${A}x`, sort: 'key', order: 'asc' },
      user,
      { ...user, status: 'public' },
    ];
    for (const input of queries) {
      const count = planSearch(parsed(input), 'key', SQLITE_DIALECT).count;
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${count.sql}`).all(...count.params) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n');
      expect(plan, JSON.stringify(input)).toMatch(/USING COVERING INDEX/);
      // A table row per entry would be "USING INDEX" (not covering), "USING PRIMARY KEY" or a scan of the table.
      expect(plan, JSON.stringify(input)).not.toMatch(/USING INDEX|USING PRIMARY KEY|SCAN bindings(?! USING COVERING)/);
    }
    db.close();
  });

  it('counts a search by words alone from the full-text index, and counts it right', async () => {
    const dataDir = await migrated();
    const store = await openStore({ dataDir });
    for (let i = 0; i < 6; i++) {
      const r = await store.putBinding(
        `${A}w${i}`,
        {
          target: `https://example.org/${i}`,
          erc: { what: `Globe ${i}` },
        },
        'cli',
      );
      expect(r.ok).toBe(true);
    }
    expect((await store.deleteBinding(`${A}w5`, 'cli')).ok).toBe(true);
    const found = await store.searchBindings({ ...ALL, text: 'globe' });
    expect(found.ok && found.value).toMatchObject({ total: 5, exact: true });
    await store.close();
    const count = planSearch(parsed({ ...ALL, text: 'globe' }), 'key', SQLITE_DIALECT).count;
    const db = new Database(join(dataDir, SQLITE_FILENAME), { readonly: true });
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${count.sql}`).all(...count.params) as { detail: string }[]).map(
      (r) => r.detail,
    );
    expect(plan.join('\n')).toMatch(/bindings_fts/);
    expect(plan.join('\n')).not.toMatch(/SEARCH (bindings|m)\b/);
    db.close();
  });

  it('walks a key prefix sorted by key without probing it; probes it for another sort', () => {
    expect(planSearch(parsed({ ...ALL, keyPrefix: A, sort: 'key' }), 'key', SQLITE_DIALECT).probes).toHaveLength(0);
    expect(planSearch(parsed({ ...ALL, keyPrefix: A, sort: 'updated' }), 'key', SQLITE_DIALECT).probes).toHaveLength(1);
  });

  it('migration 11 runs again without harm (idempotent), and search still finds', async () => {
    const dataDir = await migrated();
    const db = new Database(join(dataDir, SQLITE_FILENAME));
    db.exec(SQLITE_SEARCH_COVERING_MIGRATION);
    db.exec(SQLITE_SEARCH_COVERING_MIGRATION);
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]).map(
      (r) => r.name,
    );
    expect(names).toEqual(expect.arrayContaining(['bindings_search_updated_live', 'bindings_search_owner_live']));
    expect(names).not.toContain('bindings_search_updated');
    db.close();
    const store = await openStore({ dataDir });
    expect(
      (await store.putBinding(`${A}i1`, { target: 'https://example.org/', erc: { what: 'Atlas' } }, 'cli')).ok,
    ).toBe(true);
    const r = await store.searchBindings({ ...ALL, text: 'atlas' });
    expect(r.ok && r.value.items.map((b) => b.key)).toEqual([`${A}i1`]);
    await store.close();
  });
});

describe.skipIf(!url)('search plans on postgres (the planner estimates, migration 11)', () => {
  const N = 12_000;
  const schema = `pidgate_search_plan_${process.pid}_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);

  it('collects words few bindings hold and walks the sort index for common ones', async () => {
    const store = await openStore({ url: url as string, schema });
    await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`SET search_path TO "${schema}"`);
    // Every binding holds "common"; one in 1,000 also "scarce". Binding i was changed at minute i.
    await client.query(
      `INSERT INTO bindings (key, target, status, erc, created_at, updated_at, version)
       SELECT 'ark:/99999/fk4p' || lpad(i::text, 5, '0'), 'https://example.org/' || i, 302,
              jsonb_build_object('what', 'common' || CASE WHEN i % 1000 = 0 THEN ' scarce' ELSE '' END),
              timestamptz '2024-01-01' + i * interval '1 minute', timestamptz '2024-01-01' + i * interval '1 minute', 1
       FROM generate_series(1, $1::int) AS i`,
      [N],
    );
    await client.query('VACUUM (ANALYZE) bindings');
    const statements: string[] = [];
    const query = async (sql: string, params: unknown[]) => {
      statements.push(sql);
      return client.query(sql, params);
    };
    const columns =
      'key, target, status, erc, support, created_at, updated_at, version, tombstoned, deleted_at, identifier_status, status_reason, owner, metadata, owner_group';

    // The probe is an estimate (no row read), and the estimates are the planner's, near the truth.
    const estimate = async (word: string): Promise<number> =>
      estimatedRows(
        (
          await client.query(
            `EXPLAIN (FORMAT JSON) SELECT 1 FROM bindings WHERE NOT tombstoned AND search @@ to_tsquery('simple', $1)`,
            [word],
          )
        ).rows,
      );
    expect(await estimate('common')).toBeGreaterThan(POSTGRES_DRIVE_AT_MOST);
    expect(await estimate('scarce')).toBeLessThanOrEqual(POSTGRES_DRIVE_AT_MOST);

    const scarce = await searchPostgres(query, parsed({ ...ALL, text: 'scarce' }), columns);
    expect(statements[0]).toMatch(/^EXPLAIN \(FORMAT JSON\)/);
    expect(statements[1]).toMatch(/^WITH matched AS MATERIALIZED/); // collected
    expect(scarce.items.map((b) => b.key)).toEqual(
      Array.from({ length: N / 1000 }, (_, j) => `ark:/99999/fk4p${String(N - j * 1000).padStart(5, '0')}`),
    );
    expect(scarce).toMatchObject({ total: N / 1000, exact: true });

    statements.length = 0;
    const common = await searchPostgres(query, parsed({ ...ALL, text: 'common', limit: 3 }), columns);
    expect(statements[1]).toMatch(/^SELECT .* ORDER BY updated_at DESC, key DESC LIMIT 3/s); // walked
    expect(common.items.map((b) => b.key)).toEqual([
      `ark:/99999/fk4p${N}`,
      `ark:/99999/fk4p${N - 1}`,
      `ark:/99999/fk4p${N - 2}`,
    ]);
    expect(common).toMatchObject({ total: 1000, exact: false });

    // Migration 11 again: no error, and a key prefix is counted from the live keys' index alone.
    await client.query(POSTGRES_SEARCH_COVERING_MIGRATION);
    await client.query(POSTGRES_SEARCH_COVERING_MIGRATION);
    const count = await client.query(
      `EXPLAIN SELECT count(*) FROM (SELECT 1 FROM bindings WHERE NOT tombstoned AND key >= 'ark:/99999/fk4p01' AND key < 'ark:/99999/fk4p02' ORDER BY key LIMIT 1001) AS m`,
    );
    expect(count.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
      /Index Only Scan using bindings_search_live_keys/,
    );
    const byKey = await searchPostgres(
      query,
      parsed({ ...ALL, keyPrefix: 'ark:/99999/fk4p01', sort: 'key', order: 'asc' }),
      columns,
    );
    expect(byKey).toMatchObject({ total: 1000, exact: true });
    expect(byKey.items[0]?.key).toBe('ark:/99999/fk4p01000');
    await client.end();
  });
});
