// biome-ignore-all lint/suspicious/noTemplateCurlyInString: NAAN registry targets are ${content} templates.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { ConfigError, DEFAULT_NAAN_FILE } from '../config/index.ts';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, natab, tempFiles, testConfig } from '../testing/helpers.ts';
import { installNaanTable } from './naan.ts';

// The resolver an institution switches on (issue 13), over real sockets: the whole NAAN registry, the
// fallback resolver, own NAANs that never leave, passthrough as sent, origin-safe redirects, no loops.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP/1.1 request: the target goes on the wire exactly as given. */
function raw(port: number, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function serve(input: Parameters<typeof testConfig>[0], store?: Store): Promise<RunningServer> {
  const config = testConfig({ port: 0, host: '127.0.0.1', ...input });
  const deps = await createDeps(config, { registry: allSchemes, ...(store ? { store } : {}) });
  return startServer({ config, deps });
}

/** The registry snapshot shipped in the repository, read here independently of the gateway's loader. */
const snapshot = JSON.parse(readFileSync(new URL('../../data/naan_records.json', import.meta.url), 'utf8')) as {
  metadata: { updated: string };
  data: { what: string }[];
};
const snapshotNaans = new Set(snapshot.data.map((r) => r.what.split('/')[0]));

describe('the whole NAAN registry as the default table', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await serve({});
  });
  afterAll(() => s.close());

  it('loads every NAAN of the shipped export, and /healthz tells the table, its size and its date', async () => {
    expect(snapshot.data.length).toBe(1800);
    const res = await raw(s.port, '/healthz');
    const health = JSON.parse(res.body) as { naanTable: Record<string, unknown> };
    expect(health.naanTable).toMatchObject({
      file: DEFAULT_NAAN_FILE,
      origin: 'embedded',
      format: 'json',
      naans: snapshotNaans.size,
      records: 1800,
      date: '2024-11-07T16:48:32+00:00',
    });
  });

  it('resolves NAANs that were never in the old 16-NAAN table, shoulder records first', async () => {
    expect((await raw(s.port, '/ark:/88435/dcx059c733m')).headers['location']).toBe(
      'https://ezid.cdlib.org/ark:/88435/dcx059c733m',
    );
    // 99166/w6 is a shoulder record with 303; 99166 itself goes to arks.org.
    const w6 = await raw(s.port, '/ark:/99166/w6sr6tn8');
    expect([w6.status, w6.headers['location']]).toEqual([
      303,
      'http://socialarchive.iath.virginia.edu/ark:/99166/w6sr6tn8',
    ]);
    expect((await raw(s.port, '/ark:/99166/a1b2')).headers['location']).toBe('http://arks.org/ark:/99166/a1b2');
    // Shoulders match the normalized Name (a hyphen does not hide the shoulder); the target gets it as sent.
    expect((await raw(s.port, '/ark:/99166/w-6sr6tn8')).headers['location']).toBe(
      'http://socialarchive.iath.virginia.edu/ark:/99166/w-6sr6tn8',
    );
  });

  it('?info carries the table date in JSON, text and HTML', async () => {
    const json = JSON.parse((await raw(s.port, '/ark:/12025/654xz321?info', { accept: 'application/json' })).body);
    expect(json.about.naanTable.date).toBe('2024-11-07T16:48:32+00:00');
    const text = (await raw(s.port, '/ark:/12025/654xz321?info', { accept: 'text/plain' })).body;
    expect(text).toContain('naan-table-date: 2024-11-07T16:48:32+00:00');
    const html = (await raw(s.port, '/ark:/12025/654xz321?info', { accept: 'text/html' })).body;
    expect(html).toContain('2024-11-07T16:48:32+00:00');
  });

  it('§2.6 label-host form resolves from the parsed components (no string search for the NAAN)', async () => {
    const res = await raw(s.port, '/ark:12025.example.org/12025/abc');
    expect(res.headers['location']).toBe('http://www.nlm.nih.gov/ark:/12025/abc');
    const url = await raw(s.port, '/https://n2t.net/ark:/12025/x12025y/12025');
    expect(url.headers['location']).toBe('http://www.nlm.nih.gov/ark:/12025/x12025y/12025');
  });

  it('passes the request after the NAAN to the table target as sent: hyphens, suffixes, the query', async () => {
    const res = await raw(s.port, '/ark:/12025/654-xz321/para4.txt.1.bak?format=pdf&x=1');
    expect(res.headers['location']).toBe('http://www.nlm.nih.gov/ark:/12025/654-xz321/para4.txt.1.bak?format=pdf&x=1');
  });

  it('accepts an identifier percent-encoded in the path, decoded once', async () => {
    const res = await raw(s.port, '/ark%3A%2F12025%2F654xz321');
    expect(res.headers['location']).toBe('http://www.nlm.nih.gov/ark:/12025/654xz321');
    const info = await raw(s.port, '/ark%3A%2F12025%2F654xz321%3Finfo', { accept: 'application/json' });
    expect(JSON.parse(info.body).identifier).toBe('ark:/12025/654xz321');
  });
});

