import { readFileSync } from 'node:fs';
import { createRegistry } from '@pidgate/core';
import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyNcda } from './ncda.ts';
import { normalizeArk } from './normalize.ts';
import { parseArk } from './parse.ts';
import { shoulder } from './relations.ts';
import { arkScheme } from './scheme.ts';

const valid = [
  'ark:/12025/654xz321',
  'http://foobar.zaf.org/ark:/12025/654xz321/s3/f8.05v.tiff',
  'http://loc.gov/ark:/12025/654xz321',
  'ark:sneezy.dopey.com/12025/654--xz32-1',
  'http://ark.nlm.nih.gov/ark:/12025/psbbantu??',
  'ark:/12025/654.20v.78g.f55',
  'ark:/12025/=@_22*$',
  'ARK:12025/65-4-xz-321?',
  'ark:/13030/tf5p30086k?info',
  'http://bad.example.org/ark:/13030/tqb3kh97gh8w',
  'ark:/12025/654.20v/s3',
  'https://n2t.net/resolver/ark:/123456789/x%2Fy//z.',
];

const nameChars = fc.constantFrom(...'aZ09=#*+@_$~-./%'.split(''), '%2f', '%C3', '?', '??', '?info', '\u2010');

schemeContract(arkScheme, {
  valid,
  validModern: [
    ...valid,
    'ark:b5072/x6np1wh8k',
    'ark:12345/a~b?format=json',
    'ark:12345/x\u2013y',
    'ark:/b7280/d1988w',
    'https://example.org/ark:12345/x?q=1/2?3',
  ],
  invalid: [
    'ark:',
    'ark:/1234/x',
    'ark:/12025/',
    'ark:/12025/---',
    'ark:/12025/a b',
    'ark:/12025/a%zz',
    'ark:/12025/x?y',
    'http://a b/ark:/12025/x',
    'http://x.org/a b/ark:/12025/x',
    'ark:b5072/x',
    'ARK:/12025',
  ],
  // draft-42: betanumeric NAANs of any length and URI queries pass; "#" leaves the repertoire.
  invalidModern: [
    'ark:',
    'ark:/12025/',
    'ark:/12025/---',
    'ark:/12025/- \t', // hyphens and whitespace (draft-42 §3.1) are dropped: no Name is left
    'ark:/12025/a<b',
    'ark:/12025/a%zz',
    'http://a b/ark:/12025/x',
    'http://x.org/a b/ark:/12025/x',
    'ARK:/12025',
    'ark:12025/a#b',
    'ark:/12a45/x',
    'ark:b5072/x?a<b',
    'ark:b5072/x%2',
  ],
  equivalent: [
    ['http://loc.gov/ark:/12025/654xz321', 'http://rutgers.edu/ark:/12025/654xz321', 'ark:/12025/654xz321'],
    ['ark:/12025/65-4-xz-321', 'ark:sneezy.dopey.com/12025/654--xz32-1', 'ark:/12025/654xz321'],
    ['ark:/12025/654.b.a', 'ark:/12025/654.a.b.a', 'ARK:12025/654.a.b/', 'ark:/12025/654.a.b?'],
    ['ark:/12025/654.20v/s3', 'ark:/12025/654/s3.20v'],
    ['ark:/12025/x%7D', 'ark:/12025/x%7d'],
  ],
  distinct: [
    ['ark:/12025/654xz', 'ark:/12025/654XZ'],
    ['ark:/12025/654/xz', 'ark:/12025/654xz'],
    ['ark:/12025/654.a', 'ark:/12025/654/a'],
    ['ark:/12025/x%2f', 'ark:/12025/x/'],
    ['ark:/12025/x%2d', 'ark:/12025/x'],
    ['ark:/12025/x', 'ark:/12026/x'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('ark:/', 'ark:', 'ARK:/', 'http://n2t.net/ark:/', 'ark:a.b/', 'https://x/y/ark:'),
      fc.constantFrom('12025', '123456789', 'b5072', '1234', ''),
      fc.constantFrom('/', ''),
      fc.array(nameChars, { maxLength: 30 }),
    )
    .map(([label, naan, slash, chars]) => label + naan + slash + chars.join('')),
  numRuns: 1000,
});

describe('recognize (dispatch)', () => {
  it.each([
    'ark:/12025/654',
    'ARK:12025/654',
    'aRk:',
    'http://bad.example.org/ark:/13030/tqb3kh97gh8w',
    'https://n2t.net/resolver/v1/ARK:/13030/x',
    'http:///ark:/12025/x',
    'ftp://a/ark:',
  ])('%s is an ARK', (s) => {
    expect(arkScheme.recognize(s)).toBe(true);
  });

  it.each([
    '',
    'ark',
    'arc:/12025/x',
    ' ark:/12025/x',
    'urn:ark:/12025/x',
    'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk/ark:/12025/x',
    'http://example.org/x/?next=/ark:/12025/x',
    'http://example.org/#/ark:/12025/x',
    'http://example.org/bark:/12025/x',
    'ark.nlm.nih.gov/12025/psbbantu?', // §6's browser shorthand carries no label
  ])('%j is not', (s) => {
    expect(arkScheme.recognize(s)).toBe(false);
  });

  it('has priority 10 and dispatches through a registry', () => {
    expect(arkScheme.priority).toBe(10);
    const registry = createRegistry([arkScheme]);
    expect(registry.normalize('http://bad.example.org/ark:/13030/tqb3kh97gh8w')).toEqual({
      ok: true,
      value: 'ark:/13030/tqb3kh97gh8w',
    });
    expect(registry.normalize('ark:b5072/x', 'modern')).toEqual({ ok: true, value: 'ark:b5072/x' });
  });
});

// The NAAN registry as published on 2024-11-07 (the snapshot the gateway ships, apps/gateway/data).
describe('the real NAAN registry', () => {
  const url = new URL('../../../apps/gateway/data/naan_records.json', import.meta.url);
  const records = (
    JSON.parse(readFileSync(url, 'utf8')) as { data: { what: string; test_identifier: string | null }[] }
  ).data;

  it('has the 1,800 records', () => {
    expect(records).toHaveLength(1800);
  });

  it('every NAAN and shoulder makes an ARK in the modern profile; digit NAANs in source too', () => {
    for (const { what } of records) {
      const input = what.includes('/') ? `ark:/${what}x` : `ark:/${what}/x`;
      const modern = parseArk(input, { profile: 'modern' });
      expect(modern.ok, input).toBe(true);
      const source = parseArk(input, { profile: 'source' });
      const naan = what.split('/')[0] as string;
      expect(source.ok, input).toBe(/^[0-9]{5}$/.test(naan));
      if (!source.ok) expect(source.error.code).toBe('naan-character');
    }
  });

  it('every shoulder that follows the first-digit convention is found again', () => {
    const shoulders = records.map((r) => r.what.split('/')[1]).filter((s): s is string => s !== undefined);
    expect(shoulders.length).toBeGreaterThan(300);
    let conventional = 0;
    for (const s of shoulders) {
      const found = shoulder(`${s}q7h`);
      if (/^[a-z]+[0-9]$/.test(s)) {
        conventional++;
        expect(found, s).toBe(s);
      } else expect(found, s).not.toBe(s);
    }
    expect(conventional).toBeGreaterThan(300);
  });

  it('its test identifiers parse (modern), carry NCDA check characters, and fail the source NAAN rule', () => {
    const ids = records.map((r) => r.test_identifier).filter((s): s is string => !!s);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const r = parseArk(id, { profile: 'modern' });
      if (!r.ok) throw new Error(`${id}: ${r.error.code}`);
      expect(normalizeArk(r.value, { profile: 'modern' })).toBe(id.replace('ark:/', 'ark:'));
      expect(verifyNcda(`${r.value.naan}/${r.value.name}`), id).toBe(true);
      expect(parseArk(id, { profile: 'source' })).toMatchObject({
        ok: false,
        error: { code: 'naan-character', offset: 5 },
      });
    }
  });
});
