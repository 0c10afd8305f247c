import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Io } from '../io.ts';
import { main } from '../main.ts';

function io(env: Record<string, string>) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => {
    out += d;
  });
  stderr.on('data', (d) => {
    err += d;
  });
  const value: Io = { stdin: new PassThrough(), stdout, stderr, env, cwd: process.cwd() };
  return { io: value, out: () => out, err: () => err };
}

describe('pidgate serve', () => {
  it('starts the gateway, answers over HTTP, and stops cleanly on SIGTERM', async () => {
    const t = io({ PIDGATE_MAPTR_ENABLED: 'false', PIDGATE_HOST: '127.0.0.1' });
    const exit = main(['serve', '--port', '0'], t.io);
    let exited = false;
    void exit.finally(() => {
      exited = true;
    });
    // Until it listens (or ends): no count of polls, so a slow start on a busy machine is not a failure;
    // the test's timeout bounds a server that never listens.
    let url = '';
    while (!url && !exited) {
      await new Promise((r) => setTimeout(r, 25));
      url = /"event":"listening","url":"([^"]+)"/.exec(t.out())?.[1] ?? '';
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    // the address the socket is bound to, as bound
    expect(t.out()).toMatch(/"event":"listening","url":"[^"]+","address":"127\.0\.0\.1:\d+"/);
    const res = await fetch(`${url}urn:nbn:de:bvb:19-146642`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://nbn-resolving.org/urn:nbn:de:bvb:19-146642');
    expect(t.out()).toContain('"path":"/urn:nbn:de:bvb:19-146642","status":302');
    process.emit('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('says the address it listens on: 0.0.0.0 (every interface) by default, reached at 127.0.0.1', async () => {
    const t = io({ PIDGATE_MAPTR_ENABLED: 'false' });
    const exit = main(['serve', '--port', '0'], t.io);
    let exited = false;
    void exit.finally(() => {
      exited = true;
    });
    while (!t.out().includes('"event":"listening"') && !exited) await new Promise((r) => setTimeout(r, 25));
    const listening = JSON.parse(
      t
        .out()
        .split('\n')
        .find((l) => l.includes('"event":"listening"')) ?? '{}',
    );
    expect(listening.address).toMatch(/^0\.0\.0\.0:\d+$/);
    expect(listening.url).toBe(`http://127.0.0.1:${listening.address.split(':')[1]}/`);
    process.emit('SIGTERM');
    expect(await exit).toBe(0);
  });

  it.each([
    [['serve', '--port', 'eighty'], {}, '--port must be'],
    [['serve'], { PORT: '99999' }, 'port'],
    [['serve'], { PIDGATE_LOG: 'loud' }, 'log'],
    [['serve', '--config', 'no-such-file.json'], {}, 'cannot read configuration file'],
  ])('%j with %j is a usage error naming the problem', async (args, env, message) => {
    const t = io(env as Record<string, string>);
    expect(await main(args as string[], t.io)).toBe(2);
    expect(t.err()).toContain(message);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('pidgate serve --workers', () => {
  it('runs two worker processes on one port over one SQLite database, and stops them all on SIGTERM', async () => {
    const bin = fileURLToPath(new URL('../../bin/pidgate.js', import.meta.url));
    const port = await freePort();
    const env = {
      ...process.env,
      PIDGATE_MAPTR_ENABLED: 'false',
      PIDGATE_HOST: '127.0.0.1',
      PIDGATE_DATA_DIR: mkdtempSync(join(tmpdir(), 'pidgate-cluster-')),
    };
    const child = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--workers', '2'], { env });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let ended = false;
    void exited.then(() => {
      ended = true;
    });
    // Until both workers listen (or the process ends): the test's timeout bounds a cluster that never starts.
    while (!out.includes('"event":"cluster"') && !ended) await new Promise((r) => setTimeout(r, 25));
    const cluster = JSON.parse(out.split('\n').find((l) => l.includes('"event":"cluster"')) ?? '{}');
    expect(cluster.workers).toBe(2);
    expect(new Set(cluster.pids).size).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`http://127.0.0.1:${port}/urn:nbn:de:bvb:19-146642`, { redirect: 'manual' }).then((r) => r.status),
      ),
    );
    expect(answers).toEqual(Array(20).fill(302));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out.match(/"event":"stopped"/g)).toHaveLength(2);
    // each request line names the worker that answered it (cluster worker ids 1 and 2)
    const lines = out.split('\n').filter((l) => l.includes('"path":"/urn:nbn:de:bvb:19-146642"'));
    expect(lines).toHaveLength(20);
    for (const line of lines) expect([1, 2]).toContain(JSON.parse(line).worker);
  });

  it('--workers must be a whole number or auto', async () => {
    const t = io({});
    expect(await main(['serve', '--workers', 'many'], t.io)).toBe(2);
    expect(t.err()).toContain('--workers');
  });
});
