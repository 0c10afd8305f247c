import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { testStore } from '../testing/store.ts';

// HTTP edges over a real socket: errors negotiated (HTML for browsers, problem JSON for programs), 405 with
// the true Allow, CORS with preflight (never on the admin API).

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let out = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        out += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: out }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('HTTP edges', () => {
  let s: RunningServer;
  let opened: Awaited<ReturnType<typeof testStore>>;
  let token: string;
  beforeAll(async () => {
    opened = await testStore('sqlite');
    const made = await opened.store.createToken('t', ['ark:/99999', 'urn:pdi://ap.org.us']);
    if (!made.ok) throw new Error(made.error.message);
    token = made.value.token;
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    s = await startServer({ config, deps: await createDeps(config, { registry: allSchemes, store: opened.store }) });
    const put = await send(
      s.port,
      'PUT',
      '/api/v1/bindings/ark:/99999/fk4gone',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      JSON.stringify({ target: 'https://x.example.org/gone', erc: { who: 'Example Library', what: 'A report' } }),
    );
    expect(put.status).toBe(201);
    const del = await send(s.port, 'DELETE', '/api/v1/bindings/ark:/99999/fk4gone', {
      authorization: `Bearer ${token}`,
    });
    expect(del.status).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    await opened.close();
  });

  it('a browser asking for a tombstone gets an HTML 410 page in the site layout; a program the problem', async () => {
    const page = await send(s.port, 'GET', '/ark:/99999/fk4gone', { accept: BROWSER });
    expect(page.status).toBe(410);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toMatch(/^<!doctype html>/);
    expect(page.body).toContain('<h1>410 Gone</h1>');
    expect(page.body).toContain('ark:/99999/fk4gone');
    expect(page.body).toContain('Example Library');
    expect(page.body).toContain('<header class="site">');
    const program = await send(s.port, 'GET', '/ark:/99999/fk4gone');
    expect(program.status).toBe(410);
    expect(program.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(program.body).code).toBe('tombstoned');
  });

  it('every error is negotiated: a mistyped link, a malformed identifier, an unknown path', async () => {
    for (const path of ['/ark:/12025/a%zz', '/favicon.ico', '/api/v1/normalize']) {
      const page = await send(s.port, 'GET', path, { accept: BROWSER });
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.status).toBeGreaterThanOrEqual(400);
      const json = await send(s.port, 'GET', path, { accept: 'application/json' });
      expect(json.headers['content-type']).toBe('application/problem+json');
    }
  });

  it('PDI bindings are in the admin listing (under a PDI prefix) and in the export', async () => {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const pdi = await send(
      s.port,
      'PUT',
      '/api/v1/bindings/urn:pdi://ap.org.us/1997/11/27/12.pdf',
      auth,
      JSON.stringify({ target: 'https://ap.example.org/12.pdf' }),
    );
    expect(pdi.status).toBe(201);
    const listed = await send(s.port, 'GET', '/api/v1/bindings?prefix=urn:pdi://ap.org.us/', auth);
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body).items).toMatchObject([
      { identifier: 'urn:pdi://ap.org.us/1997/11/27/12.pdf.1', version: 1, target: 'https://ap.example.org/12.pdf' },
    ]);
    const outside = await send(s.port, 'GET', '/api/v1/bindings?prefix=urn:pdi://other.org.us/', auth);
    expect(outside.status).toBe(403);
    const exported = await send(s.port, 'GET', '/api/v1/bindings/export', auth);
    const lines = exported.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { identifier: string });
    expect(lines.map((l) => l.identifier)).toEqual(['ark:/99999/fk4gone', 'urn:pdi://ap.org.us/1997/11/27/12.pdf.1']);
  });

  it.each([
    ['GET', '/api/v1/normalize', 'POST'],
    ['GET', '/api/v1/compare', 'POST'],
    ['GET', '/api/v1/resolve', 'POST'],
    ['GET', '/api/v1/mint', 'POST'],
    ['DELETE', '/api/v1/parse', 'GET, HEAD'],
    ['POST', '/healthz', 'GET, HEAD'],
    ['PATCH', '/api/v1/bindings/ark:/99999/x', 'DELETE, GET, HEAD, PUT'],
    ['POST', '/ark:/12025/x', 'GET, HEAD'],
    ['PUT', '/api/v1/shoulders', 'GET, HEAD, POST'],
  ])('%s %s → 405 Allow: %s', async (method, path, allow) => {
    const res = await send(s.port, method, path);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe(allow);
    expect(JSON.parse(res.body).code).toBe('method-not-allowed');
  });

  it('CORS: * on the public read and batch APIs, with preflight; never on the admin API', async () => {
    const origin = { origin: 'https://catalogue.example.net' };
    const parse = await send(s.port, 'GET', '/api/v1/parse?id=ark:/12025/x', origin);
    expect(parse.headers['access-control-allow-origin']).toBe('*');
    const pre = await send(s.port, 'OPTIONS', '/api/v1/normalize', {
      ...origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
    // A cross-origin resolution gets the header too (the app answers it, not the fast path).
    const redirect = await send(s.port, 'GET', '/ark:/12025/x', origin);
    expect(redirect.status).toBe(302);
    expect(redirect.headers['access-control-allow-origin']).toBe('*');
    const admin = await send(s.port, 'GET', '/api/v1/bindings', { ...origin, authorization: `Bearer ${token}` });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
    const adminPre = await send(s.port, 'OPTIONS', '/api/v1/bindings/ark:/99999/x', {
      ...origin,
      'access-control-request-method': 'PUT',
    });
    expect(adminPre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS origins are configurable, and [] turns CORS off', async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1', cors: { origins: ['https://a.example.net'] } });
    const t = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
    try {
      const ok = await send(t.port, 'GET', '/healthz', { origin: 'https://a.example.net' });
      expect(ok.headers['access-control-allow-origin']).toBe('https://a.example.net');
      const other = await send(t.port, 'GET', '/healthz', { origin: 'https://b.example.net' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
