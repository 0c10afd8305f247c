import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { commandEntries, loadCommands } from './commands/index.ts';
import { jsonLines, runCli } from './testing.ts';

const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));

/** Prints the process's peak resident set size (KB) on standard error as it exits. */
const REPORT_MAX_RSS =
  'data:text/javascript,process.on("exit",()=>process.stderr.write("maxrss="+process.resourceUsage().maxRSS+"\\n"))';

/**
 * `pidgate normalize --jobs 1` in a child process fed `n` lines written as they are generated (never
 * one string), its output counted as it comes and not kept: the child's peak RSS, the line count and
 * the last line.
 */
function peakRss(n: number): Promise<{ maxRssKb: number; lines: number; lastLine: string }> {
  const child = spawn(process.execPath, ['--import', REPORT_MAX_RSS, bin, 'normalize', '--jobs', '1']);
  let lines = 0;
  let tail = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    tail = (tail + chunk.toString('latin1')).slice(-200);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  Readable.from(
    (function* () {
      for (let start = 0; start < n; start += 10_000) {
        let block = '';
        for (let i = start; i < Math.min(n, start + 10_000); i++) block += `urn:example:a%2c${i}\n`;
        yield block;
      }
    })(),
  ).pipe(child.stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /maxrss=(\d+)/.exec(stderr);
      if (code !== 0 || !m) reject(new Error(`exit ${code}: ${stderr}`));
      else resolve({ maxRssKb: Number(m[1]), lines, lastLine: tail.trimEnd().split('\n').at(-1) ?? '' });
    });
  });
}

describe('pidgate normalize', () => {
  it('writes one JSON object per input line, in order, and nothing else', async () => {
    const { code, stdout, stderr } = await runCli(
      ['normalize'],
      'URN:EXAMPLE:a123%2cz456?+x\r\nnot-an-id\n\nurn:x:y\n',
    );
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = jsonLines(stdout) as Record<string, unknown>[];
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({
      input: 'URN:EXAMPLE:a123%2cz456?+x',
      ok: true,
      scheme: 'urn',
      normalized: 'urn:example:a123%2Cz456',
      url: null,
    });

    expect(lines[1]).toMatchObject({ input: 'not-an-id', ok: false, error: { code: 'unknown-scheme', offset: 0 } });
    expect(lines[2]).toMatchObject({ input: '', ok: false, error: { code: 'empty-input' } });
    expect(lines[3]).toMatchObject({ input: 'urn:x:y', ok: false, error: { code: 'nid-length', offset: 4 } });
    expect(Object.keys(lines[1]?.error as object)).toEqual(['code', 'message', 'offset']);
  });

  it('keeps a last line without a newline, and reads files in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-'));
    writeFileSync(join(dir, 'a.txt'), 'urn:example:1\nurn:example:2');
    writeFileSync(join(dir, 'b.txt'), 'urn:example:3\n');
    const { code, stdout } = await runCli(['normalize', 'a.txt', 'b.txt'], '', { cwd: dir });
    expect(code).toBe(0);
    expect(jsonLines(stdout).map((l) => (l as { input: string }).input)).toEqual([
      'urn:example:1',
      'urn:example:2',
      'urn:example:3',
    ]);
  });

  it('exits 2 when it cannot run: a missing file, a bad profile, an unknown option', async () => {
    expect((await runCli(['normalize', '/nonexistent/file'])).code).toBe(2);
    const bad = await runCli(['normalize', '--profile', 'newest']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--profile/);
    expect((await runCli(['normalize', '--frobnicate'])).code).toBe(2);
  });

  it('streams a large input in order', async () => {
    const n = 200_000;
    const input = Array.from({ length: n }, (_, i) => `urn:example:a%2c${i}\n`).join('');
    const { code, stdout } = await runCli(['normalize'], input);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines).toHaveLength(n + 1);
    expect(JSON.parse(lines[n - 1] as string)).toMatchObject({ normalized: `urn:example:a%2C${n - 1}` });
  });

  it('draws no progress bar when standard error is not a terminal', async () => {
    expect((await runCli(['normalize'], 'urn:example:a\n')).stderr).toBe('');
  });

  it('draws a progress bar on standard error when it is a terminal, and nothing else changes', async () => {
    const plain = await runCli(['normalize'], 'urn:example:a\n'.repeat(1000));
    const tty = await runCli(['normalize'], 'urn:example:a\n'.repeat(1000), { tty: true });
    expect(tty.stderr).toContain('1000 lines');
    expect(tty.stdout).toBe(plain.stdout);
  });
});

describe('pidgate compare', () => {
  it.each([
    [['urn:example:a123,z456', 'URN:EXAMPLE:a123,z456', 'urn:example:a123,z456?+abc'], 0, true],
    [['urn:example:a123,z456', 'urn:example:A123,z456'], 1, false],
  ])('%j exits %i', async (ids, exit, equivalent) => {
    const { code, stdout } = await runCli(['compare', ...ids]);
    expect(code).toBe(exit);
    const [result] = jsonLines(stdout) as { equivalent: boolean; normalized: string[] }[];
    expect(result?.equivalent).toBe(equivalent);
    expect(result?.normalized).toHaveLength(ids.length);
  });

  it('exits 2 with the error when one does not parse', async () => {
    const { code, stdout } = await runCli(['compare', 'urn:example:a', 'urn:example:']);
    expect(code).toBe(2);
    expect(jsonLines(stdout)[0]).toMatchObject({
      equivalent: false,
      normalized: ['urn:example:a', null],
      errors: [{ input: 'urn:example:', error: { code: 'nss-empty' } }],
    });
  });

  it('needs two identifiers', async () => {
    expect((await runCli(['compare', 'urn:example:a'])).code).toBe(2);
  });
});

