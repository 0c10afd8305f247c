import { describe, expect, it } from 'vitest';
import { ARK_ERROR_CODES } from './codes.ts';
import { formatArk } from './format.ts';
import { normalizeArk } from './normalize.ts';
import { parseArk } from './parse.ts';
import { arkScheme } from './scheme.ts';

const normalized = (s: string, profile: 'source' | 'modern' = 'source') => {
  const r = parseArk(s, { profile });
  if (!r.ok) throw new Error(`${s}: ${r.error.code} at ${r.error.offset}`);
  const key = normalizeArk(r.value, { profile });
  // the scheme's one-scan fast path gives the same key
  const id = arkScheme.parse(s, profile);
  expect(id.ok && id.value.normalized, s).toBe(key);
  return key;
};

// Every example ARK of draft-kunze-ark-09, verbatim, with its normalized form in both profiles.
describe('draft-kunze-ark-09 examples', () => {
  it.each([
    // §2 the diagrammed example; §2.5 "/s3/f8" is a ComponentPath and ".05v.tiff" a VariantPath
    [
      'http://foobar.zaf.org/ark:/12025/654xz321/s3/f8.05v.tiff',
      'ark:/12025/654xz321/s3/f8.05v.tiff',
      'ark:12025/654xz321/s3/f8.05v.tiff',
    ],
    // §2.1 three synonyms for one object: the NMAH is identity inert
    ['http://loc.gov/ark:/12025/654xz321', 'ark:/12025/654xz321', 'ark:12025/654xz321'],
    ['http://rutgers.edu/ark:/12025/654xz321', 'ark:/12025/654xz321', 'ark:12025/654xz321'],
    ['ark:/12025/654xz321', 'ark:/12025/654xz321', 'ark:12025/654xz321'],
    // §2.5.1 hierarchy
    ['ark:/12025/654/xz/321', 'ark:/12025/654/xz/321', 'ark:12025/654/xz/321'],
    ['ark:/12025/654/xz', 'ark:/12025/654/xz', 'ark:12025/654/xz'],
    ['ark:/12025/654', 'ark:/12025/654', 'ark:12025/654'],
    // §2.5.1 no hierarchy revealed
    ['ark:/12025/654_xz_321', 'ark:/12025/654_xz_321', 'ark:12025/654_xz_321'],
    ['ark:/12025/654_xz', 'ark:/12025/654_xz', 'ark:12025/654_xz'],
    ['ark:/12025/654xz', 'ark:/12025/654xz', 'ark:12025/654xz'],
    // §2.5.2 variants
    ['ark:/12025/654.24', 'ark:/12025/654.24', 'ark:12025/654.24'],
    ['ark:/12025/xz4/654.24', 'ark:/12025/xz4/654.24', 'ark:12025/xz4/654.24'],
    ['ark:/12025/654.20v.78g.f55', 'ark:/12025/654.20v.78g.f55', 'ark:12025/654.20v.78g.f55'],
    ['ark:/12025/654.321xz', 'ark:/12025/654.321xz', 'ark:12025/654.321xz'],
    ['ark:/12025/654.44', 'ark:/12025/654.44', 'ark:12025/654.44'],
    ['ark:/12025/654.20v.78g', 'ark:/12025/654.20v.78g', 'ark:12025/654.20v.78g'],
    ['ark:/12025/654.20v', 'ark:/12025/654.20v', 'ark:12025/654.20v'],
    // §2.6 hyphens are identity inert; the NMAH written after the label (see README: choices)
    ['ark:/12025/65-4-xz-321', 'ark:/12025/654xz321', 'ark:12025/654xz321'],
    ['ark:sneezy.dopey.com/12025/654--xz32-1', 'ark:/12025/654xz321', 'ark:12025/654xz321'],
    // §2.8 an undelimited ARK in running prose
    ['ark:/12025/=@_22*$', 'ark:/12025/=@_22*$', 'ark:12025/=@_22*$'],
    // §6 the THUMP inflections "?" and "??" are kept apart from the identifier
    ['http://ark.nlm.nih.gov/ark:/12025/psbbantu?', 'ark:/12025/psbbantu', 'ark:12025/psbbantu'],
    ['http://ark.nlm.nih.gov/ark:/12025/psbbantu??', 'ark:/12025/psbbantu', 'ark:12025/psbbantu'],
    ['ark:/12025/psbbantu', 'ark:/12025/psbbantu', 'ark:12025/psbbantu'],
    // §6 "... the object identified by ark:/12025/psbbantu." (a final period is removed, §2.6)
    ['ark:/12025/psbbantu.', 'ark:/12025/psbbantu', 'ark:12025/psbbantu'],
  ])('%s -> %s (modern %s)', (input, source, modern) => {
    expect(normalized(input)).toBe(source);
    expect(normalized(input, 'modern')).toBe(modern);
  });

  it('§2: splits the diagrammed example into its parts', () => {
    const r = parseArk('http://foobar.zaf.org/ark:/12025/654xz321/s3/f8.05v.tiff');
    expect(r.ok && r.value).toEqual({
      prefix: 'http://foobar.zaf.org/',
      nmah: 'foobar.zaf.org',
      label: 'ark:/',
      naan: '12025',
      name: '654xz321',
      qualifier: '/s3/f8.05v.tiff',
      componentPath: '/s3/f8',
      variantPath: '.05v.tiff',
      inflection: null,
      query: null,
    });
  });

  it('§2.6: the NMAH after the label is the NMAH', () => {
    const r = parseArk('ark:sneezy.dopey.com/12025/654--xz32-1');
    expect(r.ok && r.value).toMatchObject({ prefix: null, nmah: 'sneezy.dopey.com', label: 'ark:' });
  });

  it.each([
    ['http://ark.nlm.nih.gov/ark:/12025/psbbantu?', '?'],
    ['http://ark.nlm.nih.gov/ark:/12025/psbbantu??', '??'],
    ['ark:/12025/psbbantu?info', '?info'],
    ['ark:/12025/psbbantu', null],
  ])('§6: %s has the inflection %s', (input, inflection) => {
    for (const profile of ['source', 'modern'] as const) {
      const r = parseArk(input, { profile });
      expect(r.ok && r.value.inflection).toBe(inflection);
      expect(r.ok && normalizeArk(r.value, { profile }).includes('?')).toBe(false);
    }
  });

  it('§2.6: a comma ending a sentence is not part of the ARK (ark:/12025/=@_22*$,)', () => {
    const r = parseArk('ark:/12025/=@_22*$,');
    expect(!r.ok && [r.error.code, r.error.offset]).toEqual(['name-character', 18]);
  });
});

