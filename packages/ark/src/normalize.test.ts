import type { PidError, Profile, Result } from '@pidgate/core';
import { expectLinear } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNormalBody, normalizeArk, normalizeBody } from './normalize.ts';
import { identifyArk, parseArk } from './parse.ts';

/** `parseArk` then `normalizeArk`: the key of a string, or its parse error. */
const keyOf = (s: string, profile: Profile = 'source'): Result<string, PidError> => {
  const r = parseArk(s, { profile });
  return r.ok ? { ok: true, value: normalizeArk(r.value, { profile }) } : r;
};

const norm = (s: string, profile: Profile = 'source') => {
  const r = keyOf(s, profile);
  if (!r.ok) throw new Error(`${s}: ${r.error.code} at ${r.error.offset}`);
  return r.value;
};

describe('§2.7 normalization, source profile', () => {
  it.each([
    // Step 1: the label and the two characters after "%" lowercased; the case of other letters kept.
    ['ARK:/12025/X%7D', 'ark:/12025/X%7d'],
    ['ark:/12025/%ACT', 'ark:/12025/%acT'], // §2.6 "%acT" rather than "%ACT"
    ['Ark:12025/AbC', 'ark:/12025/AbC'],
    // Step 2: the NMAH removed, every hyphen removed.
    ['http://a.example:8080/some/path/ark:/12025/x', 'ark:/12025/x'],
    ['ark:/12025/-x-y-', 'ark:/12025/xy'],
    ['ark:/12025/x%2dy', 'ark:/12025/x%2dy'], // an encoded hyphen conceals its reserved meaning
    // Step 3: initial and final structural characters removed; runs replaced by their first character.
    ['ark:/12025//x', 'ark:/12025/x'],
    ['ark:/12025/.x', 'ark:/12025/x'],
    ['ark:/12025/x/', 'ark:/12025/x'],
    ['ark:/12025/x./', 'ark:/12025/x'],
    ['ark:/12025/x//y', 'ark:/12025/x/y'],
    ['ark:/12025/x/./y', 'ark:/12025/x/y'], // "/." -> "/"
    ['ark:/12025/x..y', 'ark:/12025/x.y'],
    ['ark:/12025/x/-/y', 'ark:/12025/x/y'], // hyphens go first, so "/-/" is a run
    ['ark://12025/x', 'ark:/12025/x'], // an initial "/" before the NAAN is removed too
    ['ark:/-/120-25/x', 'ark:/12025/x'], // and so are hyphens, the NAAN's included (§2.6)
    ['ark:/12025/x.-/y.z', 'ark:/12025/x.y.z'], // "./" -> "." (then y and z are suffixes)
    // Step 3, last clause: a component with a period on the left and a slash on the right is moved,
    // with its period, to the end (see README: we move rather than reject).
    ['ark:/12025/654.20v/s3', 'ark:/12025/654/s3.20v'],
    ['ark:/12025/x.a/y.b/z', 'ark:/12025/x/y/z.a.b'],
    ['ark:/12025/x.b.a/y', 'ark:/12025/x/y.a.b'],
    // Step 4: suffixes sorted in ASCII order, duplicates removed.
    ['ark:/12025/654.f55.78g.20v', 'ark:/12025/654.20v.78g.f55'],
    ['ark:/12025/654.b.a.b.a', 'ark:/12025/654.a.b'],
    ['ark:/12025/654.a.B.%41', 'ark:/12025/654.%41.B.a'],
    ['ark:/12025/654.ab.a', 'ark:/12025/654.a.ab'],
    // The inflection is not part of the ARK.
    ['ark:/12025/x/?', 'ark:/12025/x'],
    ['ark:/12025/x.?info', 'ark:/12025/x'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input)).toBe(expected);
  });

  it("gives the scheme's one-scan fast path the same normalized form", () => {
    const r = identifyArk('http://x.org/ark:/12025/A-b.c.a//d');
    expect(r.ok && r.value.normalized).toBe(norm('http://x.org/ark:/12025/A-b.c.a//d'));
    expect(r.ok && r.value.normalized).toBe('ark:/12025/Ab/d.a.c');
  });
});

const nameChar = fc.constantFrom(...'abcXYZ019=*+@_$'.split(''), '%2f', '%2F', '%c3');
const structural = fc.constantFrom('/', '.', '-', '//', './', '-.-');
const body = fc.array(fc.oneof(nameChar, nameChar, structural), { minLength: 1, maxLength: 30 }).map((a) => a.join(''));
const arks = fc
  .tuple(fc.constantFrom('', 'http://n2t.net/', 'https://a.b.c/x/y/'), fc.constantFrom('ark:/', 'ark:', 'ARK:/'), body)
  .map(([prefix, label, b]) => `${prefix}${label}12025/${b}`);

