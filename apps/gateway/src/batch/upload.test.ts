import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Principal, type Store } from '@pidgate/store';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSchemes } from '../testing/helpers.ts';
import { applyUpload, previewUpload, readUpload, resultCsv, type UploadContext } from './upload.ts';

// Bulk upload on a real SQLite store: read, preview (nothing written), apply row by row, result file.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-upload-'));
let store: Store;
let ctx: UploadContext;
const user = (username: string, more: Partial<Principal> = {}): Principal => ({
  username,
  role: 'user',
  groups: [],
  coOwnerOf: [],
  tokenId: null,
  scopes: null,
  ...more,
});
const alice = user('alice');
const bob = user('bob');
/** Bob named Carol a co-owner; Dave is read-only. */
const carol = user('carol', { coOwnerOf: ['bob'] });
const dave = user('dave', { role: 'readonly' });

beforeAll(async () => {
  store = await openStore({ dataDir: dir });
  ctx = {
    store,
    registry: allSchemes,
    config: { profile: 'source' },
    self: { registry: allSchemes, profile: 'source', baseUrl: 'https://gateway.example.org/' },
  };
  const put = await store.putBinding('ark:/99999/fk4bob', { target: 'https://example.org/bob', owner: 'bob' }, 'bob');
  if (!put.ok) throw new Error(put.error.message);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** 1,000 data rows; rows 101, 502 and 1001 (spreadsheet rows: the header is row 1) are bad. */
function thousandRows(): string {
  const lines = ['identifier,_target,erc.who,erc.what,_status'];
  for (let i = 1; i <= 1000; i++) {
    const row = i + 1;
    const id = `ark:/99999/fk4up${String(i).padStart(4, '0')}`;
    if (row === 101) lines.push(`${id},ftp://example.org/${i},Who ${i},What ${i},public`);
    else if (row === 502) lines.push(`not an identifier,https://example.org/${i},Who ${i},What ${i},public`);
    else if (row === 1001) lines.push(`${id},https://example.org/${i},"Who, ${i}",What ${i},deleted`);
    else lines.push(`${id},https://example.org/${i},"Who, ${i}",What ${i},${i % 2 ? 'public' : 'reserved'}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('bulk upload', () => {
  it('previews a 1,000-row CSV with 3 bad rows, writes nothing, then applies 997 rows and reports all 1,000', async () => {
    const rows = readUpload(thousandRows());
    if (typeof rows === 'string') throw new Error(rows);
    expect(rows).toHaveLength(1000);
    const preview = await previewUpload(ctx, alice, rows, 'csv');
    expect(preview.errors.map((e) => [e.row, e.field])).toEqual([
      [101, '_target'],
      [502, 'identifier'],
      [1001, '_status'],
    ]);
    expect(preview.errors[1]?.message).toMatch(/^not an identifier is not an ARK or a PDI: /);
    const before = await store.listBindings({ prefix: 'ark:/99999/fk4up', limit: 10 });
    expect(before.ok && before.value.items).toEqual([]);

    const results = await applyUpload(ctx, alice, preview);
    expect(results).toHaveLength(1000);
    expect(results.filter((r) => r.action === 'created')).toHaveLength(997);
    expect(results.filter((r) => r.action === 'failed').map((r) => r.row)).toEqual([101, 502, 1001]);
    const one = await store.getBinding('ark:/99999/fk4up0002');
    expect(one.ok && [one.value.target, one.value.erc['who'], one.value.owner, one.value.identifierStatus]).toEqual([
      'https://example.org/2',
      'Who, 2',
      'alice',
      'reserved',
    ]);
    const file = parse(resultCsv(results), { columns: true }) as Record<string, string>[];
    expect(file).toHaveLength(1000);
    expect(file[99]).toEqual({
      row: '101',
      identifier: 'ark:/99999/fk4up0100',
      action: 'failed',
      message: '_target: the target must be an absolute http or https URL',
    });
    expect(file[0]).toEqual({ row: '2', identifier: 'ark:/99999/fk4up0001', action: 'created', message: '' });

    // The same file again: every good row is now an update that changes nothing.
    const again = await applyUpload(ctx, alice, await previewUpload(ctx, alice, rows, 'csv'));
    expect(again.filter((r) => r.action === 'unchanged')).toHaveLength(997);
  });

  it('takes every scheme the instance binds: ARKs and PDIs (each row the next version), with the same checks', async () => {
    const text = [
      'identifier,_target,format,erc.what',
      'urn:pdi://ap.org.us/1997/11/27/12.html,https://example.org/html,,Story 12',
      'urn:pdi://ap.org.us/1997/11/27/12,https://example.org/pdf,pdf,',
      'ark:/99999/fk4mixed,https://example.org/ark,,',
      'doi:10.1234/x1,https://example.org/doi,,',
      'hdl:20.500.12345/x,https://example.org/hdl,,',
      'urn:example:upload,https://example.org/urn,,',
      'urn:pdi://ap.org.us/1997/11/27/12.html.3,https://example.org/v3,,',
      'urn:pdi://ap.org.us/1997/11/27/13,https://example.org/none,,',
      'urn:pdi://ap.org.us/1997/11/27/14.html,ftp://example.org/x,,',
      'urn:pdi://ap.org.us/1997/11/27/15.html,https://gateway.example.org/ark:/99999/fk4mixed,,',
    ].join('\n');
    const rows = readUpload(`${text}\n`);
    if (typeof rows === 'string') throw new Error(rows);
    const preview = await previewUpload(ctx, alice, rows, 'csv');
    expect(preview.rows.map((r) => r.action)).toEqual([
      'create',
      'create',
      'create',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(preview.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [
        5,
        'identifier',
        'doi:10.1234/x1 is a doi identifier: an upload binds ARKs and PDIs (doi identifiers resolve by their own rules)',
      ],
      [
        6,
        'identifier',
        'hdl:20.500.12345/x is a handle identifier: an upload binds ARKs and PDIs (handle identifiers resolve by their own rules)',
      ],
      [
        7,
        'identifier',
        'urn:example:upload is a urn identifier: an upload binds ARKs and PDIs (urn identifiers resolve by their own rules)',
      ],
      [
        8,
        'identifier',
        'urn:pdi://ap.org.us/1997/11/27/12.html.3 names a version: versions are numbered by the store, leave it out',
      ],
      [9, 'format', 'give the format in the PDI (…/12.html) or in a format column'],
      [10, '_target', 'the target must be an absolute http or https URL'],
      [11, '_target', 'the target points back at this gateway (a loop)'],
    ]);
    expect((await store.listPdi({ prefix: 'urn:pdi://ap.org.us/1997/11/27/12' })).ok).toBe(true);
    const results = await applyUpload(ctx, alice, preview);
    expect(results.slice(0, 3).map((r) => [r.identifier, r.action, r.message])).toEqual([
      ['urn:pdi://ap.org.us/1997/11/27/12.html', 'created', 'version 1'],
      ['urn:pdi://ap.org.us/1997/11/27/12.pdf', 'created', 'version 1'],
      ['ark:/99999/fk4mixed', 'created', ''],
    ]);
    const html = await store.getPdi('urn:pdi://ap.org.us/1997/11/27/12', 'html');
    expect(html.ok && [html.value.target, html.value.erc, html.value.owner]).toEqual([
      'https://example.org/html',
      { what: 'Story 12' },
      'alice',
    ]);
    // Alice's resource: bob binds no version of it (preview), nor when it is handed on between preview and apply.
    const next = readUpload('identifier,_target\nurn:pdi://ap.org.us/1997/11/27/12.html,https://evil.example/\n');
    if (typeof next === 'string') throw new Error(next);
    expect((await previewUpload(ctx, bob, next, 'csv')).errors).toEqual([
      {
        row: 2,
        field: 'identifier',
        message: 'you may not bind a version of urn:pdi://ap.org.us/1997/11/27/12: it is not yours',
      },
    ]);
    const byAlice = await previewUpload(ctx, alice, next, 'csv');
    expect(byAlice.errors).toEqual([]);
    const root = user('root', { role: 'admin' });
    const handed = await store.putPdiVersion(
      'urn:pdi://ap.org.us/1997/11/27/12',
      'text',
      'https://example.org/t',
      'root',
      {
        acting: { principal: root },
        owner: 'bob',
        ownerGroup: null,
      },
    );
    expect(handed.ok).toBe(true);
    const applied = await applyUpload(ctx, alice, byAlice);
    expect(applied[0]).toMatchObject({ action: 'failed' });
    const versions = await store.listPdi({ prefix: 'urn:pdi://ap.org.us/1997/11/27/12' });
    expect(versions.ok && versions.value.items.map((v) => [v.format, v.version, v.owner])).toEqual([
      ['html', 1, 'alice'],
      ['pdf', 1, 'alice'],
      ['text', 1, 'bob'],
    ]);
  });

  it('refuses rows the uploader may not change, with a clear message', async () => {
    const rows = readUpload('identifier,_target\nark:/99999/fk4bob,https://evil.example/\n');
    if (typeof rows === 'string') throw new Error(rows);
    const preview = await previewUpload(ctx, alice, rows, 'csv');
    expect(preview.errors).toEqual([
      { row: 2, field: 'identifier', message: 'you may not change ark:/99999/fk4bob: it is not yours' },
    ]);
    const results = await applyUpload(ctx, alice, preview);
    expect(results[0]?.action).toBe('failed');
    const still = await store.getBinding('ark:/99999/fk4bob');
    expect(still.ok && still.value.target).toBe('https://example.org/bob');
    // Read-only users create nothing.
    const readonly = await previewUpload(
      ctx,
      dave,
      readUpload('identifier,_target\nark:/99999/fk4dave,https://example.org/d\n') as never,
      'csv',
    );
    expect(readonly.errors.map((e) => e.message)).toEqual(['you may not create ark:/99999/fk4dave: it is not yours']);
    // Bob may, and so may Carol, his co-owner.
    const own = await applyUpload(ctx, bob, await previewUpload(ctx, bob, rows, 'csv'));
    expect(own[0]?.action).toBe('updated');
    const co = readUpload('identifier,_target\nark:/99999/fk4bob,https://example.org/carol\n');
    if (typeof co === 'string') throw new Error(co);
    const byCarol = await applyUpload(ctx, carol, await previewUpload(ctx, carol, co, 'csv'));
    expect(byCarol[0]?.action).toBe('updated');
  });

  it('reads an EZID ANVL file: `:: identifier` records separated by blank lines, percent-encoded values', async () => {
    const text = [
      ':: ark:/99999/fk4anvl1',
      '_target: https://example.org/a',
      'erc.who: Proust, Marcel',
      'erc.what: 100%25 line%0Abreak',
      '',
      ':: ark:/99999/fk4anvl2',
      '_target: https://example.org/b',
      '_target: https://example.org/c',
      '',
      'no-colon-here',
      '',
    ].join('\n');
    const rows = readUpload(text);
    if (typeof rows === 'string') throw new Error(rows);
    const preview = await previewUpload(ctx, alice, rows, 'anvl');
    expect(preview.errors.map((e) => [e.row, e.field])).toEqual([
      [6, '_target'],
      [10, 'identifier'],
    ]);
    const results = await applyUpload(ctx, alice, preview);
    expect(results.map((r) => r.action)).toEqual(['created', 'failed', 'failed']);
    const a = await store.getBinding('ark:/99999/fk4anvl1');
    expect(a.ok && a.value.erc['what']).toBe('100% line\nbreak');
  });

  it('refuses files it cannot read as a whole, with the reason', () => {
    expect(readUpload('')).toBe('the file holds no identifiers');
    expect(readUpload('target,who\nhttps://x.example/,a\n')).toBe(
      'the header row has no identifier column (name it "identifier" or "_id")',
    );
    expect(readUpload('identifier,who,who\nark:/99999/fk4x,a,b\n')).toBe(
      'the header row names the column "erc.who" twice',
    );
    expect(readUpload('identifier\n"unterminated\n')).toMatch(/^the CSV cannot be read/);
  });
});
