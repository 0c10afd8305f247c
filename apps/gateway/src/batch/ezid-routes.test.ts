import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { openStore, type Store } from '@pidgate/store';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { downloadService } from './setup.ts';

// EZID's batch download driven the way its two clients drive it, over a real socket:
// - batch-download.sh (CDLUC3/ezid-client-tools): `curl -sS -u user:password -d name=value … $url` for the
//   request; the status line must start with `success: `, the rest is the URL; then every few seconds
//   `curl -L -f -O -s $url` until curl stops failing with 22 (an HTTP status ≥ 400): the file lands in
//   the working directory under the URL's last segment. Run here with the real curl.
// - ezid-client (duke-libraries/ezid-client, lib/ezid/batch_download.rb and
//   requests/batch_download_request.rb): `Net::HTTP::Post` to `/download_request` with preemptive Basic
//   auth and `set_form_data(params)` (application/x-www-form-urlencoded, an Array value repeated, an
//   Integer as digits); `download_url` is the status line's message; then `http.head(uri.path)` until the
//   code is '200' and `http.request_get(uri.path)` for the bytes, with no credentials.
// Expected values are the API guide's (the status line, 404 until ready, the file name's suffix).

const execFileP = promisify(execFile);
const dirs: string[] = [];
const temp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};

interface Gateway {
  server: RunningServer;
  store: Store;
  base: string;
  alice: string;
  bob: string;
  downloads: string;
  dataDir: string;
}

async function gateway(dataDir = temp('pidgate-dl-data-'), downloads = temp('pidgate-dl-files-')): Promise<Gateway> {
  const store = await openStore({ dataDir });
  const config = testConfig({
    port: 0,
    host: '127.0.0.1',
    store: { enabled: true },
    ezid: { basePath: '/ezid' },
    downloads: { dir: downloads },
  });
  const deps = await createDeps(config, { registry: allSchemes, store });
  const server = await startServer({ config, deps });
  const alice = await store.createToken('alice', ['ark:/99999/fk4']);
  const bob = await store.createToken('bob', ['ark:/99999/fk4']);
  if (!alice.ok || !bob.ok) throw new Error('tokens');
  return {
    server,
    store,
    base: `http://127.0.0.1:${server.port}`,
    alice: alice.value.token,
    bob: bob.value.token,
    downloads,
    dataDir,
  };
}

async function bind(store: Store, key: string, owner: string, extra: Record<string, unknown> = {}): Promise<void> {
  const put = await store.putBinding(
    key,
    { target: `https://example.org/${key.slice(-4)}`, erc: { who: `Author ${key.slice(-4)}` }, owner, ...extra },
    owner,
  );
  if (!put.ok) throw new Error(put.error.message);
}

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(url: string, method: string, headers: Record<string, string>, body: string | null = null): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (body !== null) req.write(body);
    req.end();
  });
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Ruby's `URI.encode_www_form` of `set_form_data`: `+` for space, an Array's values as repeated pairs. */
function rubyForm(params: Record<string, string | number | string[]>): string {
  const esc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  const out: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    for (const one of Array.isArray(v) ? v : [v]) out.push(`${esc(k)}=${esc(String(one))}`);
  }
  return out.join('&');
}

