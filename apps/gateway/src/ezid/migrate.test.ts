import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '@pidgate/store';
import { afterEach, describe, expect, it } from 'vitest';
import { type ImportTotals, importLines, type LineResult } from '../admin/index.ts';
import { allSchemes } from '../testing/helpers.ts';
import { TEST_DATABASE_URL, testStore } from '../testing/store.ts';
import { ezidDownloadBlock, instant, type MigrationFormat, readMigration, type SourceRecord } from './migrate.ts';

// Sample files made from each format's published description (fixtures/): EZID's batch download
// ("anvl" and "csv", API guide), an N2T binder as `db_dump -p` prints it, and arklet's ark table as CSV.
// Each is read and imported into a real SQLite file and a real PostgreSQL.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const fixture = (name: string) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');

/** Feed `text` in small chunks, as a stream would. */
async function* chunks(text: string, size = 17): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function read(format: MigrationFormat, text: string): Promise<SourceRecord[]> {
  const out: SourceRecord[] = [];
  for await (const r of readMigration(format, chunks(text))) out.push(r);
  return out;
}

/** Import the records as the CLI does; the failures with their source line numbers. */
async function load(store: Store, records: SourceRecord[]) {
  const ok = records.filter((r) => r.ok);
  const lines = ok.map((r) => r.line);
  const failures: { line: number; code: string; identifier?: string }[] = records
    .filter((r) => !r.ok)
    .map((r) => ({ line: r.line, code: (r as { code: string }).code }));
  const results: LineResult[] = [];
  const totals: ImportTotals = await importLines(
    (async function* () {
      yield ok.map((r) => (r as { json: string }).json);
    })(),
    {
      store,
      registry: allSchemes,
      profile: 'source',
      scopes: null,
      actor: 'import',
      emit: (r) => {
        results.push(r);
        if (!r.ok) failures.push({ line: lines[r.line - 1] as number, code: r.code as string });
      },
    },
  );
  failures.sort((a, b) => a.line - b.line);
  return { totals, failures, results };
}

const get = async (store: Store, key: string) => {
  const b = await store.getBinding(key);
  if (!b.ok) throw new Error(`${key}: ${b.error.code}`);
  return b.value;
};