describe('labels (both profiles accept "ark:/" and "ark:" in any case)', () => {
  it.each([
    'ark:/12025/654',
    'ark:12025/654',
    'ARK:/12025/654',
    'Ark:12025/654',
    'https://n2t.net/ark:/12025/654',
    'HTTPS://N2T.net/resolver/v1/ArK:12025/654',
  ])('%s', (input) => {
    expect(normalized(input)).toBe('ark:/12025/654');
    expect(normalized(input, 'modern')).toBe('ark:12025/654');
  });

  it('keeps the label and URL prefix as written', () => {
    const r = parseArk('HTTPS://N2T.net/resolver/v1/ArK:12025/654');
    expect(r.ok && r.value).toMatchObject({
      prefix: 'HTTPS://N2T.net/resolver/v1/',
      nmah: 'N2T.net',
      label: 'ArK:',
    });
  });
});

describe('modern profile (draft-42)', () => {
  it.each([
    ['ark:B5072/X6np1wh8k', 'ark:b5072/X6np1wh8k'], // betanumeric NAAN, lowercased; the Name keeps its case
    ['ark:/12345/x%2fy%c3%a9', 'ark:12345/x%2Fy%C3%A9'], // %-hex uppercased
    ['ark:12345/a~b', 'ark:12345/a~b'], // "~" is a Name character
    ['ark:12345/x\u2010y\u2011z\u2012a\u2013b\u2014c\u2015d-e', 'ark:12345/xyzabcde'], // U+2010..U+2015 are hyphens
    ['ark:12345/654.f55.20v.20v', 'ark:12345/654.f55.20v.20v'], // suffixes kept in order
    ['ark:12345/654.20v/s3', 'ark:12345/654.20v/s3'], // no component is moved
    ['ark:12345/x?info', 'ark:12345/x'],
    ['https://example.org/ark:12345/x?format=json&v=2', 'ark:12345/x'], // a query is dropped
    ['ark:12345//x//y..z/', 'ark:12345/x/y.z'], // structural characters still fixed
  ])('%s -> %s', (input, expected) => {
    expect(normalized(input, 'modern')).toBe(expected);
  });

  it('keeps a query apart from the identifier', () => {
    const r = parseArk('https://example.org/ark:12345/x?format=json', { profile: 'modern' });
    expect(r.ok && r.value).toMatchObject({ inflection: null, query: 'format=json' });
  });
});

