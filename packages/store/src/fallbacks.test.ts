import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

// The shoulders' web-archive fallback (migration 14) on a real SQLite file and, with
// PIDGATE_TEST_DATABASE_URL, a real PostgreSQL schema.
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const dirs: string[] = [];
const stores: Store[] = [];
let n = 0;

async function open(backend: 'sqlite' | 'postgres'): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-fallbacks-'));
  dirs.push(dir);
  const store =
    backend === 'postgres'
      ? await openStore({ url: url as string, schema: `pidgate_fallbacks_${process.pid}_${n++}` })
      : await openStore({ dataDir: dir });
  stores.push(store);
  expect((await store.addNaan('99999')).ok).toBe(true);
  for (const key of ['ark:/99999/x6', 'ark:/99999/b3']) {
    const template = `${key.slice(-2)}.sd`;
    expect((await store.addShoulder({ key, naan: '99999', template, seed: '0' })).ok).toBe(true);
  }
  return store;
}

afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each([
  ['sqlite', true],
  ['postgres', Boolean(url)],
] as const)('store.fallbacks on %s', (backend, enabled) => {
  it.runIf(enabled)(
    'a shoulder has none until set; set, read back, listed, changed, and removed with none',
    async () => {
      const store = await open(backend);
      const none = await store.fallbacks.get('ark:/99999/x6');
      expect(none.ok && none.value.mode).toBe('none');
      expect(await store.fallbacks.list()).toEqual({ ok: true, value: [] });

      const set = await store.fallbacks.set('ark:/99999/x6', 'archive-page', 'alice');
      expect(set.ok && [set.value.key, set.value.mode, set.value.actor]).toEqual([
        'ark:/99999/x6',
        'archive-page',
        'alice',
      ]);
      const redirect = await store.fallbacks.set('ark:/99999/b3', 'archive-redirect', 'cli');
      expect(redirect.ok).toBe(true);
      const list = await store.fallbacks.list();
      expect(list.ok && list.value.map((s) => [s.key, s.mode])).toEqual([
        ['ark:/99999/b3', 'archive-redirect'],
        ['ark:/99999/x6', 'archive-page'],
      ]);

      const changed = await store.fallbacks.set('ark:/99999/x6', 'archive-redirect', 'bob');
      expect(changed.ok && changed.value.mode).toBe('archive-redirect');
      const got = await store.fallbacks.get('ark:/99999/x6');
      expect(got.ok && [got.value.mode, got.value.actor]).toEqual(['archive-redirect', 'bob']);

      expect((await store.fallbacks.set('ark:/99999/x6', 'none', 'bob')).ok).toBe(true);
      const after = await store.fallbacks.list();
      expect(after.ok && after.value.map((s) => s.key)).toEqual(['ark:/99999/b3']);
    },
  );

  it.runIf(enabled)('refuses an undeclared shoulder, a bad mode, key and actor with stable codes', async () => {
    const store = await open(backend);
    const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error?.code);
    expect(code(await store.fallbacks.set('ark:/99999/zz', 'archive-page', 'cli'))).toBe('not-found');
    expect(code(await store.fallbacks.get('ark:/99999/zz'))).toBe('not-found');
    expect(code(await store.fallbacks.set('ark:/99999/x6', 'archive' as never, 'cli'))).toBe('invalid-fallback');
    expect(code(await store.fallbacks.set('ark:/99999/x 6', 'archive-page', 'cli'))).toBe('invalid-key');
    expect(code(await store.fallbacks.set('ark:/99999/x6', 'archive-page', ''))).toBe('invalid-actor');
    expect(await store.fallbacks.list()).toEqual({ ok: true, value: [] });
  });
});