describe.each(backends)('migration on %s', (backend) => {
  let opened: Awaited<ReturnType<typeof testStore>>[] = [];
  const fresh = async () => {
    const o = await testStore(backend);
    opened.push(o);
    return o.store;
  };
  afterEach(async () => {
    for (const o of opened) await o.close();
    opened = [];
  });

  it("EZID's ANVL download: targets, metadata, status, owners and timestamps kept; bad records fail alone", async () => {
    const store = await fresh();
    const records = await read('ezid', fixture('ezid-download.anvl'));
    const { totals, failures } = await load(store, records);
    expect(totals.created).toBe(3);
    // the DOI is not an identifier pidgate binds; `erc.who: 100%` is not percent-encoded right
    expect(failures).toEqual([
      { line: 14, code: expect.stringMatching(/^(scheme-not-bindable|unknown-scheme)$/) },
      { line: 52, code: 'anvl-parse-error' },
    ]);
    const proust = await get(store, 'ark:/99999/fk4gt78tq');
    expect(proust).toMatchObject({
      target: 'http://www.gutenberg.org/ebooks/7178',
      erc: { who: 'Proust, Marcel', what: 'Remembrance of Things Past', when: '1922' },
      identifierStatus: 'public',
      owner: 'apitest',
      metadata: { _profile: 'erc', _export: 'yes' },
      createdAt: new Date(1300812337_000).toISOString(),
      updatedAt: new Date(1300913550_000).toISOString(),
    });
    expect(await get(store, 'ark:/99999/fk4reserved1')).toMatchObject({
      identifierStatus: 'reserved',
      metadata: {
        _export: 'no',
        _profile: 'dc',
        'dc.creator': 'Montagu Browne',
        'dc.title': 'Practical Taxidermy\nwith a second line and 100% of the text',
      },
    });
    expect(await get(store, 'ark:/99999/fk4gone1')).toMatchObject({
      identifierStatus: 'unavailable',
      statusReason: 'withdrawn by author',
    });
    // idempotent: the same file again changes nothing
    const again = await load(store, await read('ezid', fixture('ezid-download.anvl')));
    expect(again.totals).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect((await get(store, 'ark:/99999/fk4gt78tq')).version).toBe(1);
  });

  it("EZID's CSV download (the guide's columns, quoted values, ISO or Unix times)", async () => {
    const store = await fresh();
    const { totals, failures } = await load(store, await read('ezid', fixture('ezid-download.csv')));
    expect(totals.created).toBe(2);
    expect(failures.map((f) => [f.line, f.code])).toEqual([
      [3, expect.stringMatching(/^(scheme-not-bindable|unknown-scheme)$/)],
      [5, 'invalid-element'],
    ]);
    expect(await get(store, 'ark:/99999/fk4csv2')).toMatchObject({
      identifierStatus: 'unavailable',
      statusReason: 'withdrawn by author',
      erc: { who: 'Browne, Montagu', what: 'Practical Taxidermy, with "quotes"', when: '1884' },
      createdAt: '2015-01-14T23:00:00.000Z',
    });
  });

  it('an N2T binder dump: _t, EZID binder elements, __mc creation times; binder records skipped', async () => {
    const store = await fresh();
    const records = await read('n2t', fixture('n2t-binder.dump'));
    const { totals, failures } = await load(store, records);
    expect(totals.created).toBe(4);
    expect(failures).toEqual([
      { line: 54, code: 'invalid-record' },
      { line: 55, code: 'no-target' },
    ]);
    expect(await get(store, 'ark:/13960/t00000018')).toMatchObject({
      target: 'http://www.archive.org/details/intronational00greerich',
      createdAt: new Date(1152999140_000).toISOString(),
    });
    expect(await get(store, 'ark:/99999/fk4n2t1')).toMatchObject({
      target: 'http://www.gutenberg.org/ebooks/7178',
      identifierStatus: 'unavailable',
      statusReason: 'withdrawn by author',
      owner: 'apitest',
      erc: { who: 'Proust, Marcel', what: 'Remembrance of Things Past\nVolume 1' },
      metadata: { _profile: 'erc', _export: 'no' },
      createdAt: new Date(1300812300_000).toISOString(),
      updatedAt: new Date(1300913550_000).toISOString(),
    });
    expect((await get(store, 'ark:/99999/fk4n2t2')).erc).toEqual({ who: 'Kunze, John' });
    const again = await load(store, await read('n2t', fixture('n2t-binder.dump')));
    expect(again.totals).toMatchObject({ created: 0, unchanged: 4 });
  });

  it("arklet's ark table as CSV: url, title, commitment, times; an ARK without a URL is reserved", async () => {
    const store = await fresh();
    const { totals, failures } = await load(store, await read('arklet', fixture('arklet-export.csv')));
    expect(totals.created).toBe(3);
    expect(failures).toEqual([{ line: 5, code: 'invalid-element' }]);
    expect(await get(store, 'ark:/13960/t5n960f7n')).toMatchObject({
      target: 'https://archive.org/details/inlandvoyage00stevrich',
      erc: { what: 'An Inland Voyage' },
      support: { what: 'Permanent: Stable Content' },
      metadata: { 'dc.type': 'Text' },
      createdAt: '2022-03-01T10:00:00.123Z',
      updatedAt: '2023-07-13T20:11:00.000Z',
    });
    expect((await get(store, 'ark:/13960/t0000004q')).metadata).toEqual({
      'arklet.metadata': 'who: Ricci%0Awhat: Works',
    });
    expect((await get(store, 'ark:/13960/t8qc0jz3f')).identifierStatus).toBe('reserved');
  });

  it("ezid-client's spec/fixtures/anvl_batch.txt (a recorded EZID download) imports, and its Batch reads our export", async () => {
    // duke-libraries/ezid-client, spec/fixtures/anvl_batch.txt, verbatim.
    const recorded = [
      ':: ark:/99999/fk4086hs23',
      '_updated: 1488227717',
      '_target: http://example.com',
      '_profile: erc',
      '_ownergroup: apitest',
      '_owner: apitest',
      '_export: yes',
      '_created: 1488227717',
      '_status: public',
      '',
      ':: ark:/99999/fk4086hs23/123',
      '_updated: 1488227718',
      '_target: http://ezid.cdlib.org/id/ark:/99999/fk4086hs23/123',
      '_profile: erc',
      '_ownergroup: apitest',
      '_owner: apitest',
      '_export: yes',
      '_created: 1488227718',
      '_status: public',
      '',
      ':: ark:/99999/fk40p1bb85',
      '_updated: 1488303565',
      '_target: http://ezid.cdlib.org/id/ark:/99999/fk40p1bb85',
      '_profile: erc',
      '_ownergroup: apitest',
      '_owner: apitest',
      '_export: yes',
      '_created: 1488303565',
      '_status: public',
      '',
      ':: ark:/99999/fk40z7fh7x',
      '_updated: 1488232856',
      '_target: http://ezid.cdlib.org/id/ark:/99999/fk40z7fh7x',
      '_profile: erc',
      '_ownergroup: apitest',
      '_owner: apitest',
      '_export: yes',
      '_created: 1488232856',
      '_status: public',
      '',
    ].join('\n');
    const store = await fresh();
    const { totals, failures } = await load(store, await read('ezid', recorded));
    expect(failures).toEqual([]);
    expect(totals.created).toBe(4);
    expect(await get(store, 'ark:/99999/fk4086hs23')).toMatchObject({
      target: 'http://example.com',
      owner: 'apitest',
      identifierStatus: 'public',
      createdAt: '2017-02-27T20:35:17.000Z',
      updatedAt: '2017-02-27T20:35:17.000Z',
    });
    expect(await get(store, 'ark:/99999/fk40p1bb85')).toMatchObject({
      target: 'http://ezid.cdlib.org/id/ark:/99999/fk40p1bb85',
      createdAt: '2017-02-28T17:39:25.000Z',
    });
    // lib/ezid/batch.rb, Batch#each_anvl: `while record = f.gets("")` (paragraphs), `head, metadata =
    // record.split(/\n/, 2)`, `id = head.sub(/\A::/, "").strip`, the metadata as Metadata reads it.
    let text = '';
    for await (const b of store.exportBindings()) if (b.ok) text += ezidDownloadBlock(b.value);
    const records = text.split(/\n{2,}/).filter((r) => r !== '');
    const batch = records.map((record) => {
      const nl = record.indexOf('\n');
      const id = record.slice(0, nl).replace(/^::/, '').trim();
      const metadata: Record<string, string> = {};
      for (const line of record.slice(nl + 1).split('\n')) {
        const at = line.indexOf(': ');
        metadata[line.slice(0, at).trim()] = line.slice(at + 2).trim();
      }
      return { id, metadata };
    });
    expect(batch.map((r) => r.id).sort()).toEqual([
      'ark:/99999/fk4086hs23',
      'ark:/99999/fk4086hs23/123',
      'ark:/99999/fk40p1bb85',
      'ark:/99999/fk40z7fh7x',
    ]);
    expect(batch.find((r) => r.id === 'ark:/99999/fk4086hs23')?.metadata).toEqual({
      _created: '1488227717',
      _export: 'yes',
      _owner: 'apitest',
      _ownergroup: 'apitest',
      _profile: 'erc',
      _status: 'public',
      _target: 'http://example.com',
      _updated: '1488227717',
    });
  });

  it('export --to ezid writes the download format; it imports back to the same bindings', async () => {
    const store = await fresh();
    await load(store, await read('ezid', fixture('ezid-download.anvl')));
    let text = '';
    for await (const b of store.exportBindings()) if (b.ok) text += ezidDownloadBlock(b.value);
    expect(text).toContain(':: ark:/99999/fk4gt78tq\n_created: 1300812337\n_export: yes\n_owner: apitest\n');
    expect(text).toContain('dc.title: Practical Taxidermy%0Awith a second line and 100%25 of the text\n');
    expect(text).toContain('_status: unavailable | withdrawn by author\n');
    const copy = await fresh();
    const { totals, failures } = await load(copy, await read('ezid', text));
    expect(failures).toEqual([]);
    expect(totals.created).toBe(3);
    for (const key of ['ark:/99999/fk4gt78tq', 'ark:/99999/fk4reserved1', 'ark:/99999/fk4gone1']) {
      const [a, b] = [await get(store, key), await get(copy, key)];
      expect(b).toEqual(a);
    }
  });
});

