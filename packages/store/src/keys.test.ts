// Must come first: lets node-postgres load under the root vitest config's conditions.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION } from './migrations.ts';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

// Migration 4 on a real SQLite file and a real PostgreSQL: ARK keys written by the `modern` profile
// (`ark:12345/x`, uppercase %-escapes) become the one storage key (`ark:/12345/x`, lowercase escapes),
// in bindings, their history and shoulders, when the database is opened (and by `pidgate db migrate`).

const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const backends: ('sqlite' | 'postgres')[] = url ? ['sqlite', 'postgres'] : ['sqlite'];
const dirs: string[] = [];
const schemas: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (url && schemas.length > 0) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await client.end();
  }
});

interface Place {
  open(): Promise<Store>;
  /** Forget migration 4, as a database last opened by an older pidgate. */
  rollBack(): Promise<void>;
}

function place(backend: 'sqlite' | 'postgres'): Place {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'pidgate-keys-'));
    dirs.push(dir);
    return {
      open: () => openStore({ dataDir: dir }),
      async rollBack() {
        const db = new Database(join(dir, 'pidgate.sqlite'));
        db.prepare('DELETE FROM schema_migrations WHERE version = 4').run();
        db.close();
      },
    };
  }
  const schema = `pidgate_keys_${process.pid}_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);
  return {
    open: () => openStore({ url: url as string, schema }),
    async rollBack() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DELETE FROM "${schema}".schema_migrations WHERE version = 4`);
      await client.end();
    },
  };
}

describe.each(backends)('ARK key migration on %s', (backend) => {
  it('rewrites modern-profile keys to the one storage key, leaving taken keys and other schemes alone', async () => {
    const p = place(backend);
    let store = await p.open();
    // What a modern-profile gateway wrote before the migration existed.
    for (const key of [
      'ark:99999/fk4abc',
      'ark:99999/fk4m%2Fx',
      'ark:/99999/fk4both',
      'ark:99999/fk4both',
      'urn:pdi://x',
    ]) {
      const put = await store.putBinding(key, { target: `https://repo.example.org/${encodeURIComponent(key)}` }, 'cli');
      expect(put.ok).toBe(true);
    }
    expect((await store.addNaan('99999', 'Example')).ok).toBe(true);
    const shoulder = await store.addShoulder({ key: 'ark:99999/x6', naan: '99999', template: 'x6.reeddk', seed: 's' });
    expect(shoulder.ok).toBe(true);
    await store.close();
    await p.rollBack();
    store = await p.open();
    try {
      const migrated = await store.migrate();
      expect(migrated.ok && migrated.value.version).toBe(LATEST_VERSION);
      const keys = await store.listBindings({ limit: 100 });
      expect(keys.ok && keys.value.items.map((b) => b.key).sort()).toEqual([
        'ark:/99999/fk4abc',
        'ark:/99999/fk4both',
        'ark:/99999/fk4m%2fx',
        // Both spellings were bound: the new form was taken, so this one stays as it was.
        'ark:99999/fk4both',
        'urn:pdi://x',
      ]);
      const moved = await store.getBinding('ark:/99999/fk4abc');
      expect(moved.ok && moved.value.target).toBe(`https://repo.example.org/${encodeURIComponent('ark:99999/fk4abc')}`);
      const history = await store.history('ark:/99999/fk4m%2fx');
      expect(history.ok && history.value.length).toBe(1);
      const shoulders = await store.listShoulders();
      expect(shoulders.ok && shoulders.value.map((s) => s.key)).toEqual(['ark:/99999/x6']);
    } finally {
      await store.close();
    }
  });
});
