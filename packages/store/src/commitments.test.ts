import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Commitment, checkCommitment, commitmentCovers, commitmentFor } from './commitments.ts';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

const at = '2026-01-01T00:00:00.000Z';
const c = (prefix: string, what: string): Commitment => ({ prefix, statement: { what }, updatedAt: at, actor: 'cli' });

describe('which commitment statement covers a key', () => {
  it.each([
    // a NAAN's covers the ARKs under it, at the "/" boundary
    ['ark:/99999', 'ark:/99999/fk4abc', true],
    ['ark:/99999', 'ark:/999991/fk4abc', false],
    ['ark:/9999', 'ark:/99999/fk4abc', false],
    ['ark:/99999', 'ark:/99999', false],
    // a shoulder's covers the Names minted on it (they start with it)
    ['ark:/99999/fk4', 'ark:/99999/fk4abc', true],
    ['ark:/99999/fk4', 'ark:/99999/fk4abc/chapter1', true],
    ['ark:/99999/fk4', 'ark:/99999/fk5abc', false],
  ])('%s covers %s: %s', (prefix, key, expected) => {
    expect(commitmentCovers(prefix, key)).toBe(expected);
  });

  it('takes the longest covering prefix: the shoulder’s over the NAAN’s', () => {
    const list = [c('ark:/99999', 'naan'), c('ark:/99999/fk4', 'shoulder'), c('ark:/12345', 'other')];
    expect(commitmentFor(list, 'ark:/99999/fk4x')?.statement['what']).toBe('shoulder');
    expect(commitmentFor(list, 'ark:/99999/fk5x')?.statement['what']).toBe('naan');
    expect(commitmentFor(list, 'ark:/55555/x')).toBeNull();
  });
});

describe('checkCommitment', () => {
  it.each([
    ['', { what: 'x' }, 'invalid-key'],
    ['urn:nbn:de', { what: 'x' }, 'invalid-key'],
    ['ark:/99999/fk4/deeper', { what: 'x' }, 'invalid-key'],
    ['ark:/99999', { who: 'only who' }, 'invalid-binding'],
    ['ark:/99999', { what: '   ' }, 'invalid-binding'],
    ['ark:/99999', 'a string', 'invalid-binding'],
    ['ark:/99999', { what: 'nul \u0000 inside' }, 'invalid-binding'],
  ])('refuses %j %j with %s', (prefix, statement, code) => {
    const r = checkCommitment(prefix, statement, 'alice');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('accepts a NAAN or a shoulder with a statement, or null to remove it', () => {
    expect(checkCommitment('ark:/99999', { what: 'Permanent', who: 'Library' }, 'alice').ok).toBe(true);
    expect(checkCommitment('ark:/99999/fk4', null, 'alice').ok).toBe(true);
  });
});

const url = process.env['PIDGATE_TEST_DATABASE_URL'];
let schemas = 0;
for (const backend of ['sqlite', 'postgres'] as const) {
  describe.skipIf(backend === 'postgres' && !url)(`commitment statements in ${backend}`, () => {
    let store: Store;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'pidgate-commitments-'));
      store =
        backend === 'postgres'
          ? await openStore({ url: url as string, schema: `pidgate_commit_${process.pid}_${schemas++}` })
          : await openStore({ dataDir: dir });
    });
    afterAll(async () => {
      await store?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('sets, replaces, lists and removes a statement', async () => {
      expect(await store.listCommitments()).toEqual({ ok: true, value: [] });
      const set = await store.setCommitment('ark:/99999', { what: 'Permanent', who: 'Library' }, 'alice');
      expect(set.ok && set.value).toMatchObject({
        prefix: 'ark:/99999',
        statement: { what: 'Permanent', who: 'Library' },
        actor: 'alice',
      });
      await store.setCommitment('ark:/99999/fk4', { what: 'Kept ten years' }, 'bob');
      const replaced = await store.setCommitment('ark:/99999', { what: 'Permanent, reviewed' }, 'carol');
      expect(replaced.ok && replaced.value?.statement).toEqual({ what: 'Permanent, reviewed' });
      const list = await store.listCommitments();
      expect(list.ok && list.value.map((x) => [x.prefix, x.statement['what'], x.actor])).toEqual([
        ['ark:/99999', 'Permanent, reviewed', 'carol'],
        ['ark:/99999/fk4', 'Kept ten years', 'bob'],
      ]);
      expect(list.ok && Number.isNaN(Date.parse(list.value[0]?.updatedAt ?? ''))).toBe(false);
      expect(await store.setCommitment('ark:/99999/fk4', null, 'bob')).toEqual({ ok: true, value: null });
      const after = await store.listCommitments();
      expect(after.ok && after.value.map((x) => x.prefix)).toEqual(['ark:/99999']);
    });

    it('refuses a bad prefix or statement with its code, writing nothing', async () => {
      const r = await store.setCommitment('not a prefix', { what: 'x' }, 'alice');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid-key');
      const list = await store.listCommitments();
      expect(list.ok && list.value.some((x) => x.prefix === 'not a prefix')).toBe(false);
    });
  });
}
