import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './open.ts';
import { EVERY_IDENTIFIER } from './stats.ts';
import type { ImportItem, Store } from './store.ts';

/** The dashboard's queries and the demo purge, on a real SQLite file and (when configured) a real PostgreSQL. */
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const dirs: string[] = [];
const schemas: string[] = [];
const run = `pidgate_stats_${process.pid}_${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (url && schemas.length > 0) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await client.end();
  }
});

const backends: [string, () => Promise<Store>][] = [
  [
    'sqlite',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pidgate-stats-'));
      dirs.push(dataDir);
      return openStore({ dataDir });
    },
  ],
];
if (url) {
  backends.push([
    'postgres',
    async () => {
      const schema = `${run}_${schemas.length}`;
      schemas.push(schema);
      return openStore({ url, schema });
    },
  ]);
}

function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const item = (key: string, createdAt: string, extra: Partial<ImportItem> = {}): ImportItem => ({
  key,
  target: `https://example.org/${encodeURIComponent(key)}`,
  createdAt,
  updatedAt: createdAt,
  ...extra,
});

describe.each(backends)('%s', (_name, fresh) => {
  it('counts by status, by prefix and per month, for everyone or for some owners', async () => {
    const s = await fresh();
    value(
      await s.importBindings([
        item('ark:/99999/fk4a', '2026-01-05T10:00:00.000Z', { owner: 'alice' }),
        item('ark:/99999/fk4b', '2026-01-31T23:59:59.000Z', { owner: 'alice', identifierStatus: 'reserved' }),
        item('ark:/99999/fk4c', '2026-03-01T00:00:00.000Z', {
          owner: 'bob',
          identifierStatus: 'unavailable',
          statusReason: 'withdrawn',
        }),
        item('ark:/13030/c7a', '2026-03-02T00:00:00.000Z', { owner: 'bob' }),
        item('ark:/13030/c7b', '2025-12-31T23:59:59.000Z', { owner: 'alice' }),
        item('ark:/13030/c7gone', '2026-03-03T00:00:00.000Z', { owner: 'alice' }),
      ]),
    );
    value(await s.deleteBinding('ark:/13030/c7gone', 'alice'));
    const all = value(
      await s.bindingStats(EVERY_IDENTIFIER, {
        prefixes: ['ark:/99999/fk4', 'ark:/13030/c7', 'ark:/12345/x'],
        since: '2026-01-01T00:00:00.000Z',
      }),
    );
    expect(all).toEqual({
      total: 5,
      byStatus: { public: 3, reserved: 1, unavailable: 1 },
      byPrefix: [
        { prefix: 'ark:/99999/fk4', count: 3 },
        { prefix: 'ark:/13030/c7', count: 2 },
        { prefix: 'ark:/12345/x', count: 0 },
      ],
      byMonth: [
        { month: '2026-01', count: 2 },
        { month: '2026-03', count: 2 },
      ],
    });
    const alice = value(
      await s.bindingStats(
        { owners: ['alice'], groups: [] },
        { prefixes: ['ark:/99999/fk4'], since: '2000-01-01T00:00:00Z' },
      ),
    );
    expect(alice).toEqual({
      total: 3,
      byStatus: { public: 2, reserved: 1, unavailable: 0 },
      byPrefix: [{ prefix: 'ark:/99999/fk4', count: 2 }],
      byMonth: [
        { month: '2025-12', count: 1 },
        { month: '2026-01', count: 2 },
      ],
    });
    value(
      await s.importBindings([
        item('ark:/99999/fk4g1', '2026-02-01T00:00:00.000Z', { owner: 'carol', ownerGroup: 'library' }),
        item('ark:/99999/fk4g2', '2026-02-01T00:00:00.000Z', { owner: 'dave', ownerGroup: 'archive' }),
      ]),
    );
    const group = value(
      await s.bindingStats({ owners: ['nobody'], groups: ['library'] }, { since: '2000-01-01T00:00:00Z' }),
    );
    expect(group.total).toBe(1);
    expect(value(await s.recentChanges({ owners: [], groups: ['library'] }, 10)).map((h) => h.key)).toEqual([
      'ark:/99999/fk4g1',
    ]);
    const nobody = value(await s.bindingStats({ owners: [], groups: [] }, { since: '2000-01-01T00:00:00Z' }));
    expect(nobody.total).toBe(0);
    await s.close();
  });

  it('recent changes newest first, limited to the scope; bindings by status', async () => {
    const s = await fresh();
    value(await s.putBinding('ark:/99999/fk4r1', { target: 'https://e.org/1', owner: 'alice' }, 'alice'));
    value(await s.putBinding('ark:/99999/fk4r2', { target: 'https://e.org/2', owner: 'bob' }, 'bob'));
    value(await s.putBinding('ark:/99999/fk4r1', { target: 'https://e.org/1b', owner: 'alice' }, 'alice'));
    const everyone = value(await s.recentChanges(EVERY_IDENTIFIER, 10));
    expect(everyone.map((h) => [h.key, h.action, h.actor])).toEqual([
      ['ark:/99999/fk4r1', 'update', 'alice'],
      ['ark:/99999/fk4r2', 'create', 'bob'],
      ['ark:/99999/fk4r1', 'create', 'alice'],
    ]);
    expect(everyone[0]?.before?.target).toBe('https://e.org/1');
    expect(everyone[0]?.after.target).toBe('https://e.org/1b');
    const bob = value(await s.recentChanges({ owners: ['bob'], groups: [] }, 10));
    expect(bob.map((h) => h.key)).toEqual(['ark:/99999/fk4r2']);
    expect(value(await s.recentChanges(EVERY_IDENTIFIER, 1))).toHaveLength(1);
    expect((await s.recentChanges(EVERY_IDENTIFIER, 0)).ok).toBe(false);

    value(
      await s.putBinding(
        'ark:/99999/fk4u',
        { target: 'https://e.org/u', owner: 'bob', identifierStatus: 'unavailable', statusReason: 'moved' },
        'bob',
      ),
    );
    const unavailable = value(await s.findBindings(EVERY_IDENTIFIER, { status: 'unavailable', limit: 10 }));
    expect(unavailable.map((b) => [b.key, b.statusReason])).toEqual([['ark:/99999/fk4u', 'moved']]);
    expect(
      value(await s.findBindings({ owners: ['alice'], groups: [] }, { status: 'unavailable', limit: 10 })),
    ).toEqual([]);
    await s.close();
  });

  it('purges what was created under the prefixes before the cutoff, keeps the history, leaves the rest', async () => {
    const s = await fresh();
    value(
      await s.importBindings([
        item('ark:/99999/fk4old', '2026-01-01T00:00:00.000Z'),
        item('ark:/99999/fk4older', '2025-06-01T00:00:00.000Z'),
        item('ark:/99999/fk4new', '2026-01-20T00:00:00.000Z'),
        item('ark:/99999/fk5old', '2025-01-01T00:00:00.000Z'),
        item('doi:10.5072/fk2old', '2025-01-01T00:00:00.000Z'),
      ]),
    );
    value(await s.deleteBinding('ark:/99999/fk4older', 'cli'));
    const cutoff = '2026-01-15T00:00:00.000Z';
    const first = value(
      await s.purgeCreatedBefore(['ark:/99999/fk4', 'doi:10.5072/fk2'], cutoff, 'demo-purge', { limit: 2 }),
    );
    expect(first).toEqual({ purged: ['ark:/99999/fk4old', 'ark:/99999/fk4older'], more: true });
    const second = value(await s.purgeCreatedBefore(['ark:/99999/fk4', 'doi:10.5072/fk2'], cutoff, 'demo-purge'));
    expect(second).toEqual({ purged: ['doi:10.5072/fk2old'], more: false });
    for (const gone of ['ark:/99999/fk4old', 'ark:/99999/fk4older', 'doi:10.5072/fk2old']) {
      const r = await s.getBinding(gone);
      expect(r.ok ? 'found' : r.error.code).toBe('not-found');
    }
    expect(value(await s.getBinding('ark:/99999/fk4new')).target).toMatch(/fk4new/);
    expect(value(await s.getBinding('ark:/99999/fk5old')).target).toMatch(/fk5old/);
    const h = value(await s.history('ark:/99999/fk4old'));
    expect(h.map((e) => [e.action, e.actor])).toEqual([
      ['create', 'import'],
      ['delete', 'demo-purge'],
    ]);
    expect(value(await s.purgeCreatedBefore(['ark:/99999/fk4'], cutoff, 'demo-purge'))).toEqual({
      purged: [],
      more: false,
    });
    expect((await s.purgeCreatedBefore(['ark:/99999/fk4'], 'yesterday', 'demo-purge')).ok).toBe(false);
    await s.close();
  });
});
