// Must come first: lets node-postgres load under the root vitest config's conditions.

import { openStore, type Store } from '@pidgate/store';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import type { ConfigInput } from './config/index.ts';
import { type AppDeps, createDeps } from './deps.ts';
import { allSchemes, testConfig } from './testing/helpers.ts';
import { TEST_DATABASE_URL } from './testing/store.ts';

/**
 * The binding cache across instances (cache.ts of @pidgate/store, deps.ts): two gateways, each with its own
 * pool and LISTEN connection, on one PostgreSQL schema. The caches' clock is held still, so nothing expires:
 * every change seen on the other instance came through NOTIFY. A change must reach the other instance
 * within one second; the tests poll with a budget far above (10 s) and report the time it took.
 */
const url = TEST_DATABASE_URL;
const BUDGET_MS = 10_000;

interface Gateway {
  readonly app: ReturnType<typeof createApp>;
  readonly deps: AppDeps;
  readonly store: Store;
}

async function gateway(schema: string, input: ConfigInput = {}, readStore?: Store): Promise<Gateway> {
  const store = await openStore({ url: url as string, schema });
  const deps = await createDeps(testConfig({ cache: { enabled: true }, ...input }), {
    registry: allSchemes,
    store,
    clock: () => 0,
    ...(readStore ? { readStore } : {}),
  });
  return { app: createApp(deps), deps, store };
}

async function close(g: Gateway): Promise<void> {
  await g.deps.close();
  await g.store.close();
}

/** Status and Location of resolving `path` on `g`. */
async function resolve(g: Gateway, path: string): Promise<string> {
  const res = await g.app.request(path);
  return `${res.status} ${res.headers.get('location') ?? ''}`.trim();
}

/** Poll until `path` on `g` answers `expected`; the milliseconds it took (fails past the budget). */
async function seen(g: Gateway, path: string, expected: string): Promise<number> {
  const start = performance.now();
  let last = '';
  while (performance.now() - start < BUDGET_MS) {
    last = await resolve(g, path);
    if (last === expected) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${path} still answers ${last}, not ${expected}, after ${BUDGET_MS} ms`);
}

/**
 * Resolve `path` on `g` until the answer comes from its cache (a read in flight when a notification arrives
 * keeps nothing, so the first reads after a change may not be kept); the answer.
 */
async function cached(g: Gateway, path: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const before = hits(g);
    const answer = await resolve(g, path);
    if (hits(g) === before + 1) return answer;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${path} never answered from the cache`);
}