describe('the fallback resolver (N2T by default)', () => {
  const files = tempFiles({ natab: natab({ 13030: ['ark.example.org'] }) });

  it('sends a NAAN the table does not know to https://n2t.net/', async () => {
    const s = await serve({ naan: { file: files['natab'] as string } });
    try {
      const res = await raw(s.port, '/ark:/88435/dcx059c733m');
      expect([res.status, res.headers['location']]).toEqual([302, 'https://n2t.net/ark:/88435/dcx059c733m']);
      const q = await raw(s.port, '/ark:/88435/dcx059c733m.v2-x?y=1');
      expect(q.headers['location']).toBe('https://n2t.net/ark:/88435/dcx059c733m.v2-x?y=1');
    } finally {
      await s.close();
    }
  });

  it('is off with one setting: then an unknown NAAN is 404 unknown-naan', async () => {
    const s = await serve({ naan: { file: files['natab'] as string }, fallback: { url: null } });
    try {
      const res = await raw(s.port, '/ark:/88435/dcx059c733m', { accept: 'application/json' });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body).code).toBe('unknown-naan');
    } finally {
      await s.close();
    }
  });

  it('is configurable', async () => {
    const s = await serve({
      naan: { file: files['natab'] as string },
      fallback: { url: 'https://arks.example.org/r' },
    });
    try {
      expect((await raw(s.port, '/ark:/54321/x')).headers['location']).toBe('https://arks.example.org/r/ark:/54321/x');
    } finally {
      await s.close();
    }
  });
});

describe('Maptr is off by default', () => {
  it('the default configuration has it off; on needs an explicit DNS server and suffix', () => {
    expect(testConfig({ maptr: undefined }).maptr.enabled).toBe(false);
    expect(() => testConfig({ maptr: { enabled: true } })).toThrow(ConfigError);
    expect(() => testConfig({ maptr: { enabled: true } })).toThrow(
      /maptr\.server: maptr\.enabled needs an explicit DNS server/,
    );
    expect(() => testConfig({ maptr: { enabled: true, server: '127.0.0.1:53' } })).toThrow(
      /maptr\.suffix: maptr\.enabled needs an explicit suffix/,
    );
    expect(testConfig({ maptr: { enabled: true, server: '127.0.0.1:53', suffix: 'ark.arpa' } }).maptr.enabled).toBe(
      true,
    );
  });
});

