import { createSocket } from 'node:dgram';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createDeps } from './deps.ts';
import { startServer } from './server.ts';
import { allSchemes, natab, tempFiles, testConfig } from './testing/helpers.ts';

/** A raw HTTP/1.1 request: the target goes on the wire exactly as given. */
function raw(
  port: number,
  target: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
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

describe('over a real socket', () => {
  it('takes the identifier from the raw request line: //, %2F, dot segments and a bare ? survive', async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    const running = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
    try {
      const a = await raw(running.port, '/ark:/12025/654xz321/s3/../f8%2F05.tiff');
      expect(a.status).toBe(302);
      expect(a.headers['location']).toBe('http://www.nlm.nih.gov/ark:/12025/654xz321/s3/../f8%2F05.tiff');
      const b = await raw(running.port, '/ark:/12025/654xz321?');
      expect(b.status).toBe(200);
      expect(b.headers['thump-status']).toBe('0.1 200 OK');
      const c = await raw(running.port, '/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk//a');
      expect(c.headers['location']).toBe('https://web.archive.org/web/20160122112029/http://www.dr.dk//a');
      // A request target the URL parser refuses is a 400 problem, not a bare error.
      const d = await raw(running.port, '/ark:/12025/a\\b');
      expect(d.status).toBe(400);
      expect(d.headers['content-type']).toBe('application/problem+json');
    } finally {
      await running.close();
    }
  });

  it('nothing from the request reaches a header as CR or LF', async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    const running = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
    try {
      const res = await raw(running.port, '/ark:/12025/x%0D%0ASet-Cookie:%20a=b');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(String(res.headers['location'] ?? '')).not.toMatch(/[\r\n]/);
      expect(res.status).toBeLessThan(500);
    } finally {
      await running.close();
    }
  });

  it('graceful shutdown: an in-flight request finishes, then the server closes', async () => {
    // A DNS server that never answers keeps the request in flight for the Maptr timeout.
    const silent = createSocket('udp4');
    await new Promise<void>((r) => silent.bind(0, '127.0.0.1', () => r()));
    const files = tempFiles({ natab: natab({ 13030: ['ark.example.org'] }) });
    const config = testConfig({
      port: 0,
      host: '127.0.0.1',
      naan: { file: files['natab'] as string },
      maptr: { enabled: true, suffix: 'ark.arpa', server: `127.0.0.1:${silent.address().port}`, timeoutMs: 400 },
      fallback: { url: null },
    });
    const running = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
    // in flight for certain once its Maptr query reaches the silent DNS server (not after a guessed sleep:
    // on a busy machine the request may not have been read yet, and then it is not in flight at all)
    const queried = new Promise((r) => silent.once('message', r));
    const inFlight = raw(running.port, '/ark:/12026/x');
    await queried;
    const closed = running.close();
    const res = await inFlight;
    expect(res.status).toBe(504);
    await closed;
    expect(running.server.listening).toBe(false);
    silent.close();
  });
});
