// Must come first: lets node-postgres load under the root vitest config's conditions.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Principal } from './accounts.ts';
import { GuardedStore } from './guarded.ts';
import { openStore } from './open.ts';
import { type LockHook, PostgresBackend } from './postgres.ts';
import type { Store } from './store.ts';

/**
 * The ownership rule checked inside the write's own transaction (acting.ts): every write that says who acts
 * (`acting`) is refused or done against the row as it is under the lock. Run on a real SQLite file and, with
 * PIDGATE_TEST_DATABASE_URL, on a real PostgreSQL, where an owner change is raced against a write by holding
 * one transaction at its lock (the `onLocked` hook) until the other is seen waiting for it.
 */
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const run = `pidgate_acting_${process.pid}_${randomBytes(4).toString('hex')}`;
const dirs: string[] = [];
const schemas: string[] = [];
let n = 0;

afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (url && schemas.length > 0) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await client.end();
  }
});

const principal = (username: string, role: Principal['role'], groups: string[] = []): Principal => ({
  username,
  role,
  groups,
  coOwnerOf: [],
  tokenId: null,
  scopes: null,
});
const ALICE = principal('alice', 'user', ['library']);
const BOB = principal('bob', 'user', ['library']);
const EVE = principal('eve', 'user', ['museum']);
const READER = principal('rita', 'readonly', ['library']);
const ADMIN = principal('root', 'admin');
const A = 'ark:/99999/fk4';
const T = (s: string | number) => `https://example.org/${s}`;
const R = 'urn:pdi://ap.org.us/1997/11/27/12';

type Res = { ok: true; value: unknown } | { ok: false; error: { code: string } };
const code = (r: Res) => (r.ok ? 'ok' : r.error.code);
function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const backends: [string, () => Promise<Store>][] = [
  [
    'sqlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pidgate-acting-'));
      dirs.push(dir);
      return openStore({ dataDir: dir });
    },
  ],
];
if (url) {
  backends.push([
    'postgres',
    async () => {
      const schema = `${run}_${++n}`;
      schemas.push(schema);
      return openStore({ url, schema });
    },
  ]);
}