describe('errors carry a code named after the rule and an offset', () => {
  it.each([
    ['ark', 'source', 'ark-label', 0],
    ['http://x.org/foo', 'source', 'ark-label', 0],
    ['urn:ark:/12025/x', 'source', 'ark-label', 0],
    ['http:///ark:/12025/x', 'source', 'nmah-host', 7],
    ['http://ex ample.org/ark:/12025/x', 'source', 'nmah-host', 9],
    ['http://x.org/a b/ark:/12025/x', 'source', 'nmah-path', 14],
    ['http://x.org/%zz/ark:/12025/x', 'source', 'pct-encoded', 13],
    // With no label after the prefix, the missing label is reported, whatever else is wrong before it.
    ['http://ex ample.org/foo', 'source', 'ark-label', 0],
    ['http://x.org/a b/foo', 'source', 'ark-label', 0],
    ['http://x.org/a?b/ark:/12025/x', 'source', 'ark-label', 0],
    ['http://x.org#/ark:/12025/x', 'source', 'ark-label', 0],
    ['http://x.org', 'source', 'ark-label', 0],
    ['http:///foo', 'source', 'ark-label', 0],
    ['http://x.org/a/%zz/b/ark:/12025/x', 'source', 'pct-encoded', 15],
    ['ark:/1202x/654', 'source', 'naan-character', 9],
    ['ark:b5072/x', 'source', 'naan-character', 4],
    ['ark:/b507a/x', 'modern', 'naan-character', 9],
    ['ark:/1202/654', 'source', 'naan-length', 5],
    ['ark:/123456/654', 'source', 'naan-length', 5],
    ['ark:/', 'source', 'naan-length', 5],
    ['ark:/a', 'modern', 'naan-character', 5],
    ['ark:/', 'modern', 'naan-length', 5],
    ['ark:/12025', 'source', 'naan-unterminated', 10],
    ['ark:/12025?', 'source', 'naan-unterminated', 10],
    ['ark:/12025/', 'source', 'name-empty', 11],
    ['ark:/12025//./', 'source', 'name-empty', 11],
    ['ark:/12025/---', 'source', 'name-empty', 11],
    ['ark:/12025/-/-.-', 'modern', 'name-empty', 11],
    ['ark:/12025/?', 'source', 'name-empty', 11],
    ['ark:/12025/a b', 'source', 'name-character', 12],
    ['ark:/12025/a/b c', 'source', 'qualifier-character', 14],
    ['ark:/12025/a~b', 'source', 'name-character', 12],
    ['ark:/12025/a#b', 'modern', 'name-character', 12],
    ['ark:/12025/é', 'source', 'name-character', 11],
    ['ark:/12025/a\u2010b', 'source', 'name-character', 12],
    ['ark:/12025/a%2', 'source', 'pct-encoded', 12],
    ['ark:/12025/a%g0', 'modern', 'pct-encoded', 12],
    ['ark:/12025/a?x', 'source', 'inflection', 12],
    ['ark:/12025/a???', 'source', 'inflection', 12],
    ['ark:/12025/a?x<y', 'modern', 'query-character', 14],
    ['ark:/12025/a?x%4', 'modern', 'pct-encoded', 14],
  ] as const)('%s (%s) -> %s at %s', (input, profile, code, offset) => {
    const r = parseArk(input, { profile });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect([r.error.code, r.error.offset]).toEqual([code, offset]);
      expect(ARK_ERROR_CODES).toContain(r.error.code);
    }
  });

  it.each([
    ['ark:/123456789/654', 'source'],
    ['ark:/12025/a#b', 'source'],
    ['ark:/12025/a~b', 'modern'],
    ['ark:/12025/a???', 'modern'],
    ['ark:/12025/a?x', 'modern'],
    ['ark:/12025/%7d%acT', 'source'],
  ] as const)('%s is valid in %s', (input, profile) => {
    expect(parseArk(input, { profile }).ok).toBe(true);
  });

  it('lists every error code it can return', () => {
    expect(new Set(ARK_ERROR_CODES).size).toBe(ARK_ERROR_CODES.length);
    expect([...ARK_ERROR_CODES].sort()).toEqual(
      [
        'ark-label',
        'inflection',
        'naan-character',
        'naan-length',
        'naan-unterminated',
        'name-character',
        'name-empty',
        'nmah-host',
        'nmah-path',
        'pct-encoded',
        'qualifier-character',
        'query-character',
      ].sort(),
    );
  });
});

describe('components as written, and format', () => {
  it.each([
    ['ark:/12025/654.20v/s3', '654', '.20v/s3', '.20v/s3', ''],
    ['ark:/12025//654//s3/f8.a.b', '654', '//s3/f8.a.b', '//s3/f8', '.a.b'],
    ['ark:/12025/-/654', '-', '/654', '/654', ''],
    ['ark:/12025/x.a/y.b', 'x', '.a/y.b', '.a/y', '.b'],
  ])('%s: name %s, qualifier %s = %s + %s', (input, name, qualifier, componentPath, variantPath) => {
    const r = parseArk(input);
    expect(r.ok && r.value).toMatchObject({ name, qualifier, componentPath, variantPath });
  });

  it.each([
    'http://foobar.zaf.org/ark:/12025/654xz321/s3/f8.05v.tiff',
    'ark:sneezy.dopey.com/12025/654--xz32-1',
    'ARK:12025/x?info',
    'http://ark.nlm.nih.gov/ark:/12025/psbbantu??',
  ])('formats %s back as written', (input) => {
    const r = parseArk(input);
    expect(r.ok && formatArk(r.value)).toBe(input);
  });

  it('writes an NMAH without a URL prefix in an http:// prefix when the label is "ark:/"', () => {
    const r = parseArk('ark:/12025/654');
    if (!r.ok) throw new Error('should parse');
    expect(formatArk({ ...r.value, nmah: 'n2t.net' })).toBe('http://n2t.net/ark:/12025/654');
  });

  it('formats a modern query back', () => {
    const r = parseArk('ark:12345/x?a=b', { profile: 'modern' });
    expect(r.ok && formatArk(r.value)).toBe('ark:12345/x?a=b');
  });
});
