import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';

// The Upload and Download pages at the request level (app.request), as a browser without JavaScript uses
// them: multipart upload, preview, confirm with the CSRF token, result file; a download form and its list.
const files = mkdtempSync(join(tmpdir(), 'pidgate-console-batch-'));
let f: ConsoleFixture;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  f = await consoleFixture({ downloads: { dir: files } });
  alice = await f.signIn('alice');
  bob = await f.signIn('bob');
});
afterAll(async () => {
  await f.close();
  rmSync(files, { recursive: true, force: true });
});

function upload(who: SignedIn, name: string, text: string, csrf = who.csrf): Promise<Response> {
  const form = new FormData();
  form.append('csrf', csrf);
  form.append('format', '');
  form.append('file', new File([text], name, { type: 'text/csv' }));
  return Promise.resolve(
    f.app.request(`${f.origin}/console/upload`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: f.origin },
      body: form,
    }),
  );
}

const CSV = [
  'identifier,target,who,what,status',
  'ark:/99999/fk4page1,https://example.org/1,Author One,Title One,public',
  'ark:/99999/fk4page2,notaurl,Author Two,Title Two,public',
  'ark:/99999/fk5bobs,https://example.org/3,Author Three,Title Three,public',
].join('\n');

describe('console upload page', () => {
  it('shows the form to a signed-in user, and sends a visitor to sign in', async () => {
    const page = await f.get('/console/upload', alice);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('enctype="multipart/form-data"');
    expect(html).toContain('name="csrf"');
    const visitor = await f.get('/console/upload');
    expect([303, 302]).toContain(visitor.status);
  });

  it('previews with per-row errors, writes nothing until confirmed, then gives the result file', async () => {
    const res = await upload(alice, 'batch.csv', CSV);
    expect(res.status).toBe(303);
    const preview = res.headers.get('location') as string;
    expect(preview).toMatch(/^\/console\/upload\/[0-9a-f]{32}$/);
    const html = await (await f.get(preview, alice)).text();
    expect(html).toContain('<dd id="count-create">1</dd>');
    expect(html).toContain('<dd id="count-errors">2</dd>');
    expect(html).toMatch(
      /<td>3<\/td><td><code>_target<\/code><\/td><td>the target must be an absolute http or https URL<\/td>/,
    );
    // fk5 is the archive group's shoulder (bob's), not alice's.
    expect(html).toMatch(
      /<td>4<\/td><td><code>identifier<\/code><\/td><td>you may not create ark:\/99999\/fk5bobs: it is not yours<\/td>/,
    );
    expect((await f.store.getBinding('ark:/99999/fk4page1')).ok).toBe(false);
    // Bob cannot open Alice's upload.
    expect((await f.get(preview, bob)).status).toBe(404);
    // Without the CSRF token nothing is applied.
    const forged = await f.post(`${preview}/apply`, alice, { csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect((await f.store.getBinding('ark:/99999/fk4page1')).ok).toBe(false);
    const applied = await f.post(`${preview}/apply`, alice, {});
    expect(applied.status).toBe(303);
    expect(applied.headers.get('location')).toBe(`${preview}/result`);
    const result = await (await f.get(`${preview}/result`, alice)).text();
    expect(result).toContain('<dd id="count-created">1</dd>');
    expect(result).toContain('<dd id="count-failed">2</dd>');
    const csv = await (await f.get(`${preview}/result.csv`, alice)).text();
    expect(csv.split('\r\n')).toEqual([
      'row,identifier,action,message',
      '2,ark:/99999/fk4page1,created,',
      '3,ark:/99999/fk4page2,failed,_target: the target must be an absolute http or https URL',
      '4,ark:/99999/fk5bobs,failed,identifier: you may not create ark:/99999/fk5bobs: it is not yours',
      '',
    ]);
    const made = await f.store.getBinding('ark:/99999/fk4page1');
    expect(made.ok && [made.value.owner, made.value.ownerGroup, made.value.erc['who']]).toEqual([
      'alice',
      'library',
      'Author One',
    ]);
    // Confirming twice writes nothing more.
    expect((await f.post(`${preview}/apply`, alice, {})).status).toBe(303);
  });

  it('says why a file cannot be read, beside the field', async () => {
    const res = await upload(alice, 'empty.csv', 'who,what\nx,y\n');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('There is a problem');
    expect(html).toContain('href="#upload-file"');
    expect(html).toContain('empty.csv: the header row has no identifier column');
  });
});

describe('console download page', () => {
  it('queues a download of what the user can see, lists it, and serves the file to its requester only', async () => {
    const form = await f.get('/console/download', alice);
    expect(form.status).toBe(200);
    const res = await f.post('/console/download', alice, {
      format: 'csv',
      compression: 'gzip',
      columns: '_id, _owner, erc.who',
      owner: 'alice',
      status: ['public'],
    });
    expect(res.status).toBe(303);
    const { downloadService } = await import('../batch/index.ts');
    await downloadService({ config: f.deps.config, store: f.deps.store })?.idle();
    const list = await (await f.get('/console/download', alice)).text();
    const link = /href="(\/console\/download\/[0-9a-f]{32}\.csv\.gz)"/.exec(list)?.[1];
    expect(link).toBeDefined();
    const file = await f.get(link as string, alice);
    expect(file.status).toBe(200);
    const { gunzipSync } = await import('node:zlib');
    const text = gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8');
    expect(text).toBe('_id,_owner,erc.who\r\nark:/99999/fk4page1,alice,Author One\r\n');
    expect((await f.get(link as string, bob)).status).toBe(404);
  });

  it("shows EZID's reasons beside the fields", async () => {
    const res = await f.post('/console/download', alice, { format: 'csv', columns: '', createdAfter: '31/01/2024' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter a date as year-month-day, like 2024-01-31');
    const noColumns = await f.post('/console/download', alice, { format: 'csv', columns: '' });
    expect(await noColumns.text()).toContain('Format &#39;csv&#39; requires at least one column');
  });
});
