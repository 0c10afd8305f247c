import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server.ts';
import { testConfig } from '../testing/helpers.ts';

// Issue 17: the Host header is not trusted. Over real sockets, with a Host the gateway does not know.
function get(
  port: number,
  path: string,
  host: string,
  accept = '*/*',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, accept } }, (res) => {
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

const EVIL = 'evil.example.net:666';

async function everything(port: number, host: string): Promise<string> {
  const parts: string[] = [];
  for (const [path, accept] of [
    ['/.well-known/ark', 'text/plain'],
    ['/.well-known/ark', 'application/json'],
    ['/openapi.json', 'application/json'],
    ['/', 'application/json'],
    ['/', 'text/html'],
    ['/ark:/12025/x?', 'text/plain'],
    ['/ark:/12025/x??', 'text/plain'],
    ['/ark:/12025/x?info', 'text/plain'],
    ['/docs/api', 'text/html'],
    ['/nothing-here', 'text/html'],
  ] as const) {
    const r = await get(port, path, host, accept);
    expect(r.status, path).toBeLessThan(500);
    parts.push(JSON.stringify(r.headers), r.body);
  }
  return parts.join('\n');
}

describe('trusted hosts', () => {
  let open: RunningServer;
  let listed: RunningServer;
  let based: RunningServer;
  beforeAll(async () => {
    open = await startServer({ config: testConfig({ port: 0, host: '127.0.0.1' }) });
    listed = await startServer({
      config: testConfig({ port: 0, host: '127.0.0.1', allowedHosts: ['resolver.example.org'] }),
    });
    based = await startServer({
      config: testConfig({ port: 0, host: '127.0.0.1', baseUrl: 'https://ark.example.org/r/' }),
    });
  });
  afterAll(async () => {
    await Promise.all([open.close(), listed.close(), based.close()]);
  });

  it('by default writes the address it listens on, and never an unknown Host', async () => {
    const text = await everything(open.port, EVIL);
    expect(text).not.toContain('evil.example');
    const wk = await get(open.port, '/.well-known/ark', EVIL, 'text/plain');
    expect(wk.body).toBe(`http://127.0.0.1:${open.port}/\n`);
    const doc = JSON.parse((await get(open.port, '/openapi.json', EVIL)).body) as { servers: { url: string }[] };
    expect(doc.servers[0]?.url).toBe(`http://127.0.0.1:${open.port}`);
    const thump = await get(open.port, '/ark:/12025/x?', EVIL, 'text/plain');
    expect(thump.body).toContain(`http://127.0.0.1:${open.port}/ark:/12025/x?`);
  });

  it('writes the request origin for a Host of allowedHosts, and only for it', async () => {
    const wk = await get(listed.port, '/.well-known/ark', 'resolver.example.org', 'text/plain');
    expect(wk.body).toBe('http://resolver.example.org/\n');
    const other = await everything(listed.port, EVIL);
    expect(other).not.toContain('evil.example');
    expect((await get(listed.port, '/.well-known/ark', EVIL, 'text/plain')).body).toBe(
      `http://127.0.0.1:${listed.port}/\n`,
    );
  });

  it('writes baseUrl whatever the Host', async () => {
    const text = await everything(based.port, EVIL);
    expect(text).not.toContain('evil.example');
    expect((await get(based.port, '/.well-known/ark', EVIL, 'text/plain')).body).toBe('https://ark.example.org/r/\n');
    const doc = JSON.parse((await get(based.port, '/openapi.json', EVIL)).body) as { servers: { url: string }[] };
    expect(doc.servers[0]?.url).toBe('https://ark.example.org/r');
  });
});
