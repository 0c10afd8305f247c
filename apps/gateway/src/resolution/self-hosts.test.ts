import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { storeApp, testStore } from '../testing/store.ts';
import { canonicalHost, hostPort, isSelf, LOOPBACK, selfHosts, urlHost } from './self-hosts.ts';

// Issue 27 item 4: the loop check sees every spelling of the gateway's own host, as the WHATWG URL parser reads
// it (IPv4 in any form, IPv4-mapped IPv6, a trailing dot, case), against every name and address it answers for.

describe('canonical hosts', () => {
  it.each([
    ['127.0.0.1', LOOPBACK],
    ['127.1', LOOPBACK],
    ['2130706433', LOOPBACK],
    ['0x7f.0.0.1', LOOPBACK],
    ['0177.0.0.1', LOOPBACK],
    ['127.255.255.254', LOOPBACK],
    ['[::ffff:127.0.0.1]', LOOPBACK],
    ['[::1]', LOOPBACK],
    ['[0:0:0:0:0:0:0:1]', LOOPBACK],
    ['localhost', LOOPBACK],
    ['LOCALHOST.', LOOPBACK],
    ['app.localhost', LOOPBACK],
    ['0', LOOPBACK],
    ['0.0.0.0', LOOPBACK],
    ['[::]', LOOPBACK],
    ['pid.example.org.', 'pid.example.org'],
    ['PID.Example.ORG', 'pid.example.org'],
    ['[::ffff:192.0.2.1]', '192.0.2.1'],
    ['3221225985', '192.0.2.1'],
    ['128.0.0.1', '128.0.0.1'],
  ])('%s is %s', (spelling, canonical) => {
    expect(urlHost(`http://${spelling}/`)?.host).toBe(canonical);
    expect(canonicalHost(new URL(`http://${spelling}/`).hostname)).toBe(canonical);
  });

  it('ports: the default of the scheme, any port for a name without one', () => {
    expect(urlHost('https://pid.example.org./x')).toEqual({ host: 'pid.example.org', port: 443 });
    expect(hostPort('127.1:8080')).toEqual({ host: LOOPBACK, port: 8080 });
    expect(hostPort('::1')).toEqual({ host: LOOPBACK, port: null });
    expect(hostPort('[::1]:80')).toEqual({ host: LOOPBACK, port: 80 });
    const hosts = selfHosts({ baseUrl: 'https://pid.example.org', listenHost: '127.0.0.1', listenPort: 8080 });
    expect(isSelf({ host: 'pid.example.org', port: 8443 }, hosts)).toBe(true);
    expect(isSelf({ host: LOOPBACK, port: 8080 }, hosts)).toBe(true);
    expect(isSelf({ host: LOOPBACK, port: 8081 }, hosts)).toBe(false);
    expect(isSelf({ host: 'evil.example', port: 443 }, hosts)).toBe(false);
  });
});

describe('the admin API refuses every spelling of its own host as a target (target-loop)', () => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  const PORT = 18080;
  beforeAll(async () => {
    t = await storeApp('sqlite', {
      baseUrl: 'https://pid.example.org',
      host: '127.0.0.1',
      port: PORT,
      allowedHosts: ['gw.internal:9000'],
    });
    token = await t.token(['ark:/99999/fk4']);
  });
  afterAll(async () => t.close());

  const put = async (target: string) => {
    const r = await t.app.request('/api/v1/bindings/ark:/99999/fk4loop', {
      method: 'PUT',
      // A Host that is none of the gateway's: only its own names count.
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', host: 'proxy.example:1' },
      body: JSON.stringify({ target }),
    });
    return { status: r.status, code: ((await r.json()) as { code?: string }).code };
  };

  it.each([
    'https://pid.example.org/ark:/99999/fk4abc',
    'https://pid.example.org./ark:/99999/fk4abc',
    'https://PID.EXAMPLE.ORG/ark:/99999/fk4abc',
    'http://pid.example.org:8443/ark:/99999/fk4abc',
    `http://localhost:${PORT}/ark:/99999/fk4abc`,
    `http://localhost.:${PORT}/ark:/99999/fk4abc`,
    `http://127.1:${PORT}/ark:/99999/fk4abc`,
    `http://2130706433:${PORT}/ark:/99999/fk4abc`,
    `http://0x7f.0.0.1:${PORT}/ark:/99999/fk4abc`,
    `http://[::ffff:127.0.0.1]:${PORT}/ark:/99999/fk4abc`,
    `http://[::1]:${PORT}/ark:/99999/fk4abc`,
    `http://0:${PORT}/ark:/99999/fk4abc`,
    'http://gw.internal:9000/ark:/99999/fk4abc',
    'http://GW.internal.:9000/ark%3A%2F99999%2Ffk4abc',
  ])('%s', async (target) => {
    expect(await put(target)).toEqual({ status: 400, code: 'target-loop' });
  });

  it.each([
    `http://127.1:${PORT + 1}/ark:/99999/fk4abc`,
    'http://gw.internal:9001/ark:/99999/fk4abc',
    'https://pid.example.org.evil.example/ark:/99999/fk4abc',
    'https://pid.example.org/docs/api',
  ])('another port, another host or no identifier is fine: %s', async (target) => {
    expect((await put(target)).status).toBeLessThan(300);
  });
});

describe('two identifiers pointing at each other through 127.1, on a running gateway', () => {
  let running: RunningServer;
  let opened: Awaited<ReturnType<typeof testStore>>;
  beforeAll(async () => {
    opened = await testStore('sqlite');
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    running = await startServer({
      config,
      deps: await createDeps(config, { registry: allSchemes, store: opened.store }),
    });
    const port = new URL(running.url).port;
    // Written straight to the store (no loop check there): what an older gateway may have stored.
    for (const [from, to] of [
      ['a', 'b'],
      ['b', 'a'],
    ]) {
      const put = await opened.store.putBinding(
        `ark:/99999/fk4${from}`,
        { target: `http://127.1:${port}/ark:/99999/fk4${to}` },
        'cli',
      );
      if (!put.ok) throw new Error(put.error.message);
    }
  });
  afterAll(async () => {
    await running.close();
    await opened.close();
  });

  it('are not followed: 404 target-loop, not a redirect', async () => {
    for (const id of ['a', 'b']) {
      const r = await fetch(`${running.url.replace(/\/$/, '')}/ark:/99999/fk4${id}`, {
        redirect: 'manual',
        headers: { accept: 'application/json' },
      });
      expect(r.status).toBe(404);
      expect(r.headers.get('location')).toBeNull();
      expect(((await r.json()) as { code: string }).code).toBe('target-loop');
    }
  });
});