describe('properties', () => {
  it('normalizeArk of the parts is the key the one-scan fast path gives, in both profiles', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          arks,
          fc.string({ maxLength: 40 }).map((b) => `ark:/12-025/${b}`),
        ),
        fc.constantFrom('source', 'modern' as const),
        (input, profile) => {
          const fast = identifyArk(input, profile);
          const key = keyOf(input, profile);
          expect(key.ok ? key.value : key.error.code).toBe(fast.ok ? fast.value.normalized : fast.error.code);
          if (fast.ok && key.ok)
            expect(parseArk(input, { profile })).toEqual({ ok: true, value: fast.value.components });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('normalization is idempotent in both profiles', () => {
    fc.assert(
      fc.property(arks, fc.constantFrom('source', 'modern' as const), (input, profile) => {
        const r = keyOf(input, profile);
        if (!r.ok) {
          expect(r.error.code).toBe('name-empty');
          return;
        }
        expect(keyOf(r.value, profile)).toEqual(r);
      }),
      { numRuns: 500 },
    );
  });

  it('the fast path for already-normalized bodies agrees with the full §2.7 steps', () => {
    const clean = fc
      .array(fc.oneof(nameChar, nameChar, nameChar, fc.constantFrom('/', '.')), { minLength: 1, maxLength: 12 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          arks,
          clean.map((b) => `ark:/12025/${b}`),
        ),
        fc.constantFrom('source', 'modern' as const),
        (input, profile) => {
          const start = input.indexOf('12025/') + 6;
          const body = normalizeBody(input, start, input.length, profile === 'modern');
          const r = keyOf(input, profile);
          if (body === '') expect(!r.ok && r.error.code).toBe('name-empty');
          else expect(r.ok && r.value).toBe((profile === 'modern' ? 'ark:12025/' : 'ark:/12025/') + body);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    // [body, source, modern]: is it already in normal form (copied as it is)?
    ['654xz321', true, true],
    ['654/s3/f8.05v', true, true],
    ['x%2fy', true, false], // step 1: %-hex lower case in source, upper case in modern
    ['x%2Fy', false, true],
    ['65-4', false, false], // step 2
    ['x\u2010y', true, false], // modern only: U+2010 is a hyphen
    ['/x', false, false], // step 3: initial, final and doubled structural characters
    ['x.', false, false],
    ['x//y', false, false],
    ['x.a.b', false, true], // step 4 (source): a second suffix is sorted
    ['x.a/y', false, true], // step 3 (source): a "/" after a "." moves the component
  ])('isNormalBody(%j): source %s, modern %s', (body, source, modern) => {
    expect(isNormalBody(body, 0, body.length, false)).toBe(source);
    expect(isNormalBody(body, 0, body.length, true)).toBe(modern);
  });

  it('a body isNormalBody accepts is one the full §2.7 steps give back unchanged', () => {
    const bodies = fc
      .array(fc.oneof(nameChar, nameChar, structural, fc.constantFrom('\u2010', '%aB', '%Ab')), {
        minLength: 1,
        maxLength: 16,
      })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(bodies, fc.boolean(), (b, modern) => {
        if (isNormalBody(b, 0, b.length, modern)) expect(normalizeBody(b, 0, b.length, modern)).toBe(b);
      }),
      { numRuns: 3000 },
    );
  });

  it('hyphens and the NMAH never change the normalized form', () => {
    fc.assert(
      fc.property(arks, fc.nat(40), (input, at) => {
        const key = (x: string) => {
          const r = keyOf(x);
          return r.ok ? r.value : r.error.code;
        };
        const r = key(input);
        const label = input.toLowerCase().indexOf('ark:');
        const i = Math.max(label + 5, Math.min(at + label, input.length));
        // A hyphen anywhere in the NAAN, the Name and the Qualifier, except inside a %-escape.
        if (input[i - 1] === '%' || input[i - 2] === '%') return;
        const hyphened = input.slice(0, i) + '-' + input.slice(i);
        expect(key(hyphened)).toBe(r);
        expect(key(`http://other.example/${input.slice(label)}`)).toBe(r);
      }),
      { numRuns: 500 },
    );
  });

  it('source: the order of suffixes does not matter', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,4}$/), { minLength: 1, maxLength: 6 }), (suffixes) => {
        const a = norm(`ark:/12025/x.${suffixes.join('.')}`);
        const b = norm(`ark:/12025/x.${[...suffixes].reverse().join('.')}`);
        expect(a).toBe(b);
        expect(a).toBe(`ark:/12025/x.${[...new Set(suffixes)].sort().join('.')}`);
      }),
    );
  });
});

describe('linear time: any string of any length gets a result', () => {
  it.each([
    ['/', '/'],
    ['.', '.'],
    ['-', '-'],
    ['/.-', '/.-'],
    ['a.', 'a.'],
    ['.a', '.a'],
    ['a/', 'a/'],
    ['%2', '%2'],
  ])('1 MB of %s after an ARK returns', (_, filler) => {
    const input = (n: number) => 'http://example.org/ark:/12025/x' + filler.repeat(Math.ceil(n / filler.length));
    for (const profile of ['source', 'modern'] as const) {
      expect(typeof parseArk(input(1_000_000), { profile }).ok).toBe('boolean');
      // 16 times the length takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear(input, (s) => parseArk(s, { profile }), { size: 1024, what: `${filler} ${profile}` });
    }
  });

  it('1 MB of every structural run alone returns an error', () => {
    for (const filler of ['/', '.', '-', '/-.']) {
      const r = parseArk('ark:/12025/' + filler.repeat(350_000));
      expect(!r.ok && r.error.code).toBe('name-empty');
    }
  });

  it('1 MB of hyphens in the NAAN returns (they are ignored, §2.6)', () => {
    const hyphens = '-'.repeat(1_000_000);
    expect(keyOf(`ark:/12${hyphens}025/x`)).toEqual({ ok: true, value: 'ark:/12025/x' });
    expect(keyOf(`ark:/${hyphens}12345/x`, 'modern')).toEqual({ ok: true, value: 'ark:12345/x' });
    expect(keyOf(`ark:/1${hyphens}/x`)).toMatchObject({ ok: false, error: { code: 'naan-length' } });
  });

  it('1 MB of distinct suffixes sorts them', () => {
    const parts = Array.from({ length: 100_000 }, (_, i) => (99_999 - i).toString(36));
    const r = keyOf(`ark:/12025/x.${parts.join('.')}`);
    expect(r.ok && r.value.slice(0, 23)).toBe('ark:/12025/x.0.1.10.100');
  });
});
