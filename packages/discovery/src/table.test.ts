import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseNatab } from './natab.ts';
import { parseNaanRegistryJson, parseNaanRegistryJsonText } from './registry.ts';
import { detectNaanTableFormat, loadNaanTable, NaanTable, parseNaanTable } from './table.ts';

// The snapshot the gateway ships (apps/gateway/data), in this repository.
const REAL_PATH = new URL('../../../apps/gateway/data/naan_records.json', import.meta.url).pathname;
const FIXTURE_PATH = new URL('./fixtures/natab-appendix.txt', import.meta.url).pathname;

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('NaanTable from the real registry export', () => {
  const table = NaanTable.fromRegistry(must(parseNaanRegistryJsonText(readFileSync(REAL_PATH, 'utf8'))));

  it('knows every NAAN of the export', () => {
    expect(table.size).toBe(
      new Set(must(parseNaanRegistryJsonText(readFileSync(REAL_PATH, 'utf8'))).records.map((r) => r.naan)).size,
    );
    expect(table.source).toBe('registry');
  });

  it.each([
    // [naan, name+qualifier, url, status, record]
    ['12025', 'fk4abc/chap2.pdf', 'http://www.nlm.nih.gov/ark:/12025/fk4abc/chap2.pdf', 302, '12025'],
    // a shoulder record takes precedence over its NAAN (shared/data/README.md)
    ['99166', 'w6sr6tn8', 'http://socialarchive.iath.virginia.edu/ark:/99166/w6sr6tn8', 303, '99166/w6'],
    ['99166', 'x6sr6tn8', 'http://arks.org/ark:/99166/x6sr6tn8', 302, '99166'],
    ['99999', 'fk4xyz', 'https://ezid.cdlib.org/ark:/99999/fk4xyz', 302, '99999/fk4'],
    // ${value}: the Name and Qualifier
    ['b7280', 'd1rw2z', 'https://doi.org/10.7280/d1rw2z', 302, 'b7280'],
    ['75927', 'abc', 'https://data.ng.ac.uk/abc', 302, '75927'],
    // ${pid}: the whole ARK
    ['63274', 'x1', 'https://zentralgut.ch/resolver?field=MD_PI_ARK&identifier=ark:/63274/x1', 302, '63274'],
    // ${suffix}: what follows the matched record's `what`
    [
      '19156',
      'tkt42/03n01',
      'https://vocab.participatory-archives.ch/vocab.participatory-archives.ch/brunner/03n01',
      302,
      '19156/tkt42',
    ],
    ['19156', 'abc', 'https://legacy-n2t.n2t.net/ark:/19156/abc', 302, '19156'],
  ])('ark:/%s/%s → %s', (naan, name, url, status, record) => {
    expect(table.lookup(naan, name)).toEqual({ url, status, source: 'registry', record });
  });

  it('returns null for an unknown NAAN', () => {
    expect(table.lookup('00000', 'x')).toBeNull();
  });

  it('matches NAANs case-insensitively', () => {
    expect(table.lookup('B7280', 'x')?.record).toBe('b7280');
  });
});

describe('shoulders', () => {
  const rec = (what: string, url: string) => ({
    what,
    where: 'https://e.org',
    target: { url, http_code: 302 },
  });
  const table = NaanTable.fromRegistry(
    must(
      parseNaanRegistryJson({
        data: [
          rec('12345/x6', 'https://short.example/${suffix}'),
          rec('12345/x6np', 'https://long.example/${suffix}'),
          rec('54321/b2', 'https://only-shoulder.example/${content}'),
        ],
      }),
    ),
  );

  it('takes the longest matching shoulder', () => {
    expect(table.lookup('12345', 'x6np1wh8k')).toMatchObject({
      url: 'https://long.example/1wh8k',
      record: '12345/x6np',
    });
    expect(table.lookup('12345', 'x6q')).toMatchObject({ url: 'https://short.example/q', record: '12345/x6' });
  });

  it('finds no target when a NAAN has shoulder records only and none matches', () => {
    expect(table.lookup('12345', 'y7')).toBeNull();
    expect(table.lookup('54321', 'b2z')?.url).toBe('https://only-shoulder.example/54321/b2z');
  });

  it('compares shoulders case-sensitively, as ARK names are', () => {
    expect(table.lookup('12345', 'X6q')).toBeNull();
  });
});

