import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_MIGRATIONS } from './migrations.ts';
import { openStore, SQLITE_FILENAME, tryOpenStore } from './open.ts';
import type { Store } from './store.ts';
import { storeContract } from './testing/contract.ts';

const dirs: string[] = [];
const dirOf = new WeakMap<Store, string>();
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'pidgate-store-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

storeContract('sqlite', {
  async fresh() {
    const dataDir = tempDir();
    const store = await openStore({ dataDir });
    dirOf.set(store, dataDir);
    return store;
  },
  async sibling(store) {
    return openStore({ dataDir: dirOf.get(store)! });
  },
});

describe('sqlite backend', () => {
  it('keeps its file in the data directory, in WAL mode, with the migrations recorded', async () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const store = await openStore({ dataDir });
    expect(store.backend).toBe('sqlite');
    await store.close();
    const db = new Database(join(dataDir, SQLITE_FILENAME), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual(
      SQLITE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })),
    );
    db.close();
  });

  it('refuses a database migrated by a newer pidgate', async () => {
    const dataDir = tempDir();
    await (await openStore({ dataDir })).close();
    const db = new Database(join(dataDir, SQLITE_FILENAME));
    db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', 'x')").run();
    db.close();
    const r = await tryOpenStore({ dataDir });
    expect(r.ok ? 'ok' : r.error.code).toBe('schema-too-new');
  });

  it('reports an unusable data directory as storage-error, and a bad URL as invalid-url', async () => {
    const file = join(tempDir(), 'file');
    await (await openStore({ dataDir: file })).close();
    const r = await tryOpenStore({ dataDir: join(file, SQLITE_FILENAME, 'below-a-file') });
    expect(r.ok ? 'ok' : r.error.code).toBe('storage-error');
    const u = await tryOpenStore({ url: 'mysql://localhost/x' });
    expect(u.ok ? 'ok' : u.error.code).toBe('invalid-url');
    await expect(openStore({ url: 'mysql://localhost/x' })).rejects.toMatchObject({ code: 'invalid-url' });
  });

  it('reports a write the lock keeps out as storage-error, not a throw', async () => {
    const dataDir = tempDir();
    const store = await openStore({ dataDir, busyTimeoutMs: 50 });
    const db = new Database(join(dataDir, SQLITE_FILENAME));
    db.exec('BEGIN IMMEDIATE');
    const r = await store.putBinding('ark:/99999/locked', { target: 'https://example.org/' }, 'cli');
    expect(r.ok ? 'ok' : r.error.code).toBe('storage-error');
    db.exec('ROLLBACK');
    db.close();
    expect((await store.putBinding('ark:/99999/locked', { target: 'https://example.org/' }, 'cli')).ok).toBe(true);
    await store.close();
  });
});

/** Run a child node process on the source (the same loader as the CLI). */
function child(script: string, args: string[]): Promise<{ code: number | null; stdout: string; proc: number }> {
  const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--conditions=@pidgate/source', '--import', 'tsx', script, ...args], {
      cwd: pkg,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    p.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout, proc: p.pid ?? 0 }));
  });
}

const fixture = (name: string) => join(dirname(fileURLToPath(import.meta.url)), 'testing', name);

describe('sqlite across processes', () => {
  it('keeps every acknowledged write through kill -9 of the process', async () => {
    const dataDir = tempDir();
    const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
    const p = spawn(
      process.execPath,
      ['--conditions=@pidgate/source', '--import', 'tsx', fixture('writer.fixture.ts'), dataDir],
      { cwd: pkg, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let acknowledged = 0;
    let buffered = '';
    await new Promise<void>((resolve, reject) => {
      p.on('error', reject);
      p.stdout.on('data', (d: Buffer) => {
        buffered += d.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('ok ')) acknowledged = Number(line.slice(3));
        if (acknowledged >= 300 && p.exitCode === null) {
          p.kill('SIGKILL');
        }
      });
      p.on('close', () => resolve());
    });
    expect(p.signalCode).toBe('SIGKILL');
    const store = await openStore({ dataDir });
    for (let i = 1; i <= acknowledged; i++) {
      const r = await store.getBinding(`ark:/99999/k${i}`);
      expect(r.ok, `write ${i} of ${acknowledged} acknowledged`).toBe(true);
    }
    await store.close();
  }, 120_000);

  it('never hands out the same mint index to two processes reserving at once', async () => {
    const dataDir = tempDir();
    const store = await openStore({ dataDir });
    expect((await store.addNaan('99999')).ok).toBe(true);
    const shoulder = { key: 'ark:/99999/x6', naan: '99999', template: 'x6.zeeddk', seed: '1' };
    expect((await store.addShoulder(shoulder)).ok).toBe(true);
    await store.close();
    const runs = await Promise.all([1, 2, 3].map(() => child(fixture('minter.fixture.ts'), [dataDir, '200'])));
    const indices: number[] = [];
    for (const r of runs) {
      expect(r.code).toBe(0);
      for (const line of r.stdout.trim().split('\n')) {
        const [first, count] = line.split(' ').map(Number) as [number, number];
        for (let i = 0; i < count; i++) indices.push(first + i);
      }
    }
    expect(new Set(indices).size).toBe(indices.length);
    expect(indices.sort((a, b) => a - b)).toEqual(Array.from({ length: indices.length }, (_, i) => i));
  }, 120_000);
});
