import { describe, expect, it } from 'vitest';
import { jsonLines, runCli } from './testing.ts';

// --max-line-length in every input mode: a longer line is an error row (code line-too-long) in its place,
// and the lines after it are read on. (The memory bound is held by construction in bounded-blocks.test.ts.)
const long = `ark:/99999/${'x'.repeat(5000)}`;

describe('--max-line-length', () => {
  it('normalize, text: one error row in place of the long line, the lines around it normalized', async () => {
    const run = await runCli(
      ['normalize', '--max-line-length', '100'],
      `ark:/99999/fk4a\n${long}\r\nark:/99999/fk4b\n`,
    );
    expect(run.code).toBe(0);
    const rows = jsonLines(run.stdout) as { input: string; ok: boolean; error?: { code: string; message: string } }[];
    expect(rows.map((r) => [r.ok, r.error?.code ?? r.input])).toEqual([
      [true, 'ark:/99999/fk4a'],
      [false, 'line-too-long'],
      [true, 'ark:/99999/fk4b'],
    ]);
    expect(rows[1]?.input).toBe(long.slice(0, 64));
    expect(rows[1]?.error?.message).toContain(`${long.length} bytes long, more than --max-line-length (100)`);
  });

  it('normalize, ndjson: an error row with the added fields, the rows after read on', async () => {
    const input = `{"id":"ark:/99999/fk4a"}\n{"id":"${long}"}\n{"id":"ark:/99999/fk4b"}\n`;
    const run = await runCli(['normalize', '-f', 'ndjson', '-c', 'id', '--max-line-length', '100'], input);
    expect(run.code).toBe(0);
    const rows = jsonLines(run.stdout) as Record<string, unknown>[];
    expect(rows.map((r) => r['error_code'] ?? r['normalized'])).toEqual([
      'ark:/99999/fk4a',
      'line-too-long',
      'ark:/99999/fk4b',
    ]);
    expect(rows[1]).toMatchObject({
      scheme: null,
      normalized: null,
      error_message: expect.stringMatching(/^line 2: /),
    });
  });

  it('group, text: the long line among the failures with its line number, the others grouped', async () => {
    const run = await runCli(['group', '--max-line-length', '100'], `ark:/99999/fk4a\n${long}\nark:/99999/fk4a\n`);
    expect(run.code).toBe(0);
    const out = jsonLines(run.stdout) as { members?: unknown[]; line?: number; error?: { code: string } }[];
    expect(out[0]?.members).toHaveLength(2);
    expect(out[1]).toMatchObject({ line: 2, error: { code: 'line-too-long' } });
  });

  it('normalize, csv: a row over the maximum stops the command with line-too-long and its line', async () => {
    const run = await runCli(
      ['normalize', '-f', 'csv', '--max-line-length', '100'],
      `id\nark:/99999/fk4a\n"${long}"\n`,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/malformed CSV at line 3: line-too-long/);
    expect(run.stdout).toContain('ark:/99999/fk4a');
  });

  it('refuses a --max-line-length that is not a whole number from 1', async () => {
    for (const bad of ['0', '1.5', 'big', '99999999999']) {
      const run = await runCli(['normalize', '--max-line-length', bad], 'x\n');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--max-line-length must be a whole number');
    }
  });
});
