import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { maptrLookup } from '@pidgate/discovery';
import { createApp, createDeps, loadConfig } from '@pidgate/gateway';
import { openStore } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `pidgate dns` as a real child process on 127.0.0.1 with a random port; the gateway's Maptr client asks it.
const bin = fileURLToPath(new URL('../../bin/pidgate.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pidgate-dns-'));
const config = join(dir, 'gateway.json');
let child: ChildProcess;
let server = '';

beforeAll(async () => {
  writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' }, dns: { nmah: 'ark.example.org:8080' } }));
  const store = await openStore({ dataDir: join(dir, 'db') });
  await store.addNaan('12345', 'Example Archive');
  await store.close();
  child = spawn(process.execPath, [bin, 'dns', '--port', '0', '--host', '127.0.0.1', '--config', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr?.on('data', (d) => {
    out += d;
  });
  server = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /listening on udp:\/\/(127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`pidgate dns exited with ${code}: ${out}`)));
  });
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('pidgate dns', () => {
  it("serves this institution's NAANs in the records of ARK §4.2 (service ark, flags h, NMAH as replacement)", async () => {
    const found = await maptrLookup('12345', { server, timeoutMs: 2000 });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.value.nmahs).toEqual(['ark.example.org:8080']);
    const record = found.value.trace[0]?.records[0]?.naptr;
    expect(record).toMatchObject({
      flags: 'h',
      services: 'ark',
      regexp: 'Example Archive',
      replacement: 'ark.example.org:8080',
    });
  });

  it('serves the NAANs of the NAAN table, and NXDOMAIN for any other', async () => {
    const nlm = await maptrLookup('12025', { server, timeoutMs: 2000 });
    expect(nlm.ok && nlm.value.nmahs.length).toBeGreaterThan(0);
    const none = await maptrLookup('77777', { server, timeoutMs: 2000 });
    expect(none.ok).toBe(false);
  });

  it("is what the gateway's Maptr client resolves through", async () => {
    const natabWithout12345 = join(dir, 'natab');
    writeFileSync(natabWithout12345, '12025: http://www.nlm.nih.gov/naapolicy.html\n  www.nlm.nih.gov USNLM\n');
    const deps = await createDeps(
      loadConfig({}, null, {
        log: 'off',
        store: { enabled: false },
        maptr: { enabled: true, server, suffix: 'ark.arpa', timeoutMs: 2000 },
        fallback: { url: null },
        // A table without 12345 (the default one, the whole registry, has it): Maptr is asked.
        naan: { file: natabWithout12345 },
      }),
    );
    const app = createApp(deps);
    const res = await app.request('/ark:/12345/fk4abc/page2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://ark.example.org:8080/ark:/12345/fk4abc/page2');
  });

  it('answers at once after the 12-byte header whose four section counts are 65535 (issue 17)', async () => {
    const socket = createSocket('udp4');
    const [host, port] = server.split(':') as [string, string];
    const header = Buffer.from('abcd0100ffffffffffffffff', 'hex');
    for (let i = 0; i < 5; i++) await new Promise((r) => socket.send(header, Number(port), host, r));
    // The lookup's own timeout bounds the stall: 20 s, far above the milliseconds an answer takes, and far
    // below what reading 4 × 65535 records from each of 5 headers would stall for. No wall-clock budget.
    const found = await maptrLookup('12345', { server, timeoutMs: 20_000 });
    expect(found.ok).toBe(true);
    socket.close();
  });

  it('stops cleanly on SIGTERM, even while flooded with random datagrams', async () => {
    const socket = createSocket('udp4');
    const [host, port] = server.split(':') as [string, string];
    let flooding = true;
    const flood = (async () => {
      while (flooding) {
        const batch = Array.from({ length: 50 }, () => {
          const b = randomBytes((12 + Math.random() * 300) | 0);
          b[2] = 0x01; // QR=0, RD
          return new Promise((r) => socket.send(b, Number(port), host, r));
        });
        await Promise.all(batch);
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    flooding = false;
    await flood;
    socket.close();
  });
});