describe.each(backends)('the ownership rule in the write transaction (%s)', (_name, fresh) => {
  it('a put: only the related change; a reserved one is hidden; readonly changes nothing', async () => {
    const s = await fresh();
    const made = value(await s.putBinding(`${A}x`, { target: T(1) }, 'alice', { acting: { principal: ALICE } }));
    expect(made.binding).toMatchObject({ owner: 'alice', ownerGroup: 'library' });
    // A group member changes it; the owner and group stay.
    const byBob = value(await s.putBinding(`${A}x`, { target: T(2) }, 'bob', { acting: { principal: BOB } }));
    expect(byBob.binding).toMatchObject({ target: T(2), owner: 'alice', ownerGroup: 'library' });
    expect(code(await s.putBinding(`${A}x`, { target: T(3) }, 'eve', { acting: { principal: EVE } }))).toBe(
      'not-owner',
    );
    expect(code(await s.putBinding(`${A}x`, { target: T(3) }, 'rita', { acting: { principal: READER } }))).toBe(
      'not-owner',
    );
    value(
      await s.putBinding(`${A}r`, { target: T(1), identifierStatus: 'reserved' }, 'a', {
        acting: { principal: ALICE },
      }),
    );
    expect(code(await s.putBinding(`${A}r`, { target: T(3) }, 'eve', { acting: { principal: EVE } }))).toBe(
      'not-found',
    );
    expect(value(await s.getBinding(`${A}x`)).target).toBe(T(2));
    expect(value(await s.getBinding(`${A}r`)).target).toBe(T(1));
    await s.close();
  });

  it('a put: only an administrator names the owner or group; a new one is the creator’s, in the shoulder’s group', async () => {
    const s = await fresh();
    value(await s.addNaan('99999'));
    value(await s.addShoulder({ key: 'ark:/99999/m5', naan: '99999', template: 'm5.reeddk', seed: '0' }));
    value(await s.createGroup('museum'));
    value(await s.setShoulderGroup('ark:/99999/m5', 'museum'));
    expect(code(await s.putBinding('ark:/99999/m5x', { target: T(1) }, 'bob', { acting: { principal: BOB } }))).toBe(
      'not-owner',
    );
    const eves = value(await s.putBinding('ark:/99999/m5x', { target: T(1) }, 'eve', { acting: { principal: EVE } }));
    expect(eves.binding).toMatchObject({ owner: 'eve', ownerGroup: 'museum' });
    expect(
      code(await s.putBinding(`${A}o`, { target: T(1), owner: 'carol' }, 'bob', { acting: { principal: BOB } })),
    ).toBe('ownership-change');
    // Naming what it would get anyway is no change.
    expect(
      code(await s.putBinding(`${A}o`, { target: T(1), owner: 'bob' }, 'bob', { acting: { principal: BOB } })),
    ).toBe('ok');
    expect(
      code(await s.putBinding(`${A}o`, { target: T(1), ownerGroup: 'museum' }, 'bob', { acting: { principal: BOB } })),
    ).toBe('ownership-change');
    const moved = value(
      await s.putBinding(`${A}o`, { target: T(1), owner: 'carol', ownerGroup: null }, 'root', {
        acting: { principal: ADMIN },
      }),
    );
    expect(moved.binding).toMatchObject({ owner: 'carol', ownerGroup: null });
    expect(code(await s.putBinding(`${A}o`, { target: T(2) }, 'bob', { acting: { principal: BOB } }))).toBe(
      'not-owner',
    );
    await s.close();
  });

  it('a delete and a reserved delete: only the related', async () => {
    const s = await fresh();
    value(await s.putBinding(`${A}d`, { target: T(1) }, 'alice', { acting: { principal: ALICE } }));
    value(
      await s.putBinding(`${A}dr`, { target: T(1), identifierStatus: 'reserved' }, 'alice', {
        acting: { principal: ALICE },
      }),
    );
    expect(code(await s.deleteBinding(`${A}d`, 'eve', { acting: { principal: EVE } }))).toBe('not-owner');
    expect(code(await s.deleteReserved(`${A}dr`, 'eve', { acting: { principal: EVE } }))).toBe('not-found');
    expect(code(await s.deleteBinding(`${A}d`, 'bob', { acting: { principal: BOB } }))).toBe('ok');
    expect(code(await s.deleteReserved(`${A}dr`, 'alice', { acting: { principal: ALICE } }))).toBe('ok');
    await s.close();
  });

  it('an import: each item checked in its batch’s transaction', async () => {
    const s = await fresh();
    value(await s.putBinding(`${A}i1`, { target: T(1), owner: 'alice', ownerGroup: 'library' }, 'cli'));
    const results: { key: string; ok: boolean; code?: string }[] = [];
    const summary = value(
      await s.importBindings(
        [
          { key: `${A}i1`, target: T(9) },
          { key: `${A}i2`, target: T(9) },
          { key: `${A}i3`, target: T(9), owner: 'alice' },
        ],
        {
          actor: 'eve',
          acting: { principal: EVE },
          onResult: (r) => results.push({ key: r.key, ok: r.ok, ...(r.ok ? {} : { code: r.error.code }) }),
        },
      ),
    );
    expect(summary).toMatchObject({ total: 3, created: 1, failed: 2 });
    expect(results).toEqual([
      { key: `${A}i1`, ok: false, code: 'not-owner' },
      { key: `${A}i2`, ok: true },
      { key: `${A}i3`, ok: false, code: 'ownership-change' },
    ]);
    expect(value(await s.getBinding(`${A}i2`))).toMatchObject({ owner: 'eve', ownerGroup: 'museum' });
    expect(value(await s.getBinding(`${A}i1`)).target).toBe(T(1));
    await s.close();
  });

  it('PDI versions have an owner and a group, and only the related bind the next one', async () => {
    const s = await fresh();
    const v1 = value(await s.putPdiVersion(R, 'html', T('h1'), 'alice', { acting: { principal: ALICE } }));
    expect(v1).toMatchObject({ version: 1, owner: 'alice', ownerGroup: 'library' });
    // Another format of the same resource is the same resource: its owner's.
    expect(code(await s.putPdiVersion(R, 'text', T('t1'), 'eve', { acting: { principal: EVE } }))).toBe('not-owner');
    expect(code(await s.putPdiVersion(R, 'html', T('h2'), 'rita', { acting: { principal: READER } }))).toBe(
      'not-owner',
    );
    expect(code(await s.putPdiVersion(R, 'html', T('h2'), 'bob', { acting: { principal: BOB }, owner: 'bob' }))).toBe(
      'ownership-change',
    );
    const v2 = value(await s.putPdiVersion(R, 'html', T('h2'), 'bob', { acting: { principal: BOB } }));
    expect(v2).toMatchObject({ version: 2, owner: 'alice', ownerGroup: 'library' });
    // An administrator hands the resource on: the next versions are the new owner's.
    const v3 = value(
      await s.putPdiVersion(R, 'html', T('h3'), 'root', {
        acting: { principal: ADMIN },
        owner: 'eve',
        ownerGroup: 'museum',
      }),
    );
    expect(v3).toMatchObject({ version: 3, owner: 'eve', ownerGroup: 'museum' });
    expect(code(await s.putPdiVersion(R, 'html', T('h4'), 'alice', { acting: { principal: ALICE } }))).toBe(
      'not-owner',
    );
    // The operator (no `acting`) keeps the resource's owner.
    expect(value(await s.putPdiVersion(R, 'pdf', T('p1'), 'cli'))).toMatchObject({
      owner: 'eve',
      ownerGroup: 'museum',
    });
    expect(value(await s.getPdi(R, 'html', 1))).toMatchObject({ owner: 'alice', ownerGroup: 'library' });
    const listed = value(await s.listPdi({ prefix: R }));
    expect(listed.items.map((v) => v.owner)).toEqual(['alice', 'alice', 'eve', 'eve']);
    await s.close();
  });

  it('a malformed acting is an error, never an unchecked write', async () => {
    const s = await fresh();
    const bad = { acting: { principal: { username: 'x' } } } as never;
    expect(code(await s.putBinding(`${A}m`, { target: T(1) }, 'x', bad))).toBe('invalid-binding');
    expect(code(await s.deleteBinding(`${A}m`, 'x', bad))).toBe('invalid-binding');
    expect(code(await s.putPdiVersion(R, 'html', T(1), 'x', bad))).toBe('invalid-binding');
    expect(code(await s.importBindings([], bad))).toBe('invalid-binding');
    await s.close();
  });
});

