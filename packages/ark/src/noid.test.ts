import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOID_ERROR_CODES } from './codes.ts';
import { verifyNcda } from './ncda.ts';
import { capacity, type NoidTemplate, nth, parseTemplate } from './noid.ts';

const template = (t: string): NoidTemplate => {
  const r = parseTemplate(t);
  if (!r.ok) throw new Error(`${t}: ${r.error.code}`);
  return r.value;
};
const mint = (t: string, n: number | bigint, options = {}): string => {
  const r = nth(template(t), n, options);
  if (!r.ok) throw new Error(`${t} #${n}: ${r.error.code}`);
  return r.value;
};

describe('templates', () => {
  it.each([
    ['.reeddeeedk', { prefix: '', generator: 'r', mask: 'eeddeeed', check: true }],
    ['x6.reeddk', { prefix: 'x6', generator: 'r', mask: 'eedd', check: true }],
    ['.zd', { prefix: '', generator: 'z', mask: 'd', check: false }],
    ['fk4.sdddk', { prefix: 'fk4', generator: 's', mask: 'ddd', check: true }],
  ])('%s', (t, expected) => {
    expect(parseTemplate(t)).toEqual({ ok: true, value: { template: t, ...expected } });
  });

  it.each([
    ['reeddk', 'template-dot', 6],
    ['x 6.reeddk', 'template-prefix-character', 1],
    ['x-6.reeddk', 'template-prefix-character', 1],
    ['x6.', 'template-generator', 3],
    ['x6.qdd', 'template-generator', 3],
    ['x6.rdkd', 'template-mask-character', 5],
    ['x6.rdxd', 'template-mask-character', 5],
    ['x6.rkk', 'template-mask-character', 4],
    ['x6.r', 'template-mask-empty', 4],
    ['x6.rk', 'template-mask-empty', 4],
  ])('%s -> %s at %s', (t, code, offset) => {
    const r = parseTemplate(t);
    expect(!r.ok && [r.error.code, r.error.offset]).toEqual([code, offset]);
    expect(NOID_ERROR_CODES).toContain(code);
  });

  it.each([
    ['.rd', 10n],
    ['.se', 29n],
    ['x6.reeddk', 29n * 29n * 100n],
    ['.reeddeeedk', 29n ** 5n * 1000n],
    ['.seeeeeeeeeeeeeeee', 29n ** 16n], // beyond 2^53: exact
    ['.zd', null],
  ])('the capacity of %s is %s', (t, expected) => {
    expect(capacity(template(t))).toBe(expected);
  });
});

describe('the n-th identifier', () => {
  it('sequential templates count up in mixed radix', () => {
    expect([0, 1, 9, 10, 11, 29, 289].map((n) => mint('.sde', n))).toEqual(['00', '01', '09', '0b', '0c', '10', '9z']);
  });

  it('"z" templates never run out: the leftmost position repeats', () => {
    expect([0, 9, 10, 99, 100, 12345].map((n) => mint('.zd', n))).toEqual(['0', '9', '10', '99', '100', '12345']);
    expect([0, 28, 29, 289, 290, 841].map((n) => mint('.zed', n))).toEqual(['00', '28', '29', 'z9', '100', '2w1']);
    expect(mint('.zd', 10n ** 30n)).toBe('1' + '0'.repeat(30));
  });

  it('adds the NCDA check character over NAAN/shoulder+id', () => {
    const id = mint('x6.seeddk', 12345, { naan: '13030' });
    expect(id.startsWith('x6')).toBe(true);
    expect(id).toHaveLength(2 + 4 + 1);
    expect(verifyNcda(`13030/${id}`)).toBe(true);
    expect(verifyNcda(mint('x6.seeddk', 12345))).toBe(true);
  });

  it('reproduces 13030/xf93gt2q from the sequential ordinal of 93gt2', () => {
    // mask "ddeed": 9, 3, g (14), t (24), 2 in mixed radix 10, 10, 29, 29, 10
    const n = (((9 * 10 + 3) * 29 + 14) * 29 + 24) * 10 + 2;
    expect(mint('xf.sddeedk', n, { naan: '13030' })).toBe('xf93gt2q');
  });

  it('refuses ordinals out of range', () => {
    const t = template('.rd');
    for (const n of [10, 11n, -1, 1.5, Number.NaN, -1n]) {
      const r = nth(t, n);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(['template-exhausted', 'ordinal-range']).toContain(r.error.code);
    }
    expect(nth(t, 10)).toMatchObject({ ok: false, error: { code: 'template-exhausted' } });
    expect(nth(t, -1)).toMatchObject({ ok: false, error: { code: 'ordinal-range' } });
  });
});

describe('random order', () => {
  it.each(['.rd', '.re', '.rdd', '.rde', '.reee', 'b3.rddk'])('%s mints a permutation of all its identifiers', (t) => {
    const tpl = template(t);
    const size = Number(capacity(tpl));
    const seq = template(t.replace('.r', '.s'));
    const all = new Set(Array.from({ length: size }, (_, n) => mint(seq.template, n)));
    const minted = Array.from({ length: size }, (_, n) => mint(t, n, { seed: 'pidgate' }));
    expect(new Set(minted).size).toBe(size);
    for (const id of minted) expect(all.has(id), id).toBe(true);
    if (size > 10) expect(minted).not.toEqual([...all]);
  });

  it('is the same for the same seed and differs between seeds', () => {
    const first = (seed: string | number) => Array.from({ length: 20 }, (_, n) => mint('.reedd', n, { seed }));
    expect(first('a')).toEqual(first('a'));
    expect(first('a')).not.toEqual(first('b'));
    expect(first(1)).not.toEqual(first('1'));
  });

  it('never repeats within a large template (sampled)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.bigInt({ min: 0n, max: 29n ** 8n * 100n - 1n }), { minLength: 50 }), (ns) => {
        const ids = ns.map((n) => mint('.reeddeeeeeek', n, { seed: 7 }));
        expect(new Set(ids).size).toBe(ns.length);
      }),
      { numRuns: 20 },
    );
  });

  it('mints 10,000 distinct identifiers from x6.reeddk, each with a valid check character', () => {
    const ids = Array.from({ length: 10_000 }, (_, n) => mint('x6.reeddk', n, { seed: 42, naan: '12345' }));
    expect(new Set(ids).size).toBe(10_000);
    for (const id of ids) expect(verifyNcda(`12345/${id}`)).toBe(true);
  });
});
