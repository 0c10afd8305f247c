// What `pidgate --version` and a one-line `pidgate normalize` load at start, counted (no clock): the
// files of JavaScript Node reads, their bytes, the ES modules it links, and whether V8 accepts the
// code cache of the start-up bundle. The built command (dist/, built by `npm install` or
// `npm run build:cli`) is measured. Start-up time itself is measured by `npm run bench:cli` next to
// `node -e 0` (apps/cli/README.md, "Start-up"); these bounds fail a change that would bring the costs back:
// the ES module loader at start (each module read, resolved and linked apart), a command's heavy
// imports, a bundle grown by a data table or a library, a code cache no longer used.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));
const light = fileURLToPath(new URL('../dist/light.cjs', import.meta.url));

/** What one run loads: the JavaScript files read (path → bytes), the ES modules, the code cache's fate. */
function loaded(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NODE_DEBUG: 'module,esm,pidgate', PIDGATE_SOURCE: '' },
  });
  expect(r.status).toBe(0);
  const files = new Map<string, number>();
  // CommonJS: `load "/path" for module …`; ES modules: `Translating StandardModule file:///path`;
  // the start-up bundle (run through vm.Script by bin/pidgate.js): `load /path code cache …`.
  const esm: string[] = [];
  for (const m of r.stderr.matchAll(/MODULE \d+: load "([^"]+)" for module/g)) files.set(m[1] as string, 0);
  for (const m of r.stderr.matchAll(/ESM \d+: Translating \w+ (file:\S+)/g)) {
    const path = fileURLToPath(m[1] as string);
    esm.push(path);
    files.set(path, 0);
  }
  const cache = /PIDGATE \d+: load (\S+) code cache (\w+)/.exec(r.stderr);
  if (cache) files.set(cache[1] as string, 0);
  for (const path of files.keys()) files.set(path, statSync(path).size);
  const bytes = [...files.values()].reduce((a, b) => a + b, 0);
  return { stdout: r.stdout, files, esm, bytes, cache: cache?.[2] ?? 'not loaded' };
}

/** The JavaScript read at start, at most: light.cjs is ~330 KB (every scheme's parser, the ISBN ranges). */
const MAX_BYTES = 450_000;

describe('start-up of the built command (dist/light.cjs)', () => {
  it('is built (`npm install` or `npm run build:cli` builds it)', () => {
    expect(existsSync(light)).toBe(true);
    expect(existsSync(`${light}.cache`)).toBe(true);
  });

  it('--version reads two files of JavaScript, links no ES module, and uses the code cache', () => {
    const run = loaded(['--version']);
    expect(run.stdout).toBe('0.1.0\n');
    expect([...run.files.keys()].sort()).toEqual([bin, light].sort());
    expect(run.esm).toEqual([]);
    expect(run.bytes).toBeLessThan(MAX_BYTES);
    expect(run.cache).toBe('accepted');
  });

  it('a one-line normalize reads the same two files and nothing more: no chunk, no library, no data file', () => {
    const run = loaded(['normalize'], 'ark:/12345/x\n');
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, normalized: 'ark:/12345/x' });
    expect([...run.files.keys()].sort()).toEqual([bin, light].sort());
    expect(run.esm).toEqual([]);
    expect(run.bytes).toBeLessThan(MAX_BYTES);
    expect(run.cache).toBe('accepted');
  });

  it('a command outside the start-up bundle still runs, from the ES modules of dist/', () => {
    const r = spawnSync(process.execPath, [bin, 'db', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^pidgate db migrate/);
  });
});