let g: Gateway;
beforeAll(async () => {
  g = await gateway();
  await bind(g.store, 'ark:/99999/fk4alice1', 'alice');
  await bind(g.store, 'ark:/99999/fk4alice2', 'alice', { identifierStatus: 'reserved' });
  await bind(g.store, 'ark:/99999/fk4bob1', 'bob');
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await g.server.close();
  await g.store.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('EZID batch download, as batch-download.sh drives it (real curl)', () => {
  it('requests with curl -d, polls with curl -L -f -O until the file is there, and gets only its own identifiers', async () => {
    const { stdout } = await execFileP('curl', [
      '-sS',
      '-u',
      `alice:${g.alice}`,
      '-d',
      'format=anvl',
      '-d',
      'type=ark',
      '-d',
      'permanence=test',
      `${g.base}/ezid/download_request`,
    ]);
    expect(stdout.slice(0, 9)).toBe('success: ');
    const url = stdout.slice(9);
    expect(url).toMatch(new RegExp(`^${g.base}/ezid/download/[0-9a-f]{32}\\.txt\\.gz$`));
    const cwd = temp('pidgate-dl-curl-');
    let status = 22;
    for (let attempt = 0; attempt < 200 && status === 22; attempt++) {
      status = await execFileP('curl', ['-L', '-f', '-O', '-s', url], { cwd }).then(
        () => 0,
        (e: { code: number }) => e.code,
      );
      if (status === 22) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(0);
    const file = url.slice(url.lastIndexOf('/') + 1);
    expect(readdirSync(cwd)).toEqual([file]);
    const text = gunzipSync(readFileSync(join(cwd, file))).toString('utf8');
    const ids = [...text.matchAll(/^:: (.*)$/gm)].map((m) => m[1]);
    // Alice's two (the reserved one too: a download holds every status), never Bob's.
    expect(ids).toEqual(['ark:/99999/fk4alice1', 'ark:/99999/fk4alice2']);
    expect(text).toContain('\n_target: https://example.org/ice1\n');
    expect(text).toContain('\n_status: reserved\n');
    expect(text).toContain('\n\n:: ark:/99999/fk4alice2\n');
  });

  it('answers a request it refuses as EZID does, so the script prints it and stops', async () => {
    const run = async (args: string[]) =>
      (await execFileP('curl', ['-sS', ...args, `${g.base}/ezid/download_request`])).stdout;
    expect(await run(['-u', `alice:${g.alice}`, '-d', 'type=ark'])).toBe(
      'error: bad request - missing required parameter: format',
    );
    expect(await run(['-u', `alice:${g.alice}`, '-d', 'format=csv'])).toBe(
      "error: bad request - format 'csv' requires at least one column",
    );
    expect(await run(['-u', 'alice:wrong', '-d', 'format=anvl'])).toBe('error: unauthorized');
    expect(await run(['-d', 'format=anvl'])).toBe('error: unauthorized');
    expect(await run(['-u', `alice:${g.alice}`, '-d', 'format=anvl', '-d', 'owner=bob'])).toBe('error: forbidden');
  });
});

describe('EZID batch download, as ezid-client BatchDownload drives it', () => {
  it('POSTs set_form_data, HEADs the path until 200, GETs the ZIP without credentials', async () => {
    const aWeekAgo = Math.floor(Date.now() / 1000) - 7 * 24 * 3600;
    const posted = await send(
      `${g.base}/ezid/download_request`,
      'POST',
      {
        'content-type': 'application/x-www-form-urlencoded',
        accept: '*/*',
        authorization: basic('alice', g.alice),
      },
      rubyForm({
        format: 'anvl',
        compression: 'zip',
        permanence: 'test',
        status: ['public'],
        createdAfter: aWeekAgo,
      }),
    );
    expect(posted.status).toBe(200);
    const line = posted.body.toString('utf8');
    // Response#message: the status line after "success: ".
    const url = line.replace(/^success: /, '');
    expect(url).toMatch(/\/ezid\/download\/\w+\.zip$/);
    const path = new URL(url).pathname;
    let head = 0;
    for (let tries = 0; tries < 300 && head !== 200; tries++) {
      head = (await send(`${g.base}${path}`, 'HEAD', {})).status;
      if (head !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(head).toBe(200);
    const got = await send(`${g.base}${path}`, 'GET', {});
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(got.body));
    const name = path.slice(path.lastIndexOf('/') + 1).replace('.zip', '.txt');
    expect(Object.keys(entries)).toEqual([name]);
    const text = Buffer.from(entries[name] as Uint8Array).toString('utf8');
    // status=public: only Alice's public identifier.
    expect([...text.matchAll(/^:: (.*)$/gm)].map((m) => m[1])).toEqual(['ark:/99999/fk4alice1']);
  });

  it('refuses a body over the body limit with 413, even sent in chunks', async () => {
    const big = await send(
      `${g.base}/ezid/download_request`,
      'POST',
      {
        'content-type': 'application/x-www-form-urlencoded',
        'transfer-encoding': 'chunked',
        // The server stops reading and closes the connection: it is not to be reused.
        connection: 'close',
        authorization: basic('alice', g.alice),
      },
      `format=anvl&profile=${'x'.repeat(2 * 1024 * 1024)}`,
    );
    expect(big.status).toBe(413);
    expect(big.body.toString()).toMatch(/^error: bad request - the request body is longer than \d+ bytes$/);
  });

  it('answers 404 for a name it never gave, and 405 for a GET of /download_request', async () => {
    expect((await send(`${g.base}/ezid/download/${'0'.repeat(32)}.txt.gz`, 'GET', {})).status).toBe(404);
    expect((await send(`${g.base}/ezid/download/..%2F..%2Fpidgate.sqlite`, 'GET', {})).status).toBe(404);
    const get = await send(`${g.base}/ezid/download_request`, 'GET', { authorization: basic('alice', g.alice) });
    expect([get.status, get.body.toString()]).toEqual([405, 'error: method not allowed']);
  });
});

describe('download jobs', () => {
  it('survive a restart: a job queued before the gateway stopped is written after it starts again', async () => {
    const dataDir = temp('pidgate-dl-restart-');
    const files = temp('pidgate-dl-restart-files-');
    const before = await openStore({ dataDir });
    const carol = await before.createUser({ username: 'carol' });
    if (!carol.ok) throw new Error(carol.error.message);
    await bind(before, 'ark:/99999/fk4carol', 'carol');
    const job = await before.downloads.create({
      requester: 'carol',
      extension: '.csv.gz',
      params: {
        request: {
          format: 'csv',
          compression: 'gzip',
          columns: ['_id', '_owner'],
          notify: [],
          convertTimestamps: false,
          owners: [],
          ownergroups: [],
          profiles: [],
          statuses: [],
          types: [],
        },
        requester: { username: 'carol', scopes: null },
        rule: 'view',
      },
      retentionSeconds: 3600,
    });
    await before.close();
    if (!job.ok) throw new Error(job.error.message);
    const after = await gateway(dataDir, files);
    try {
      const url = `${after.base}/ezid/download/${job.value.fileName}`;
      let status = 0;
      for (let tries = 0; tries < 200 && status !== 200; tries++) {
        status = (await send(url, 'HEAD', {})).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(200);
      const got = await send(url, 'GET', {});
      expect(gunzipSync(got.body).toString('utf8')).toBe('_id,_owner\r\nark:/99999/fk4carol,carol\r\n');
    } finally {
      await after.server.close();
      await after.store.close();
    }
  });

  it('expire: after the retention the file is gone and its URL answers 404', async () => {
    const service = downloadService({
      config: testConfig({ downloads: { dir: g.downloads, retention: 60 } }),
      store: g.store,
    });
    if (!service) throw new Error('no service');
    const posted = await send(
      `${g.base}/ezid/download_request`,
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded', authorization: basic('bob', g.bob) },
      'format=xml',
    );
    const url = posted.body.toString().slice(9);
    await service.idle();
    expect((await send(url, 'HEAD', {})).status).toBe(200);
    const file = url.slice(url.lastIndexOf('/') + 1);
    expect(readdirSync(g.downloads)).toContain(file);
    // EZID keeps a download one week (the default retention); eight days later it is gone.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 24 * 3600 * 1000 });
    service.kick();
    await service.idle();
    expect(readdirSync(g.downloads)).not.toContain(file);
    expect((await send(url, 'HEAD', {})).status).toBe(404);
  });
});