describe('NaanTable from the Appendix 13 natab', () => {
  const table = NaanTable.fromNatab(must(parseNatab(readFileSync(FIXTURE_PATH, 'utf8'))));

  it.each([
    ['12025', 'xyz/c1', 'http://ark.nlm.nih.gov/ark:/12025/xyz/c1'],
    ['12026', 'm5r', 'http://foobar.zaf.org/ark:/12026/m5r'],
    ['12027', 'q1', 'http://foobar.zaf.gov:80/ark:/12027/q1'],
    ['13030', 'tf5p30086k', 'http://ark.cdlib.org/ark:/13030/tf5p30086k'],
  ])('ark:/%s/%s → %s (the first NMAH)', (naan, name, url) => {
    expect(table.lookup(naan, name)).toEqual({ url, status: 302, source: 'natab', record: naan });
  });

  it('lists every NMAH of a NAAN', () => {
    expect(table.nmahs('12025')).toEqual(['ark.nlm.nih.gov', 'foobar.zaf.org', 'sneezy.dopey.com']);
    expect(table.nmahs('99999')).toEqual([]);
    expect(table.size).toBe(14);
  });
});

describe('detectNaanTableFormat', () => {
  it.each([
    ['{"data": []}', 'json'],
    ['  [ ]', 'json'],
    ['# comment\n\nnaa:\nwho: x\n', 'anvl'],
    ['erc:\nwho: x\n', 'anvl'],
    ['#\n12025: http://x/\n', 'natab'],
    ['', null],
    ['just text', null],
  ])('%j is %s', (text, format) => expect(detectNaanTableFormat(text)).toBe(format));

  it('fails on a file in no known format', () => {
    const r = parseNaanTable('hello');
    expect(!r.ok && r.error.code).toBe('naan-table-format');
  });
});

describe('loadNaanTable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-discovery-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the real JSON export from its path', async () => {
    const table = must(await loadNaanTable(REAL_PATH));
    expect(table.path).toBe(REAL_PATH);
    expect(table.lookup('12025', 'x')?.url).toBe('http://www.nlm.nih.gov/ark:/12025/x');
  });

  it('loads a natab and an ANVL registry file', async () => {
    const natab = must(await loadNaanTable(FIXTURE_PATH));
    expect(natab.source).toBe('natab');
    const anvlPath = join(dir, 'naan_registry.txt');
    writeFileSync(
      anvlPath,
      'naa:\nwho: X (=) X\nwhat: 12345\nwhen: 2020.01.01\nwhere: https://x.example\nhow: NP | x | 2020 |\n',
    );
    const anvl = must(await loadNaanTable(anvlPath));
    expect(anvl.lookup('12345', 'a')).toEqual({
      url: 'https://x.example/ark:/12345/a',
      status: 302,
      source: 'registry',
      record: '12345',
    });
  });

  it('reloads in place, and keeps the old contents when the new file is bad', async () => {
    const path = join(dir, 'natab');
    writeFileSync(path, '12345: http://p/\n\tone.example\n');
    const table = must(await loadNaanTable(path));
    expect(table.lookup('12345', 'a')?.url).toBe('http://one.example/ark:/12345/a');

    writeFileSync(path, '12345: http://p/\n\ttwo.example\n');
    const reloaded = await table.reload();
    expect(reloaded.ok && reloaded.value).toBe(table);
    expect(table.lookup('12345', 'a')?.url).toBe('http://two.example/ark:/12345/a');

    writeFileSync(path, '12345: http://p/\n\tnot_a_host\n');
    const failed = await table.reload();
    expect(!failed.ok && failed.error.code).toBe('natab-nmah');
    expect(table.lookup('12345', 'a')?.url).toBe('http://two.example/ark:/12345/a');

    rmSync(path);
    const gone = await table.reload();
    expect(!gone.ok && gone.error.code).toBe('naan-table-read');
    expect(table.lookup('12345', 'a')?.url).toBe('http://two.example/ark:/12345/a');
  });

  it('says a table built in memory cannot reload', async () => {
    const r = await NaanTable.fromNatab({ header: [], entries: [] }).reload();
    expect(!r.ok && r.error.code).toBe('naan-table-read');
  });
});