describe('pidgate parse', () => {
  it('prints the parsed record', async () => {
    const { code, stdout } = await runCli(['parse', 'URN:EXAMPLE:a?+r#f']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      scheme: 'urn',
      input: 'URN:EXAMPLE:a?+r#f',
      profile: 'source',
      normalized: 'urn:example:a',
      components: { nid: 'EXAMPLE', nss: 'a', rComponent: 'r', qComponent: null, fComponent: 'f' },
    });
  });

  it('exits 2 with the error', async () => {
    const { code, stdout } = await runCli(['parse', 'urn:example:a?']);
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { code: 'bare-question-mark', offset: 13 } });
  });
});

describe('pidgate group', () => {
  it('writes one line per equivalence class, then the failures', async () => {
    const input = 'urn:example:a%2c\nbad\nURN:EXAMPLE:a%2C\nurn:example:b\nurn:example:a%2c#f\n';
    const { code, stdout } = await runCli(['group'], input);
    expect(code).toBe(0);
    expect(jsonLines(stdout)).toEqual([
      {
        normalized: 'urn:example:a%2C',
        members: [
          { line: 1, input: 'urn:example:a%2c' },
          { line: 3, input: 'URN:EXAMPLE:a%2C' },
          { line: 5, input: 'urn:example:a%2c#f' },
        ],
      },
      { normalized: 'urn:example:b', members: [{ line: 4, input: 'urn:example:b' }] },
      { line: 2, input: 'bad', error: expect.objectContaining({ code: 'unknown-scheme', offset: 0 }) },
    ]);
  });
});

describe('pidgate --help', () => {
  it('lists the commands and each command has its own help', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const name of ['normalize', 'compare', 'parse', 'group']) expect(stdout).toContain(`  ${name}`);
    const sub = await runCli(['normalize', '--help']);
    expect(sub.stdout).toMatch(/^pidgate normalize/);
  });

  it('lists each command with the name and summary its module declares', async () => {
    const loaded = await loadCommands();
    expect(loaded.map((c) => [c.name, c.summary])).toEqual(commandEntries.map((c) => [c.name, c.summary]));
  });

  it('an unknown command exits 2', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(2);
  });
});

describe('the pidgate binary', () => {
  it('normalize --jobs 2 writes what --jobs 1 writes, in order, on input of many blocks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pidgate-jobs-'));
    const file = join(dir, 'ids.txt');
    const kinds = [
      'ark:/12345/x',
      'URN:EXAMPLE:a%2c',
      'not-an-id',
      '',
      'urn:pwid:archive.org:2016-01-22T10:08:57Z:page:http://a.dk/',
      'ark:/1"\\',
    ];
    const lines = Array.from({ length: 60_000 }, (_, i) => `${kinds[i % kinds.length]}${i}`);
    writeFileSync(file, `${lines.join('\r\n')}\n`);
    const run = (jobs: string) =>
      promisify(execFile)(process.execPath, [bin, 'normalize', '--jobs', jobs, file], {
        maxBuffer: 1 << 28,
        // Workers from the first block on (by default only from 32 MiB of input).
        env: { ...process.env, PIDGATE_WORKER_MIN_BYTES: '0' },
      });
    const [one, two] = await Promise.all([run('1'), run('2')]);
    expect(two.stdout).toBe(one.stdout);
    const out = jsonLines(two.stdout) as { input: string }[];
    expect(out.map((r) => r.input)).toEqual(lines);
  });

  it('--jobs must be a whole number from 1', async () => {
    expect((await runCli(['normalize', '--jobs', '0'], 'x\n')).code).toBe(2);
    expect((await runCli(['normalize', '--jobs', 'two'], 'x\n')).stderr).toContain('--jobs');
  });

  it('streams 2 M lines with flat memory: peak RSS grows far less than the input', { timeout: 120_000 }, async () => {
    // The 1.5 M lines between the two runs are 36 MB of input (72 MB as JavaScript strings) and 140 MB of
    // output: a CLI that held either would grow its peak RSS by that much; a streaming one stays within a
    // few MB of the smaller run (past 0.5 M lines the heap has grown to its working size).
    const small = await peakRss(500_000);
    const large = await peakRss(2_000_000);
    expect(small.lines).toBe(500_000);
    expect(large.lines).toBe(2_000_000);
    expect(large.lastLine).toContain('"normalized":"urn:example:a%2C1999999"');
    const growthMb = (large.maxRssKb - small.maxRssKb) / 1024;
    expect(growthMb, `peak RSS ${small.maxRssKb} KB for 0.5 M lines, ${large.maxRssKb} KB for 2 M`).toBeLessThan(24);
  });

  it('runs from a real process, reading standard input', async () => {
    const child = promisify(execFile)(process.execPath, [bin, 'normalize']);
    child.child.stdin?.end('URN:EXAMPLE:a123%2cz456?+x\nnot-an-id\n');
    const { stdout } = await child;
    const lines = jsonLines(stdout);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ ok: true, normalized: 'urn:example:a123%2Cz456' });
    expect(lines[1]).toMatchObject({ ok: false, error: { code: 'unknown-scheme' } });
  });
});
