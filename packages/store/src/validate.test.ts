import { expectLinear } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import * as grammar from './grammar.ts';
import { prefixUpperBound, stableJson } from './validate.ts';

const cmp = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

describe('prefixUpperBound', () => {
  it.each([
    ['ark:/99999/', 'ark:/999990'],
    ['a', 'b'],
    ['a\ud7ff', 'a\ue000'],
    ['a\u{10ffff}', 'b'],
    ['\u{10ffff}', null],
  ])('%j → %j', (prefix, bound) => {
    expect(prefixUpperBound(prefix)).toBe(bound);
  });

  it('is above every string with the prefix and below every greater string without it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'grapheme' }), (p, rest) => {
        const bound = prefixUpperBound(p);
        if (bound === null) return;
        expect(cmp(p + rest, bound)).toBeLessThan(0);
        expect(cmp(p, bound)).toBeLessThan(0);
      }),
    );
  });
});

describe('cursors (HMAC-signed with the store secret)', () => {
  const secret = Buffer.alloc(32, 7);
  const other = Buffer.alloc(32, 8);

  it('round-trip and are bound to their listing and filter', () => {
    const c = encodeCursor(secret, 'bindings', 'f', ['ark:/99999/x']);
    expect(decodeCursor(secret, c, 'bindings', 'f', ['string'])).toEqual({ ok: true, value: ['ark:/99999/x'] });
    expect(decodeCursor(secret, c, 'bindings', 'g', ['string']).ok).toBe(false);
    expect(decodeCursor(secret, c, 'pdi', 'f', ['string']).ok).toBe(false);
    expect(decodeCursor(secret, c, 'bindings', 'f', ['number']).ok).toBe(false);
    expect(decodeCursor(secret, undefined, 'bindings', 'f', ['string'])).toEqual({ ok: true, value: null });
  });

  it('refuse a cursor of another store (secret), and any change to one, with invalid-cursor', () => {
    const c = encodeCursor(secret, 'bindings', 'f', ['ark:/99999/x']);
    const foreign = decodeCursor(other, c, 'bindings', 'f', ['string']);
    expect(!foreign.ok && foreign.error.code).toBe('invalid-cursor');
    const [payload, mac] = c.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify(['ark:/12345/a'])).toString('base64url')}.${mac}`;
    expect(decodeCursor(secret, forged, 'bindings', 'f', ['string']).ok).toBe(false);
    // the old, unsigned form (base64url JSON) is refused too
    expect(decodeCursor(secret, payload, 'bindings', 'f', ['string']).ok).toBe(false);
    for (let i = 0; i < c.length; i++) {
      const flipped = c.slice(0, i) + (c[i] === 'A' ? 'B' : 'A') + c.slice(i + 1);
      if (flipped !== c) expect(decodeCursor(secret, flipped, 'bindings', 'f', ['string']).ok).toBe(false);
    }
  });

  it('never throw on garbage', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof decodeCursor(secret, s, 'bindings', 'f', ['string']).ok).toBe('boolean');
      }),
    );
  });
});

describe('stableJson', () => {
  it('ignores key order', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      stableJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
  });
});

describe('grammar', () => {
  it.each(Object.entries(grammar))('%s answers long runs of one character at once', (_, re) => {
    for (const c of ['a', '0', '.', '-', ' ', ':', 'e', 'd', 'T']) {
      // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear(
        (n) => c.repeat(n),
        (s) => re.test(s),
        { size: 1024, what: c },
      );
      expectLinear(
        (n) => `${c.repeat(n)}!`,
        (s) => re.test(s),
        { size: 1024, what: `${c}!` },
      );
    }
  });
});