/** A gate a test opens once. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((r) => {
    open = r;
  });
  return { wait, open };
}

describe.skipIf(!url)('racing an owner change against a write on PostgreSQL', () => {
  /**
   * A store whose transactions of `holder` stop at their lock until released: `locked` resolves with that
   * transaction's backend pid once it holds the lock.
   */
  async function racing(holder: string) {
    const schema = `${run}_race_${++n}`;
    schemas.push(schema);
    const held = gate();
    const release = gate();
    let pid = 0;
    const onLocked: LockHook = async (at, query) => {
      if (at.actor !== holder || pid !== 0) return;
      pid = Number((await query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      held.open();
      await release.wait;
    };
    const store = new GuardedStore(await PostgresBackend.create({ url: url as string, schema, onLocked }));
    value(await store.migrate());
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    /** Wait until some other connection is blocked by the held transaction (polled, no fixed delay). */
    const blocked = async () => {
      for (let i = 0; i < 10_000; i++) {
        const { rows } = await watcher.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))',
          [pid],
        );
        if (rows[0].n > 0) return;
        await new Promise((r) => setImmediate(r));
      }
      throw new Error('the second write never waited for the lock');
    };
    const done = async () => {
      await watcher.end();
      await store.close();
    };
    return { store, schema, watcher, held: held.wait, release: release.open, blocked, done };
  }

  it('an owner change that takes the lock first: the former group member’s update is refused, nothing of it lands', async () => {
    const r = await racing('root');
    const key = `${A}race1`;
    value(await r.store.putBinding(key, { target: T('alice'), owner: 'alice', ownerGroup: 'library' }, 'cli'));
    const change = r.store.putBinding(key, { target: T('alice'), ownerGroup: 'museum' }, 'root', {
      acting: { principal: ADMIN },
    });
    await r.held;
    // Bob was in the owner group when he asked; the check must see the group as it is when he writes.
    const update = r.store.putBinding(key, { target: T('bob') }, 'bob', { acting: { principal: BOB } });
    await r.blocked();
    r.release();
    expect(code(await change)).toBe('ok');
    expect(code(await update)).toBe('not-owner');
    expect(value(await r.store.getBinding(key))).toMatchObject({ target: T('alice'), ownerGroup: 'museum' });
    const history = value(await r.store.history(key));
    expect(history.map((h) => h.actor)).toEqual(['cli', 'root']);
    await r.done();
  });

  it('an update that takes the lock first lands (bob was related then), and the owner change follows it', async () => {
    const r = await racing('bob');
    const key = `${A}race2`;
    value(await r.store.putBinding(key, { target: T('alice'), owner: 'alice', ownerGroup: 'library' }, 'cli'));
    const update = r.store.putBinding(key, { target: T('bob') }, 'bob', { acting: { principal: BOB } });
    await r.held;
    const change = r.store.putBinding(key, { target: T('bob'), ownerGroup: 'museum' }, 'root', {
      acting: { principal: ADMIN },
    });
    await r.blocked();
    r.release();
    expect(code(await update)).toBe('ok');
    expect(code(await change)).toBe('ok');
    expect(value(await r.store.history(key)).map((h) => h.actor)).toEqual(['cli', 'bob', 'root']);
    await r.done();
  });

  it('a delete raced by an owner change is refused', async () => {
    const r = await racing('root');
    const key = `${A}race3`;
    value(await r.store.putBinding(key, { target: T('alice'), owner: 'alice', ownerGroup: 'library' }, 'cli'));
    const change = r.store.putBinding(key, { target: T('alice'), ownerGroup: 'museum' }, 'root', {
      acting: { principal: ADMIN },
    });
    await r.held;
    const deleting = r.store.deleteBinding(key, 'bob', { acting: { principal: BOB } });
    await r.blocked();
    r.release();
    expect(code(await change)).toBe('ok');
    expect(code(await deleting)).toBe('not-owner');
    expect(value(await r.store.getBinding(key)).tombstoned).toBe(false);
    await r.done();
  });

  it('a PDI version raced by a hand-over of the resource is refused', async () => {
    const r = await racing('root');
    value(await r.store.putPdiVersion(R, 'html', T('h1'), 'alice', { acting: { principal: ALICE } }));
    const handOver = r.store.putPdiVersion(R, 'html', T('h2'), 'root', {
      acting: { principal: ADMIN },
      owner: 'eve',
      ownerGroup: 'museum',
    });
    await r.held;
    const next = r.store.putPdiVersion(R, 'text', T('t1'), 'bob', { acting: { principal: BOB } });
    await r.blocked();
    r.release();
    expect(code(await handOver)).toBe('ok');
    expect(code(await next)).toBe('not-owner');
    const listed = value(await r.store.listPdi({ prefix: R }));
    expect(listed.items.map((v) => [v.format, v.version, v.actor])).toEqual([
      ['html', 1, 'alice'],
      ['html', 2, 'root'],
    ]);
    await r.done();
  });

  it('a create waits for a shoulder changing group and is decided by the new group', async () => {
    const r = await racing('nobody');
    value(await r.store.addNaan('99999'));
    value(await r.store.addShoulder({ key: 'ark:/99999/g5', naan: '99999', template: 'g5.reeddk', seed: '0' }));
    for (const g of ['library', 'museum']) value(await r.store.createGroup(g));
    value(await r.store.setShoulderGroup('ark:/99999/g5', 'library'));
    // An administrator's change of the shoulder's group, held open as setShoulderGroup holds it.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`SET search_path TO "${r.schema}"`);
    await admin.query('BEGIN');
    await admin.query(`SELECT 1 FROM shoulders WHERE key = 'ark:/99999/g5' FOR UPDATE`);
    await admin.query(`UPDATE shoulders SET group_name = 'museum' WHERE key = 'ark:/99999/g5'`);
    const adminPid = Number((await admin.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    // Eve (museum) creates while the change is open; Alice (library) too.
    const eves = r.store.putBinding('ark:/99999/g5e', { target: T('eve') }, 'eve', { acting: { principal: EVE } });
    const alices = r.store.putBinding('ark:/99999/g5a', { target: T('alice') }, 'alice', {
      acting: { principal: ALICE },
    });
    for (let i = 0; ; i++) {
      const { rows } = await r.watcher.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))',
        [adminPid],
      );
      if (rows[0].n >= 2) break;
      if (i > 10_000) throw new Error('the creates never waited for the group change');
      await new Promise((res) => setImmediate(res));
    }
    await admin.query('COMMIT');
    await admin.end();
    const made = value(await eves);
    expect(made.binding).toMatchObject({ owner: 'eve', ownerGroup: 'museum' });
    expect(code(await alices)).toBe('not-owner');
    expect(code(await r.store.getBinding('ark:/99999/g5a'))).toBe('not-found');
    await r.done();
  });

  it('a shoulder’s group change waits for a create that read the old group, and follows it', async () => {
    const r = await racing('alice');
    value(await r.store.addNaan('99999'));
    value(await r.store.addShoulder({ key: 'ark:/99999/g6', naan: '99999', template: 'g6.reeddk', seed: '0' }));
    for (const g of ['library', 'museum']) value(await r.store.createGroup(g));
    value(await r.store.setShoulderGroup('ark:/99999/g6', 'library'));
    const alices = r.store.putBinding('ark:/99999/g6a', { target: T('alice') }, 'alice', {
      acting: { principal: ALICE },
    });
    await r.held;
    const change = r.store.setShoulderGroup('ark:/99999/g6', 'museum');
    await r.blocked();
    r.release();
    expect(value(await alices).binding).toMatchObject({ owner: 'alice', ownerGroup: 'library' });
    expect(value(await change)).toMatchObject({ group: 'museum' });
    await r.done();
  });
});
