import { describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../testing.ts';

// Issue 11: URN namespaces and the two levels of equivalence, through compare and group.
describe('pidgate compare with URN namespaces', () => {
  it.each([
    [['urn:isbn:0-395-36341-1', 'urn:isbn:0395363411'], 0, ['urn:isbn:0395363411', 'urn:isbn:0395363411']],
    [
      ['urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6', 'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6'],
      0,
      ['urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6'],
    ],
    [['urn:isbn:0-395-36341-1', 'urn:isbn:978-0-395-36341-6'], 1, ['urn:isbn:0395363411', 'urn:isbn:9780395363416']],
  ])('%j exits %i (lexical)', async (ids, exit, normalized) => {
    const { code, stdout } = await runCli(['compare', ...ids]);
    expect(code).toBe(exit);
    expect(jsonLines(stdout)[0]).toMatchObject({ normalized });
  });

  it('--level standard: an ISBN-10 equals its ISBN-13', async () => {
    const { code, stdout } = await runCli([
      'compare',
      '--level',
      'standard',
      'urn:isbn:0-395-36341-1',
      'URN:ISBN:978-0-395-36341-6',
    ]);
    expect(code).toBe(0);
    expect(jsonLines(stdout)[0]).toEqual({
      equivalent: true,
      normalized: ['urn:isbn:9780395363416', 'urn:isbn:9780395363416'],
    });
  });

  it('refuses a bad check digit', async () => {
    const { code, stdout } = await runCli(['compare', 'urn:isbn:0395363412', 'urn:isbn:0395363411']);
    expect(code).toBe(2);
    expect(jsonLines(stdout)[0]).toMatchObject({ errors: [{ error: { code: 'isbn-check-digit' } }] });
  });

  it('refuses an unknown level', async () => {
    const { code, stderr } = await runCli(['compare', '--level', 'loose', 'urn:example:a', 'urn:example:a']);
    expect(code).toBe(2);
    expect(stderr).toContain('--level');
  });
});

describe('pidgate group --level', () => {
  const input = 'urn:isbn:0-395-36341-1\nurn:isbn:9780395363416\nurn:isbn:0395363411\n';

  it('lexical (default) keeps the ISBN-10 and the ISBN-13 apart', async () => {
    const { code, stdout } = await runCli(['group'], input);
    expect(code).toBe(0);
    expect(jsonLines(stdout).map((g) => (g as { normalized: string }).normalized)).toEqual([
      'urn:isbn:0395363411',
      'urn:isbn:9780395363416',
    ]);
  });

  it('standard puts them in one class', async () => {
    const { code, stdout } = await runCli(['group', '--level', 'standard'], input);
    expect(code).toBe(0);
    expect(jsonLines(stdout)).toEqual([
      {
        normalized: 'urn:isbn:9780395363416',
        members: [
          { line: 1, input: 'urn:isbn:0-395-36341-1' },
          { line: 2, input: 'urn:isbn:9780395363416' },
          { line: 3, input: 'urn:isbn:0395363411' },
        ],
      },
    ]);
  });

  it('standard in table mode numbers the classes by the standard key', async () => {
    const { code, stdout } = await runCli(['group', '--level', 'standard', '--format', 'csv', '--no-header'], input);
    expect(code).toBe(0);
    const groups = stdout
      .trim()
      .split(/\r?\n/)
      .map((row) => row.split(',')[4]);

    expect(groups).toEqual(['1', '1', '1']);
  });
});
