import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 27 item 9: `kill -TERM` of `npm start` stops the server too (the start script execs node, so npm's
// forwarded signal reaches it instead of a shell that would leave it orphaned).
const root = fileURLToPath(new URL('../../..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('SIGTERM to npm stops the gateway it started', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        PIDGATE_HOST: '127.0.0.1',
        PIDGATE_MAPTR_ENABLED: 'false',
        PIDGATE_DATA_DIR: mkdtempSync(join(tmpdir(), 'pidgate-npm-start-')),
      },
    });
    let out = '';
    npm.stdout.on('data', (d) => {
      out += d;
    });
    npm.stderr.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<void>((r) => npm.once('exit', () => r()));
    while (!out.includes('"event":"listening"') && npm.exitCode === null) await new Promise((r) => setTimeout(r, 25));
    const listening = JSON.parse(out.split('\n').find((l) => l.includes('"event":"listening"')) ?? '{}');
    const pid = listening.pid as number;
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(true);
    npm.kill('SIGTERM');
    await exited;
    // The server stops after the signal (the test's timeout bounds one that never does).
    while (alive(pid)) await new Promise((r) => setTimeout(r, 25));
    expect(out).toContain('"event":"stopped"');
  }, 120_000);
});
