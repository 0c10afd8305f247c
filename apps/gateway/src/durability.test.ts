import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';

// Every acknowledged write survives kill -9: the gateway runs as a child process over a real SQLite file,
// a bulk import streams into it, it is SIGKILLed mid-import, restarted, and every line answered ok is there.
const bin = fileURLToPath(new URL('../../cli/bin/pidgate.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pidgate-durability-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startGateway(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, PIDGATE_DATA_DIR: dir, PIDGATE_MAPTR_ENABLED: 'false', PIDGATE_LOG: 'json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /"event":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the gateway exited with ${code}: ${out}`)));
  });
  child.stdout?.resume();
  return { child, port };
}

const line = (i: number) =>
  `${JSON.stringify({ identifier: `ark:/99999/fk4d${i}`, target: `https://x.org/d/${i}` })}\n`;

describe('durability', () => {
  it('keeps every binding whose import line was answered ok when the gateway is killed with SIGKILL', async () => {
    const setup = await openStore({ dataDir: dir });
    const made = await setup.createToken('durability', ['ark:/99999']);
    await setup.close();
    if (!made.ok) throw new Error(made.error.message);

    const first = await startGateway();
    const acknowledged: string[] = [];
    let killed = false;
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port: first.port,
        method: 'POST',
        path: '/api/v1/bindings/import',
        headers: { authorization: `Bearer ${made.value.token}`, 'content-type': 'application/x-ndjson' },
      });
      req.on('error', () => resolve());
      req.on('response', (res) => {
        let rest = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const l of lines) {
            const r = JSON.parse(l) as { ok: boolean; identifier?: string };
            if (r.ok && r.identifier) acknowledged.push(r.identifier);
          }
          if (!killed && acknowledged.length >= 5000) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        });
        res.on('error', () => resolve());
        res.on('close', () => resolve());
      });
      // Stream lines in small chunks, as a client uploading a large file does, until the gateway dies.
      let i = 0;
      const pump = () => {
        if (killed || req.destroyed) return;
        let chunk = '';
        for (let k = 0; k < 200; k++) chunk += line(i++);
        if (req.write(chunk)) setImmediate(pump);
        else req.once('drain', pump);
      };
      pump();
    });
    expect(killed).toBe(true);
    expect(first.child.signalCode ?? (await new Promise((r) => first.child.once('exit', (_c, s) => r(s))))).toBe(
      'SIGKILL',
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(5000);

    const second = await startGateway();
    const store = await openStore({ dataDir: dir });
    try {
      const missing: string[] = [];
      for (const id of acknowledged) {
        const found = await store.getBinding(id);
        if (!found.ok) missing.push(id);
      }
      expect(missing).toEqual([]);
      for (const id of [acknowledged[0], acknowledged[acknowledged.length - 1]]) {
        const res = await fetch(`http://127.0.0.1:${second.port}/${id}`, { redirect: 'manual' });
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(`https://x.org/d/${(id as string).slice('ark:/99999/fk4d'.length)}`);
      }
    } finally {
      await store.close();
      second.child.kill('SIGTERM');
    }
  }, 120_000);
});