describe('timestamps', () => {
  it.each([
    ['1300812337', '2011-03-22T16:45:37.000Z'],
    ['2013-05-17T18:17:14Z', '2013-05-17T18:17:14.000Z'],
    ['2023-07-13 20:11:00.123456+00', '2023-07-13T20:11:00.123Z'],
    ['2023-07-13 20:11:00-05', '2023-07-14T01:11:00.000Z'],
    ['yesterday', null],
    ['', null],
  ])('%j is %j', (value, iso) => {
    expect(instant(value)).toBe(iso);
  });
});

describe('N2T element names', () => {
  it('an element named like an Object.prototype member is kept as metadata, not a crash', async () => {
    const dump =
      ' ark:/99999/fk4x|_t\n http://example.org/x\n ark:/99999/fk4x|constructor\n c\n ark:/99999/fk4x|toString\n t\n';
    const records = await read('n2t', dump);
    expect(records).toEqual([
      {
        line: 1,
        ok: true,
        json: '{"identifier":"ark:/99999/fk4x","target":"http://example.org/x","identifierStatus":"public","metadata":{"constructor":"c","toString":"t"}}',
      },
    ]);
  });
});

describe('EZID\'s ANVL download, read (API guide, "Batch download"; names and values as the EZID API reads them)', () => {
  /** What each record became: `line ok identifier` or `line code detail`. */
  const outcomes = (records: SourceRecord[]) =>
    records.map((r) =>
      r.ok
        ? `${r.line} ok ${(JSON.parse(r.json) as { identifier: string }).identifier}`
        : `${r.line} ${r.code} ${r.detail}`,
    );
  const ok = (json: string) => JSON.parse(json) as { target: string; erc?: object; metadata?: object };

  it('refuses a repeated _target (or any repeated name) at the line of the repeat, as the EZID API does', async () => {
    const text = [
      ':: ark:/99999/fk4one', // 1
      '_target: http://example.org/a', // 2
      '_owner: apitest', // 3
      '_target: http://example.org/b', // 4
      '',
      ':: ark:/99999/fk4two', // 6
      '_target: http://example.org/c', // 7
      'dc.title: One', // 8
      '# a comment', // 9
      'dc.title: Two', // 10
      '',
      ':: ark:/99999/fk4three', // 12
      '_target: http://example.org/d', // 13
      '',
    ].join('\n');
    expect(outcomes(await read('ezid', text))).toEqual([
      '4 anvl-parse-error repeated label: _target',
      '10 anvl-parse-error repeated label: dc.title',
      '12 ok ark:/99999/fk4three',
    ]);
  });

  it('names the file line of each error: comments, continuation lines and CRLF counted', async () => {
    const text = [
      ':: ark:/99999/fk4a', // 1
      '# a comment', // 2
      '_target: http://example.org/a', // 3
      'dc.title: A long', // 4
      '# inside a folded value', // 5
      '  title', // 6
      '  and 100% more', // 7: not percent-encoded right
      '',
      '',
      ':: ark:/99999/fk4b', // 10
      '_target: http://example.org/b', // 11
      '_status: lost', // 12
      '',
      ':: ark:/99999/fk4c', // 14
      '_target: http://example.org/c', // 15
      'no colon here', // 16
      '',
      'stray: element', // 18
      '  stray continuation', // 19
      '# stray comment', // 20
      '::', // 21
      '_target: http://example.org/d', // 22
      ':: ark:/99999/fk4e', // 23 (no blank line before it)
      '  _target: http://example.org/e', // 24: a continuation with no element before it
      ':: ark:/99999/fk4f', // 25
      '_created: 1300812337', // 26
    ].join('\r\n');
    expect(outcomes(await read('ezid', text))).toEqual([
      '7 anvl-parse-error percent-decode error',
      '12 invalid-element _status: lost is not public, reserved or unavailable | reason',
      '16 anvl-parse-error no colon in line',
      '18 invalid-record an element before the first ":: identifier" line',
      '19 invalid-record an element before the first ":: identifier" line',
      '21 invalid-record the ":: identifier" line names no identifier',
      '22 invalid-record an element before the first ":: identifier" line',
      '24 anvl-parse-error no previous label for continuation line',
      '25 no-target ark:/99999/fk4f has no target URL',
    ]);
  });

  it('joins continuation lines with one space, decodes names and values, and gives the record its :: line', async () => {
    const text =
      ':: ark:/99999/fk4%C3%A9\n_target: http://example.org/\n  x?a=1\ndc.title: A%0Ab\n\tc\n# not a value\nerc%2Ex: 100%25\n';
    const records = await read('ezid', text);
    expect(outcomes(records)).toEqual(['1 ok ark:/99999/fk4é']);
    const r = records[0];
    expect(r?.ok && ok(r.json)).toMatchObject({
      target: 'http://example.org/ x?a=1',
      erc: { x: '100%' },
      metadata: { 'dc.title': 'A\nb c' },
    });
  });

  it('counts a lone CR as a line end, as EZID does (\\r\\n?|\\n)', async () => {
    const text = ':: ark:/99999/fk4a\r_target: http://example.org/a\r\r:: ark:/99999/fk4b\r_target: x\r_target: y\r';
    expect(outcomes(await read('ezid', text))).toEqual([
      '1 ok ark:/99999/fk4a',
      '6 anvl-parse-error repeated label: _target',
    ]);
  });

  it("refuses a repeated column of EZID's CSV download in each row, as a repeated name", async () => {
    const text = '_id,_target,_target\nark:/99999/fk4a,http://example.org/a,http://example.org/b\n';
    expect(outcomes(await read('ezid', text))).toEqual(['2 invalid-header the column _target is repeated']);
    const trailing = '_id,_target,,\nark:/99999/fk4a,http://example.org/a,,\n';
    expect(outcomes(await read('ezid', trailing))).toEqual(['2 ok ark:/99999/fk4a']);
  });

  it('reads the same records whatever the size of the pieces the stream comes in', async () => {
    const text = fixture('ezid-download.anvl').replaceAll('\n', '\r\n');
    const whole: SourceRecord[] = [];
    for await (const r of readMigration('ezid', chunks(text, text.length))) whole.push(r);
    expect(outcomes(whole)).toEqual([
      '1 ok ark:/99999/fk4gt78tq',
      '14 ok doi:10.5072/FK2S75905Q',
      '26 ok ark:/99999/fk4reserved1',
      '38 ok ark:/99999/fk4gone1',
      '52 anvl-parse-error percent-decode error',
    ]);
    for (const size of [1, 2, 3, 5, 64]) {
      const pieces: SourceRecord[] = [];
      for await (const r of readMigration('ezid', chunks(text, size))) pieces.push(r);
      expect(pieces).toEqual(whole);
    }
  });
});