describe('pidgate naan update: a new table without a restart', () => {
  it('replaces the active table in the data directory; the running gateway picks it up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pidgate-naan-'));
    const s = await serve({ store: { enabled: false, dataDir }, naan: { watch: true } });
    try {
      expect((await raw(s.port, '/ark:/12025/x')).headers['location']).toBe('http://www.nlm.nih.gov/ark:/12025/x');
      // A bad table changes nothing.
      const bad = await installNaanTable('not a table', join(dataDir, 'naan-table'));
      expect(bad.ok).toBe(false);
      const anvl = [
        'naa:',
        'who:    Example Library (=) EXLIB',
        'what:   12025',
        'when:   2024.01.01',
        'where:  https://new.example.org',
        'how:    NP | (:unkn) unknown | 2024 |',
        '',
      ].join('\n');
      const installed = await installNaanTable(anvl, join(dataDir, 'naan-table'));
      expect(installed.ok).toBe(true);
      let location: unknown;
      // the watcher picks the file up within a moment; up to a minute on a busy machine (no tight budget)
      for (let i = 0; i < 1200; i++) {
        location = (await raw(s.port, '/ark:/12025/x')).headers['location'];
        if (location !== 'http://www.nlm.nih.gov/ark:/12025/x') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(location).toBe('https://new.example.org/ark:/12025/x');
      const health = JSON.parse((await raw(s.port, '/healthz')).body);
      expect(health.naanTable).toMatchObject({ origin: 'data-dir', format: 'anvl', naans: 1 });
    } finally {
      await s.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('installNaanTable replaces the table file atomically', () => {
  /** An ANVL registry of `n` NAANs from 10000, each pointing at `host` (about 150 bytes a record). */
  const table = (n: number, host: string) =>
    Array.from({ length: n }, (_, i) =>
      [
        'naa:',
        `who:    Library ${i} (=) LIB${i}`,
        `what:   ${10_000 + i}`,
        'when:   2024.01.01',
        `where:  https://${host}`,
        'how:    NP | (:unkn) unknown | 2024 |',
        '',
      ].join('\n'),
    ).join('\n');

  it('a reader of the file meanwhile sees the old table or the new one, whole, never a part; no temp file is left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pidgate-naan-atomic-'));
    const dest = join(dir, 'naan-table');
    const versions = [table(5_000, 'old.example.org'), table(8_000, 'new.example.org'), table(3_000, 'x.example.org')];
    try {
      expect((await installNaanTable(versions[0] as string, dest)).ok).toBe(true);
      let installing = true;
      const seen: string[] = [];
      const reader = (async () => {
        while (installing) {
          seen.push(readFileSync(dest, 'utf8'));
          await new Promise((r) => setImmediate(r));
        }
      })();
      for (let round = 0; round < 6; round++) {
        expect((await installNaanTable(versions[(round + 1) % 3] as string, dest)).ok).toBe(true);
      }
      installing = false;
      await reader;
      expect(seen.length).toBeGreaterThan(6);
      for (const text of seen) expect(versions.includes(text), `a read of ${text.length} characters`).toBe(true);
      expect(readdirSync(dir)).toEqual(['naan-table']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('own NAANs never leave the gateway; no loops; passthrough as sent; origin-safe', () => {
  const base = 'https://resolver.example.org/';
  // A registry that points the institution's own NAAN 99999, and a foreign NAAN 12345, at this gateway.
  const registry = JSON.stringify({
    metadata: { updated: '2025-01-01T00:00:00+00:00' },
    data: [
      { what: '99999', where: base, target: { url: `${base}ark:/\${content}`, http_code: 302 } },
      { what: '12345', where: base, target: { url: `${base}ark:/\${content}`, http_code: 302 } },
      {
        what: '12025',
        where: 'http://www.nlm.nih.gov',
        target: { url: 'http://www.nlm.nih.gov/ark:/${content}', http_code: 302 },
      },
    ],
  });
  const files = tempFiles({ 'registry.json': registry });
  let dir: string;
  let store: Store;
  let s: RunningServer;
  let token: string;
  async function bind(id: string, body: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const text = JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: s.port,
          path: `/api/v1/bindings/${id}`,
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          let out = '';
          res.on('data', (d) => {
            out += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: out }));
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pidgate-own-'));
    store = await openStore({ dataDir: dir });
    const naan = await store.addNaan('99999', 'Example Library');
    if (!naan.ok) throw new Error(naan.error.message);
    const made = await store.createToken('test', ['ark:/99999']);
    if (!made.ok) throw new Error(made.error.message);
    token = made.value.token;
    s = await serve({ baseUrl: base, naan: { file: files['registry.json'] as string } }, store);
    expect((await bind('ark:/99999/fk4abc', { target: 'https://repo.example.org/abc' })).status).toBe(201);
    expect((await bind('ark:/99999/fk4host', { target: 'https://example.org' })).status).toBe(201);
  });
  afterAll(async () => {
    await s.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an unbound ARK under an own NAAN is 404, even where the table points it back at the gateway', async () => {
    const res = await raw(s.port, '/ark:/99999/fk4unbound', { accept: 'application/json' });
    expect(res.status).toBe(404);
    expect(res.headers['location']).toBeUndefined();
    expect(JSON.parse(res.body).code).toBe('not-bound');
  });

  it('a hyphen in the NAAN is ignored (ARK §2.6): the binding answers, an unbound ARK stays here', async () => {
    const bound = await raw(s.port, '/ark:/999-99/fk4abc', {});
    expect([bound.status, bound.headers['location']]).toEqual([302, 'https://repo.example.org/abc']);
    const res = await raw(s.port, '/ark:/999-99/fk4unbound', { accept: 'application/json' });
    expect(res.status).toBe(404);
    expect(res.headers['location']).toBeUndefined();
    expect(JSON.parse(res.body).code).toBe('not-bound');
  });

  it('?info of a binding gives its version and dates in JSON, text and HTML', async () => {
    const json = JSON.parse((await raw(s.port, '/ark:/99999/fk4abc?info', { accept: 'application/json' })).body);
    expect(json.about.binding).toMatchObject({ boundAs: 'ark:/99999/fk4abc', version: 1 });
    const text = (await raw(s.port, '/ark:/99999/fk4abc?info', { accept: 'text/plain' })).body;
    expect(text).toContain('binding-version: 1');
    expect(text).toContain(`binding-createdAt: ${json.about.binding.createdAt}`);
    expect(text).toContain(`binding-updatedAt: ${json.about.binding.updatedAt}`);
    const html = (await raw(s.port, '/ark:/99999/fk4abc?info', { accept: 'text/html' })).body;
    expect(html).toContain(json.about.binding.createdAt);
  });

  it('a foreign NAAN whose table target is this gateway is not followed: 404 target-loop', async () => {
    const res = await raw(s.port, '/ark:/12345/x1', { accept: 'application/json', host: 'resolver.example.org' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).code).toBe('target-loop');
    // Other foreign NAANs still resolve through the table.
    expect((await raw(s.port, '/ark:/12025/x')).headers['location']).toBe('http://www.nlm.nih.gov/ark:/12025/x');
  });

  it('a target that points back at the gateway is refused at bind time: 400 target-loop', async () => {
    const loop = await bind('ark:/99999/fk4loop', { target: `${base}ark:/99999/fk4abc` });
    expect(loop.status).toBe(400);
    expect(JSON.parse(loop.body).code).toBe('target-loop');
    const encoded = await bind('ark:/99999/fk4loop', { target: `${base}ark%3A%2F99999%2Ffk4abc` });
    expect(JSON.parse(encoded.body).code).toBe('target-loop');
    // A page of the gateway that names no identifier is a fine target.
    expect((await bind('ark:/99999/fk4docs', { target: `${base}docs/api` })).status).toBe(201);
  });

  it('a tombstone under an own NAAN is 410', async () => {
    await bind('ark:/99999/fk4gone', { target: 'https://repo.example.org/gone' });
    await new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: s.port,
          path: '/api/v1/bindings/ark:/99999/fk4gone',
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect((await raw(s.port, '/ark:/99999/fk4gone')).status).toBe(410);
  });

  it.each([
    ['/ark:/99999/fk4abc/para4.txt.1.bak', 'https://repo.example.org/abc/para4.txt.1.bak'],
    ['/ark:/99999/fk4abc.para4.txt.1.bak', 'https://repo.example.org/abc.para4.txt.1.bak'],
    ['/ark:/99999/fk4-abc/chap-1/p-2.pdf', 'https://repo.example.org/abc/chap-1/p-2.pdf'],
    ['/ark:/99999/fk4abc/x?format=pdf&q=a%20b', 'https://repo.example.org/abc/x?format=pdf&q=a%20b'],
    ['/ark:/99999/fk4abc?x=1', 'https://repo.example.org/abc?x=1'],
    ['/ark:99999/fk4abc/s3', 'https://repo.example.org/abc/s3'],
    ['/https://n2t.net/ark:/99999/fk4abc/s3', 'https://repo.example.org/abc/s3'],
  ])('passthrough: %s → %s', async (path, location) => {
    const res = await raw(s.port, path);
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe(location);
  });

  it('a prefix rule covers everything that starts with it, no separator needed; the longest match wins', async () => {
    const rule = await bind('ark:/99999/xt2?prefix=true', { target: 'https://shoulder.example.org/items/' });
    expect(rule.status).toBe(201);
    expect(JSON.parse(rule.body)).toMatchObject({ identifier: 'ark:/99999/xt2', prefix: true });
    expect(rule.headers['location']).toBe(`${base}ark:/99999/xt2`);
    // Longer: a plain binding inside the rule's range, and a longer rule.
    expect((await bind('ark:/99999/xt2rv8b', { target: 'https://exact.example.org/rv8b' })).status).toBe(201);
    expect((await bind('ark:/99999/xt2zz?prefix=true', { target: 'https://zz.example.org' })).status).toBe(201);
    const cases: [string, string][] = [
      ['/ark:/99999/xt2q4r7/chap-1.pdf?page=2', 'https://shoulder.example.org/items/q4r7/chap-1.pdf?page=2'],
      ['/ark:/99999/xt2', 'https://shoulder.example.org/items/'],
      ['/ark:/99999/xt2rv8b/p1.txt', 'https://exact.example.org/rv8b/p1.txt'],
      ['/ark:/99999/xt2zz9', 'https://zz.example.org/9'],
      ['/ark:/99999/xt2zz', 'https://zz.example.org'],
    ];
    for (const [path, location] of cases)
      expect([path, (await raw(s.port, path)).headers['location']]).toEqual([path, location]);
    // Not the rule's: another shoulder.
    expect((await raw(s.port, '/ark:/99999/xt3a')).status).toBe(404);
    // Listed and exported as its ARK with prefix: true.
    const listed = await raw(s.port, '/api/v1/bindings?limit=100', { authorization: `Bearer ${token}` });
    const items = JSON.parse(listed.body).items as { identifier: string; prefix: boolean }[];
    expect(items.filter((i) => i.prefix).map((i) => i.identifier)).toEqual(['ark:/99999/xt2', 'ark:/99999/xt2zz']);
  });

  it('the fast path (a real socket) answers exactly as the Hono route (app.request) does', async () => {
    const app = createApp(s.deps);
    const paths = [
      '/ark:/12025/654-xz321/para4.txt.1.bak?x=1',
      '/ark:12025.example.org/12025/abc',
      '/ark%3A%2F12025%2F654xz321',
      '/ark:/99999/fk4abc/s3.pdf?q=1',
      '/ark:/99999/xt2q4r7/chap-1.pdf',
      '/ark:/99999/fk4host.a@evil.com',
      '/ark:/99999/fk4unbound',
      '/ark:/12345/x1',
      '/ark:/88435/dcx059c733m',
    ];
    for (const path of paths) {
      const viaSocket = await raw(s.port, path, { host: 'resolver.example.org' });
      const viaHono = await app.request(`http://resolver.example.org${path}`);
      expect([path, viaSocket.status, viaSocket.headers['location'] ?? null]).toEqual([
        path,
        viaHono.status,
        viaHono.headers.get('location'),
      ]);
    }
  });

  it.each([
    ['/ark:/99999/fk4host.a@evil.com', 'https://example.org/.a@evil.com'],
    ['/ark:/99999/fk4host.attacker.net', 'https://example.org/.attacker.net'],
    ['/ark:/99999/fk4host:8080', null],
    ['/ark:/99999/fk4host?@evil.com', 'https://example.org?@evil.com'],
  ])('a suffix never changes the target origin: %s', async (path, location) => {
    const res = await raw(s.port, path);
    const got = res.headers['location'];
    if (typeof got === 'string') {
      expect(new URL(got).host).toBe('example.org');
      expect(got).toBe(location);
    } else expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
