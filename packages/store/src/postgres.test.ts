// Must come first: lets node-postgres load under the root vitest config's conditions.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS } from './migrations.ts';
import { openStore, tryOpenStore } from './open.ts';
import type { Store } from './store.ts';
import { storeContract } from './testing/contract.ts';

/**
 * The contract against a real PostgreSQL: set PIDGATE_TEST_DATABASE_URL
 * (`eval "$(bash scripts/ci/postgres.sh)"`). Every store opened here gets its own schema,
 * named after this run, so parallel runs never collide; the schemas are dropped afterwards.
 */
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const ci = process.env['CI'] === 'true' || process.env['CI'] === '1';

if (!url) {
  if (ci) {
    it('PIDGATE_TEST_DATABASE_URL is set in CI', () => {
      expect.fail('CI must run the PostgreSQL suite: eval "$(bash scripts/ci/postgres.sh)" before the tests');
    });
  } else {
    describe.skip('postgres (set PIDGATE_TEST_DATABASE_URL to run)', () => {
      it('needs a server', () => undefined);
    });
  }
} else {
  const run = `pidgate_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const schemas: string[] = [];
  const schemaOf = new WeakMap<Store, string>();
  let n = 0;

  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await client.end();
  });

  const open = async (schema: string): Promise<Store> => {
    const store = await openStore({ url, schema });
    schemaOf.set(store, schema);
    return store;
  };

  storeContract('postgres', {
    async fresh() {
      const schema = `${run}_${++n}`;
      schemas.push(schema);
      return open(schema);
    },
    sibling: (store) => open(schemaOf.get(store)!),
  });

  describe('postgres backend', () => {
    it('migrates once when instances start at the same time', async () => {
      const schema = `${run}_race`;
      schemas.push(schema);
      const opened = await Promise.all([1, 2, 3, 4].map(() => tryOpenStore({ url, schema })));
      for (const r of opened) expect(r.ok).toBe(true);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(`SELECT version FROM "${schema}".schema_migrations ORDER BY version`);
      await client.end();
      expect(rows).toEqual(POSTGRES_MIGRATIONS.map((m) => ({ version: m.version })));
      for (const r of opened) if (r.ok) await r.value.close();
    });

    it('reports an unreachable server as storage-error and a bad schema as invalid-schema', async () => {
      const down = await tryOpenStore({ url: 'postgres://nobody:x@127.0.0.1:1/none' });
      expect(down.ok ? 'ok' : down.error.code).toBe('storage-error');
      const bad = await tryOpenStore({ url, schema: 'Robert"; DROP TABLE x' });
      expect(bad.ok ? 'ok' : bad.error.code).toBe('invalid-schema');
    });

    it('binds the same new key from two instances at once without losing history', async () => {
      const schema = `${run}_putrace`;
      schemas.push(schema);
      const a = await open(schema);
      const b = await open(schema);
      const puts = Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).putBinding('ark:/99999/race', { target: `https://example.org/${i}` }, `actor${i}`),
      );
      const results = await Promise.all(puts);
      for (const r of results) expect(r.ok).toBe(true);
      const actions = results.map((r) => (r.ok ? r.value.action : 'err'));
      expect(actions.filter((x) => x === 'created')).toHaveLength(1);
      const history = await a.history('ark:/99999/race');
      const entries = history.ok ? history.value : [];
      expect(entries.map((e) => e.after.version)).toEqual(entries.map((_, i) => i + 1));
      const final = await a.getBinding('ark:/99999/race');
      expect(final.ok && final.value.version).toBe(entries.length);
      await a.close();
      await b.close();
    });
  });
}
