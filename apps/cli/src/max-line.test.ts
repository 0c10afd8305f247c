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

  it('normalize, csv and tsv: an error row at the line of the long row, the rows after it read on', async () => {
    for (const [format, sep] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      // The long row holds quoted line breaks: the rows after it keep their own line numbers.
      const input = `id${sep}n\nark:/99999/fk4a${sep}1\n"${long}\n${long}"${sep}2\nark:/99999/fk4b${sep}3\n`;
      const run = await runCli(['normalize', '-f', format, '--header', '--max-line-length', '100'], input);
      expect(run.code).toBe(0);
      expect(run.stdout.startsWith('\ufeff')).toBe(true); // csv and tsv output has a byte-order mark
      const rows = run.stdout
        .slice(1)
        .trimEnd()
        .split('\n')
        .map((l) => l.split(sep));
      expect(rows[0]?.slice(0, 2)).toEqual(['id', 'n']);
      expect(rows).toHaveLength(4);
      expect(rows[1]?.slice(0, 2)).toEqual(['ark:/99999/fk4a', '1']);
      expect(rows[2]?.slice(0, 2)).toEqual(['', '']);
      expect(rows[2]).toContain('line-too-long');
      expect(rows[2]?.join(sep)).toMatch(
        /line 3: the line is 10027 characters long, more than --max-line-length \(100\)/,
      );
      expect(rows[3]?.slice(0, 2)).toEqual(['ark:/99999/fk4b', '3']);
    }
  });

  it('group, csv: the long row is an error row, the rows after it grouped', async () => {
    const input = `ark:/99999/fk4a\n"${long}"\nark:/99999/fk4a\n`;
    const run = await runCli(['group', '-f', 'csv', '--max-line-length', '100'], input);
    expect(run.code).toBe(0);
    const rows = run.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('line-too-long');
    expect(rows[2]).toContain('ark:/99999/fk4a');
  });

  it('refuses a --max-line-length that is not a whole number from 1', async () => {
    for (const bad of ['0', '1.5', 'big', '99999999999']) {
      const run = await runCli(['normalize', '--max-line-length', bad], 'x\n');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--max-line-length must be a whole number');
    }
  });
});