describe('lines over the maximum in --from ezid (ANVL) and n2t', () => {
  const long = 'x'.repeat(5000);
  async function readMax(format: MigrationFormat, text: string, max: number): Promise<string[]> {
    const out: string[] = [];
    for await (const r of readMigration(format, chunks(text, 701), max)) {
      out.push(r.ok ? `${r.line} ok` : `${r.line} ${r.code}`);
    }
    return out;
  }

  it('ANVL: the block with the long line is refused at that line, the blocks after it read', async () => {
    const text = `:: ark:/99999/fk4a\n_target: https://example.org/a\n\n:: ark:/99999/fk4b\n_target: https://example.org/${long}\ndc.title: t\n\n:: ark:/99999/fk4c\n_target: https://example.org/c\n`;
    expect(await readMax('ezid', text, 1000)).toEqual(['1 ok', '5 line-too-long', '8 ok']);
  });

  it('n2t: a long value line is refused at its line, the pairs after it read', async () => {
    const text = `VERSION=3\nformat=print\ntype=btree\nHEADER=END\n ark:/99999/fk4n1|_t\n https://example.org/${long}\n ark:/99999/fk4n2|_t\n https://example.org/n2\nDATA=END\n`;
    const out = await readMax('n2t', text, 1000);
    expect(out).toContain('6 line-too-long');
    expect(out.filter((l) => l.endsWith(' ok'))).toHaveLength(1);
  });
});
