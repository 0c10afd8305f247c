import { describe, expect, it } from 'vitest';
import type { ArkIdentifier } from './parse.ts';
import { baseObject, containers, isContainedIn, isVariantOf, shoulder, variants } from './relations.ts';
import { arkScheme } from './scheme.ts';

const ark = (s: string, profile: 'source' | 'modern' = 'source'): ArkIdentifier => {
  const r = arkScheme.parse(s, profile);
  if (!r.ok) throw new Error(`${s}: ${r.error.code}`);
  return r.value;
};

describe('§2.5.1 ARKs that reveal object hierarchy', () => {
  // "publishing ark:/12025/654/xz/321 is equivalent to publishing three ARKs ... the first object is
  // contained in the second object, and the second object is contained in the third."
  it('ark:/12025/654/xz/321 implies its containers, nearest first', () => {
    expect(containers(ark('ark:/12025/654/xz/321'))).toEqual(['ark:/12025/654/xz', 'ark:/12025/654']);
    expect(isContainedIn(ark('ark:/12025/654/xz/321'), ark('ark:/12025/654/xz'))).toBe(true);
    expect(isContainedIn(ark('ark:/12025/654/xz'), ark('ark:/12025/654'))).toBe(true);
    expect(isContainedIn(ark('ark:/12025/654/xz/321'), ark('ark:/12025/654'))).toBe(true);
    expect(isContainedIn(ark('ark:/12025/654'), ark('ark:/12025/654/xz'))).toBe(false);
    expect(isContainedIn(ark('ark:/12025/654'), ark('ark:/12025/654'))).toBe(false);
  });

  // "... by not using slashes, reveals no shared inferences about hierarchical or other inter-relatedness"
  it.each(['ark:/12025/654_xz_321', 'ark:/12025/654_xz', 'ark:/12025/654xz321', 'ark:/12025/654xz', 'ark:/12025/654'])(
    '%s reveals no containers',
    (s) => {
      expect(containers(ark(s))).toEqual([]);
      expect(isContainedIn(ark(s), ark('ark:/12025/654'))).toBe(false);
    },
  );

  it('the slashes around the NAAN are not a NAAN super object', () => {
    expect(containers(ark('ark:/12025/654'))).toEqual([]);
    expect(containers(ark('ark:12025/654/x', 'modern'))).toEqual(['ark:12025/654']);
  });

  it('"654xz" is not contained in "654" (a prefix of the name is not a container)', () => {
    expect(isContainedIn(ark('ark:/12025/654xz/1'), ark('ark:/12025/654'))).toBe(false);
  });

  it('compares the normalized forms, whatever the NMAH, hyphens and profile', () => {
    expect(isContainedIn(ark('http://loc.gov/ark:/12025/65-4//xz'), ark('ark:/12025/654/'))).toBe(true);
    expect(isContainedIn(ark('ark:/12025/654/xz', 'modern'), ark('ark:/12025/654'))).toBe(true);
    expect(isContainedIn(ark('ark:/12025/654/xz'), ark('ark:b5072/654', 'modern'))).toBe(false);
  });

  it('§2: the diagrammed example is contained in its ComponentPath prefixes', () => {
    const a = ark('http://foobar.zaf.org/ark:/12025/654xz321/s3/f8.05v.tiff');
    expect(containers(a)).toEqual(['ark:/12025/654xz321/s3', 'ark:/12025/654xz321']);
    expect(baseObject(a)).toBe('ark:/12025/654xz321/s3/f8');
  });
});

describe('§2.5.2 ARKs that reveal object variants', () => {
  it.each([
    ['ark:/12025/654.24', 'ark:/12025/654'],
    ['ark:/12025/xz4/654.24', 'ark:/12025/xz4/654'],
    ['ark:/12025/654.20v.78g.f55', 'ark:/12025/654'],
    ['ark:/12025/654', 'ark:/12025/654'],
  ])('the base object of %s is %s', (s, base) => {
    expect(baseObject(ark(s))).toBe(base);
  });

  // "publishing the ARK ark:/12025/654.20v.78g.f55 is equivalent to publishing the four ARKs"
  it('ark:/12025/654.20v.78g.f55 implies three more variants, nearest first', () => {
    expect(variants(ark('ark:/12025/654.20v.78g.f55'))).toEqual([
      'ark:/12025/654.20v.78g',
      'ark:/12025/654.20v',
      'ark:/12025/654',
    ]);
    expect(variants(ark('ark:/12025/654'))).toEqual([]);
  });

  // "the following ARKs are variants of each other"
  const siblings = ['ark:/12025/654.20v.78g.f55', 'ark:/12025/654.321xz', 'ark:/12025/654.44', 'ark:/12025/654'];
  it.each(siblings.flatMap((a) => siblings.filter((b) => b !== a).map((b) => [a, b])))(
    '%s is a variant of %s',
    (a, b) => {
      expect(isVariantOf(ark(a), ark(b))).toBe(true);
    },
  );

  it.each([
    ['ark:/12025/654.24', 'ark:/12025/654.24'], // the same object
    ['ark:/12025/654.24', 'ark:/12025/xz4/654.24'], // different base names
    ['ark:/12025/654.24', 'ark:/12025/6543.24'],
    ['ark:/12025/654.24', 'ark:/12026/654.24'],
  ])('%s is not a variant of %s', (a, b) => {
    expect(isVariantOf(ark(a), ark(b))).toBe(false);
  });

  it('source: a period-left/slash-right component is a variant of the last component', () => {
    const a = ark('ark:/12025/654.20v/s3');
    expect(a.normalized).toBe('ark:/12025/654/s3.20v');
    expect(baseObject(a)).toBe('ark:/12025/654/s3');
    expect(containers(a)).toEqual(['ark:/12025/654']);
  });

  it('modern: suffixes stay where they are', () => {
    const a = ark('ark:12025/654.20v/s3', 'modern');
    expect(baseObject(a)).toBe('ark:12025/654.20v/s3');
    expect(containers(a)).toEqual(['ark:12025/654.20v']);
    expect(variants(ark('ark:12025/654.f55.20v', 'modern'))).toEqual(['ark:12025/654.f55', 'ark:12025/654']);
    expect(isVariantOf(ark('ark:12025/654.f55.20v', 'modern'), ark('ark:12025/654.20v.f55', 'modern'))).toBe(true);
  });
});

describe('draft-42 shoulders', () => {
  it.each([
    ['x6np1wh8k', 'x6'], // the spec's example, ark:12345/x6np1wh8k
    ['fk4abc', 'fk4'],
    ['b3', 'b3'],
    // draft-42 §2.4.1: "one or more betanumeric characters ending in a digit", so a first digit alone is
    // a shoulder (time-machine-project/ark-service tests/conformance.rs: ark:12345/8np1wh8k has shoulder 8)
    ['654xz321', '6'],
    ['8np1wh8k', '8'],
    ['x-6np1wh8k', 'x6'], // hyphens are identity inert (ark-service: shoulder x6)
    ['b1550e8400-e29b-41d4-a716-446655440000', 'b1'], // ark-service's UUID blade on shoulder b1
    ['xyz', null], // no digit
    ['bcd', null], // ark-service: ark:12345/bcd has no shoulder
    ['x_6', null],
    ['', null],
  ])('the shoulder of %s is %s', (name, expected) => {
    expect(shoulder(name)).toBe(expected);
  });
});
