import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNaanRegistryJson, parseNaanRegistryJsonText } from './registry.ts';

// The real registry export of 2024-11-07, in the snapshot the gateway ships.
// The snapshot the gateway ships (apps/gateway/data), in this repository.
const REAL_PATH = new URL('../../../apps/gateway/data/naan_records.json', import.meta.url).pathname;
const REAL_TEXT = readFileSync(REAL_PATH, 'utf8');

const record = (over: Record<string, unknown> = {}) => ({
  what: '12345',
  where: 'https://example.org',
  target: { url: 'https://example.org/ark:/${content}', http_code: 302 },
  rtype: 'PublicNAAN',
  ...over,
});

describe('parseNaanRegistryJson on the real export', () => {
  const result = parseNaanRegistryJsonText(REAL_TEXT);
  if (!result.ok) throw new Error(result.error.message);
  const registry = result.value;

  it('loads all 1,800 records and rejects none', () => {
    expect(registry.records).toHaveLength(1800);
    expect(registry.rejected).toEqual([]);
    expect(registry.records.filter((r) => r.shoulder === null)).toHaveLength(1432);
    expect(registry.records.filter((r) => r.shoulder !== null)).toHaveLength(368);
    expect(registry.metadata).toMatchObject({ created_date: '2024-11-07T16:48:30.774378+00:00' });
  });

  it.each([
    // shared/data/README.md: "NAAN 12025 → target http://www.nlm.nih.gov/ark:/${content} with 302"
    ['12025', null, 'http://www.nlm.nih.gov/ark:/${content}', 302, 'USNLM'],
    ['99166', 'w6', 'http://socialarchive.iath.virginia.edu/ark:/${content}', 303, 'SNACC'],
    ['b7280', null, 'https://doi.org/10.7280/${value}', 302, null],
    ['63274', null, 'https://zentralgut.ch/resolver?field=MD_PI_ARK&identifier=${pid}', 302, null],
    [
      '19156',
      'tkt42',
      'https://vocab.participatory-archives.ch/vocab.participatory-archives.ch/brunner${suffix}',
      302,
      null,
    ],
  ])('%s/%s → %s (%i)', (naan, shoulder, url, httpCode, acronym) => {
    const what = shoulder === null ? naan : `${naan}/${shoulder}`;
    const r = registry.records.find((x) => x.what === what);
    expect(r).toMatchObject({ naan, shoulder, target: { url, httpCode } });
    if (acronym) expect(r?.who.acronym).toBe(acronym);
  });
});

describe('parseNaanRegistryJson validation', () => {
  it('accepts a bare array of records', () => {
    const r = parseNaanRegistryJson([record()]);
    expect(r.ok && r.value.records.map((x) => x.what)).toEqual(['12345']);
  });

  it.each([
    ['a missing target', record({ target: undefined }), 'registry-record-schema', 'target'],
    [
      'a string http_code',
      record({ target: { url: 'https://e.org/${content}', http_code: '302' } }),
      'registry-record-schema',
      'target.http_code',
    ],
    ['a what that is no NAAN', record({ what: 'ab-12' }), 'registry-what', 'what'],
    ['an empty shoulder', record({ what: '12345/', rtype: 'PublicNAANShoulder' }), 'registry-what', 'what'],
    ['a space in a shoulder', record({ what: '12345/x 6', rtype: 'PublicNAANShoulder' }), 'registry-what', 'what'],
    ['a shoulder typed PublicNAAN', record({ what: '12345/x6' }), 'registry-rtype', 'rtype'],
    ['a NAAN typed PublicNAANShoulder', record({ rtype: 'PublicNAANShoulder' }), 'registry-rtype', 'rtype'],
    [
      'a naan field that disagrees',
      record({ what: '12345/x6', rtype: 'PublicNAANShoulder', naan: '99999' }),
      'registry-what',
      'what',
    ],
    [
      'a 200 http_code',
      record({ target: { url: 'https://e.org/${content}', http_code: 200 } }),
      'registry-http-code',
      'target.http_code',
    ],
    [
      'an ftp target',
      record({ target: { url: 'ftp://e.org/${content}', http_code: 302 } }),
      'registry-target-url',
      'target.url',
    ],
    [
      'a space in the target',
      record({ target: { url: 'https://e.org/a b/${content}', http_code: 302 } }),
      'registry-target-url',
      'target.url',
    ],
    [
      'an unknown variable',
      record({ target: { url: 'https://e.org/${nlid}', http_code: 302 } }),
      'registry-template',
      'target.url',
    ],
    [
      'an unclosed variable',
      record({ target: { url: 'https://e.org/${content', http_code: 302 } }),
      'registry-template',
      'target.url',
    ],
  ])('rejects %s (%s), keeping the other records', (_, bad, code, part) => {
    const r = parseNaanRegistryJson({ metadata: {}, data: [record({ what: '99999' }), bad] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.records.map((x) => x.what)).toEqual(['99999']);
    expect(r.value.rejected).toHaveLength(1);
    expect(r.value.rejected[0]).toMatchObject({ index: 1, error: { code, part } });
  });

  it('keeps the first of two records with the same what', () => {
    const r = parseNaanRegistryJson({ data: [record(), record({ where: 'second' })] });
    expect(r.ok && r.value.records.map((x) => x.where)).toEqual(['https://example.org']);
    expect(r.ok && r.value.rejected[0]?.error.code).toBe('registry-duplicate');
  });

  it('lowercases a betanumeric NAAN in what', () => {
    const r = parseNaanRegistryJson({ data: [record({ what: 'B7280' })] });
    expect(r.ok && r.value.records[0]?.what).toBe('b7280');
  });

  it.each([
    [null, 'registry-shape'],
    [{ data: 'x' }, 'registry-shape'],
    [{ metadata: {} }, 'registry-shape'],
    ['text', 'registry-shape'],
  ])('fails on the outer shape %j', (json, code) => {
    const r = parseNaanRegistryJson(json);
    expect(!r.ok && r.error.code).toBe(code);
  });

  it('reports text that is not JSON', () => {
    const r = parseNaanRegistryJsonText('{"data": [');
    expect(!r.ok && r.error.code).toBe('registry-json-syntax');
  });

  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(typeof parseNaanRegistryJson(json).ok).toBe('boolean');
        expect(typeof parseNaanRegistryJson({ data: [json] }).ok).toBe('boolean');
      }),
    );
  });
});