async function until(what: string, ok: () => boolean): Promise<void> {
  const start = performance.now();
  while (!ok()) {
    if (performance.now() - start > BUDGET_MS) throw new Error(`not ${what} after ${BUDGET_MS} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The store an instance writes through (its admin and EZID APIs' store). */
function writer(g: Gateway): Store {
  const store = g.deps.store;
  if (!store) throw new Error('no store');
  return store;
}

const live = (g: Gateway) => g.deps.cache?.stats().live === true;
const hits = (g: Gateway) => g.deps.cache?.stats().hits ?? 0;

if (!url) {
  describe.skip('binding cache on PostgreSQL (set PIDGATE_TEST_DATABASE_URL to run)', () => {
    it('needs a server', () => undefined);
  });
} else {
  const run = `pidgate_cache_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const schemas: string[] = [];
  const admin = new pg.Client({ connectionString: url });

  beforeAll(async () => {
    await admin.connect();
  });

  afterAll(async () => {
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await admin.end();
  });

  describe('two gateways on one PostgreSQL, each with its cache', () => {
    let a: Gateway;
    let b: Gateway;
    const took: Record<string, number> = {};

    beforeAll(async () => {
      const schema = `${run}_ab`;
      schemas.push(schema);
      a = await gateway(schema);
      b = await gateway(schema);
      const naan = await a.store.addNaan('12345', 'test');
      expect(naan.ok).toBe(true);
      await until('listening', () => live(a) && live(b));
    });

    afterAll(async () => {
      await close(a);
      await close(b);
      console.log(`change seen on the other instance after (ms): ${JSON.stringify(took)}`);
    });

    it('bind on A, resolve on B (then from B’s cache); update on A: B answers the new target', async () => {
      const token = await a.store.createToken('test', ['ark:/12345']);
      expect(token.ok).toBe(true);
      const put = (target: string) =>
        a.app.request('/api/v1/bindings/ark:/12345/x1', {
          method: 'PUT',
          headers: { authorization: `Bearer ${token.ok ? token.value.token : ''}`, 'content-type': 'application/json' },
          body: JSON.stringify({ target }),
        });
      expect((await put('https://example.org/one')).status).toBe(201);
      expect(await cached(b, '/ark:/12345/x1')).toBe('302 https://example.org/one');
      expect((await put('https://example.org/two')).status).toBe(200);
      took['update'] = await seen(b, '/ark:/12345/x1', '302 https://example.org/two');
      expect(took['update']).toBeLessThan(BUDGET_MS);
    });

    it('a miss is cached on B, and a create on A drops it', async () => {
      expect(await cached(b, '/ark:/12345/x2')).toMatch(/^404/);
      const put = await writer(a).putBinding('ark:/12345/x2', { target: 'https://example.org/x2' }, 'test');
      expect(put.ok).toBe(true);
      took['create'] = await seen(b, '/ark:/12345/x2', '302 https://example.org/x2');
    });

    it('a suffix under a bound key, then the key deleted on A (tombstone): B answers 410', async () => {
      expect(await resolve(b, '/ark:/12345/x2/page.html')).toBe('302 https://example.org/x2/page.html');
      const del = await writer(a).deleteBinding('ark:/12345/x2', 'test');
      expect(del.ok).toBe(true);
      took['tombstone'] = await seen(b, '/ark:/12345/x2', '410');
      expect(await resolve(b, '/ark:/12345/x2/page.html')).toBe('410');
    });

    it('an import on A (more keys than one notification each: a flush) reaches B', async () => {
      await resolve(b, '/ark:/12345/x1');
      const items = Array.from({ length: 200 }, (_, i) => ({
        key: `ark:/12345/imp${i}`,
        target: `https://example.org/imp${i}`,
      }));
      items.push({ key: 'ark:/12345/x1', target: 'https://example.org/imported' });
      const before = b.deps.cache?.stats().flushes ?? 0;
      const imported = await writer(a).importBindings(items, { batchSize: 1000 });
      expect(imported.ok && imported.value.failed).toBe(0);
      took['import'] = await seen(b, '/ark:/12345/x1', '302 https://example.org/imported');
      expect(b.deps.cache?.stats().flushes).toBeGreaterThan(before);
      expect(await resolve(b, '/ark:/12345/imp7')).toBe('302 https://example.org/imp7');
    });

    it('a purge on A (rows removed, no tombstone) reaches B', async () => {
      expect(await resolve(b, '/ark:/12345/imp3')).toBe('302 https://example.org/imp3');
      const purged = await writer(a).purgeCreatedBefore(['ark:/12345/imp'], '2999-01-01T00:00:00Z', 'test');
      expect(purged.ok).toBe(true);
      took['purge'] = await seen(b, '/ark:/12345/imp3', '404');
    });

    it('B’s listening connection killed: its cache is emptied at once, nothing stale is served, then it listens again', async () => {
      expect(await resolve(b, '/ark:/12345/x1')).toBe('302 https://example.org/imported');
      expect(await resolve(b, '/ark:/12345/x1')).toBe('302 https://example.org/imported');
      expect(b.deps.cache?.stats().entries).toBeGreaterThan(0);
      const pid = b.store.changes?.()?.pid;
      expect(typeof pid).toBe('number');
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await until('down', () => !live(b));
      expect(b.deps.cache?.stats().entries).toBe(0);
      // While B does not listen, a change on A must still be answered by B at once: B reads the database.
      const put = await writer(a).putBinding('ark:/12345/x1', { target: 'https://example.org/while-down' }, 'test');
      expect(put.ok).toBe(true);
      if (!live(b)) expect(await resolve(b, '/ark:/12345/x1')).toBe('302 https://example.org/while-down');
      await until('listening again', () => live(b));
      expect(b.store.changes?.()?.pid).not.toBe(pid);
      expect(await cached(b, '/ark:/12345/x1')).toBe('302 https://example.org/while-down');
      // and changes are heard again
      await writer(a).putBinding('ark:/12345/x1', { target: 'https://example.org/after' }, 'test');
      took['after-reconnect'] = await seen(b, '/ark:/12345/x1', '302 https://example.org/after');
    });

    it('A reads its own writes at once (its write drops the key before the notification comes back)', async () => {
      for (let i = 0; i < 5; i++) {
        expect(await resolve(a, '/ark:/12345/x1')).toMatch(/^302/);
        const target = `https://example.org/own${i}`;
        await writer(a).putBinding('ark:/12345/x1', { target }, 'test');
        expect(await resolve(a, '/ark:/12345/x1')).toBe(`302 ${target}`);
      }
    });

    it('a NAAN declared on A counts on B at once (its own NAANs are read again)', async () => {
      expect(await resolve(b, '/ark:/54321/y')).toMatch(/^302 /);
      expect((await a.store.addNaan('54321', 'test')).ok).toBe(true);
      took['naan'] = await seen(b, '/ark:/54321/y', '404');
    });
  });

  describe('a read replica (DATABASE_READ_URL)', () => {
    it('resolution reads the replica, except keys changed within the grace time; writes and the APIs use the primary', async () => {
      const primary = `${run}_primary`;
      const replica = `${run}_replica`;
      schemas.push(primary, replica);
      // The "replica" is another schema that replays nothing on its own: a replica lagging for ever.
      const replicaStore = await openStore({ url: url as string, schema: replica });
      let now = 0;
      const store = await openStore({ url: url as string, schema: primary });
      const deps = await createDeps(testConfig({ cache: { enabled: true, replicaGraceMs: 10_000 } }), {
        registry: allSchemes,
        store,
        readStore: replicaStore,
        clock: () => now,
      });
      const b: Gateway = { app: createApp(deps), deps, store };
      try {
        await until('listening', () => live(b));
        // Written on the primary: the notification makes the key read from the primary for the grace time.
        expect((await writer(b).putBinding('ark:/12345/new', { target: 'https://example.org/new' }, 't')).ok).toBe(
          true,
        );
        await until('heard', () => (deps.cache?.stats().invalidated ?? 0) > 0);
        expect(await resolve(b, '/ark:/12345/new')).toBe('302 https://example.org/new');
        expect(deps.cache?.stats().primaryReads).toBe(1);
        expect((await replicaStore.getBinding('ark:/12345/new')).ok).toBe(false);
        // After the grace time, a key nobody changed is read from the replica only.
        now += 20_000;
        expect((await replicaStore.putBinding('ark:/12345/old', { target: 'https://example.org/old' }, 't')).ok).toBe(
          true,
        );
        expect(await resolve(b, '/ark:/12345/old')).toBe('302 https://example.org/old');
        expect(deps.cache?.stats().replicaReads).toBe(1);
        // The admin and EZID APIs read the primary: their own writes, not the replica's rows.
        expect((await writer(b).getBinding('ark:/12345/old')).ok).toBe(false);
        expect((await writer(b).getBinding('ark:/12345/new')).ok).toBe(true);
      } finally {
        await deps.close();
        await store.close();
        await replicaStore.close();
      }
    });
  });
}
