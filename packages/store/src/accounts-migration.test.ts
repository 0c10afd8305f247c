import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from './migrations.ts';
import { openStore, SQLITE_FILENAME } from './open.ts';
import type { Store } from './store.ts';
import { hashToken } from './tokens.ts';

// Migration 5 on a database that has tokens from before accounts: each keeps working and is owned by a
// user named after it (an administrator when its scopes hold pidgate:admin), on SQLite and PostgreSQL.
const SECRET = {
  ingest: 'A'.repeat(43),
  ingest2: 'B'.repeat(43),
  root: 'C'.repeat(43),
};
const TOKENS = [
  ['tok_1', 'ingest', SECRET.ingest, ['ark:/99999/fk4']],
  ['tok_2', 'ingest', SECRET.ingest2, ['ark:/99999/x6']],
  ['tok_3', 'root', SECRET.root, ['pidgate:admin']],
] as const;

async function expectMigrated(store: Store) {
  const ingest = await store.verifyToken(SECRET.ingest);
  expect(ingest.ok && ingest.value).toMatchObject({ id: 'tok_1', name: 'ingest', owner: 'ingest' });
  const second = await store.verifyToken(SECRET.ingest2);
  expect(second.ok && second.value.owner).toBe('ingest');
  const root = await store.verifyToken(SECRET.root);
  expect(root.ok && root.value.owner).toBe('root');
  const users = await store.listUsers();
  expect(users.ok && users.value.map((u) => [u.username, u.role, u.hasPassword])).toEqual([
    ['ingest', 'user', false],
    ['root', 'admin', false],
  ]);
  // The binding the token created (owner: the token's name) is its owner's now.
  const b = await store.getBinding('ark:/99999/fk4old');
  expect(b.ok && [b.value.owner, b.value.ownerGroup]).toEqual(['ingest', null]);
  if (ingest.ok) {
    const p = await store.principalOfToken(ingest.value);
    expect(p.ok && p.value).toMatchObject({ username: 'ingest', role: 'user', scopes: ['ark:/99999/fk4'] });
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('migration 5 (accounts) on existing tokens', () => {
  it('sqlite: every token gets a user named after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pidgate-mig5-'));
    dirs.push(dataDir);
    const db = new Database(join(dataDir, SQLITE_FILENAME));
    db.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    for (const m of SQLITE_MIGRATIONS.filter((x) => x.version <= 4)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, 'x');
    }
    for (const [id, name, secret, scopes] of TOKENS) {
      db.prepare('INSERT INTO tokens (id, name, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?)').run(
        id,
        name,
        hashToken(secret),
        JSON.stringify(scopes),
        '2025-01-01T00:00:00.000Z',
      );
    }
    db.prepare(
      `INSERT INTO bindings (key, target, status, erc, created_at, updated_at, version, owner) VALUES (?, ?, 302, '{}', ?, ?, 1, ?)`,
    ).run(
      'ark:/99999/fk4old',
      'https://example.org/old',
      '2025-01-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
      'ingest',
    );
    db.close();
    const store = await openStore({ dataDir });
    await expectMigrated(store);
    await store.close();
  });

  const url = process.env['PIDGATE_TEST_DATABASE_URL'];
  it.skipIf(!url)('postgres: every token gets a user named after it', async () => {
    const schema = `pidgate_mig5_${process.pid}_${Date.now()}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA "${schema}"`);
      await client.query(`SET search_path TO "${schema}"`);
      await client.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)',
      );
      for (const m of POSTGRES_MIGRATIONS.filter((x) => x.version <= 4)) {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations VALUES ($1, $2, now())', [m.version, m.name]);
      }
      for (const [id, name, secret, scopes] of TOKENS) {
        await client.query('INSERT INTO tokens (id, name, hash, scopes, created_at) VALUES ($1, $2, $3, $4, $5)', [
          id,
          name,
          hashToken(secret),
          JSON.stringify(scopes),
          '2025-01-01T00:00:00.000Z',
        ]);
      }
      await client.query(
        `INSERT INTO bindings (key, target, status, erc, created_at, updated_at, version, owner) VALUES ($1, $2, 302, '{}', now(), now(), 1, $3)`,
        ['ark:/99999/fk4old', 'https://example.org/old', 'ingest'],
      );
      const store = await openStore({ url: url as string, schema });
      await expectMigrated(store);
      await store.close();
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });
});
