import { afterEach, describe, expect, it } from 'vitest';
import { declareShoulder } from '../admin/index.ts';
import { allSchemes } from '../testing/helpers.ts';
import { testStore } from '../testing/store.ts';
import { MintPool } from './pool.ts';

describe('MintPool', () => {
  const opened: Awaited<ReturnType<typeof testStore>>[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });

  it('hands out every name of a bounded template once, one at a time when less than a block is left', async () => {
    const o = await testStore('sqlite');
    opened.push(o);
    const declared = await declareShoulder(o.store, allSchemes, 'source', {
      shoulder: 'ark:/99999/x6',
      template: 'x6.rdd',
    });
    expect(declared.ok).toBe(true);
    const pool = new MintPool(o.store, allSchemes, 'source', 32);
    const other = new MintPool(o.store, allSchemes, 'source', 7);
    // x6.rdd names 100 identifiers; 120 requests on two pools (blocks of 32 and of 7) at once.
    const ids = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? pool : other).next('ark:/99999/x6')),
    );
    const minted = ids.filter((r) => r.ok).map((r) => (r.ok ? r.value : ''));
    expect(new Set(minted).size).toBe(minted.length);
    expect(minted.length).toBeGreaterThanOrEqual(90);
    expect(minted.every((id) => /^ark:\/99999\/x6[0-9bcdfghjkmnpqrstvwxz]{2}$/.test(id))).toBe(true);
    expect(new Set(ids.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error.code)))).toEqual(
      new Set(minted.length === 120 ? [] : ['mint-exhausted']),
    );
    // what a pool still holds is handed out, then the template is spent
    const rest: string[] = [];
    for (;;) {
      const r = await pool.next('ark:/99999/x6');
      if (!r.ok) {
        expect(r.error.code).toBe('mint-exhausted');
        break;
      }
      rest.push(r.value);
    }
    expect(new Set([...minted, ...rest]).size).toBe(minted.length + rest.length);
  });
});
