import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, runCli } from './testing.ts';

/** An ISBN-13 of its first twelve digits, the check digit computed here (ISO 2108: weights 1 and 3, mod 10). */
function isbn13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

// 979-8 (United States): its first allocated registrant range is 030-034, so 979-8-00… is in none
const UNALLOCATED = isbn13('979800000000');
// 978-0-395-36341-6 with U+2010 HYPHEN between its elements, as copied from a catalogue page
const DASHED = '978\u20100\u2010395\u201036341\u20106';

function dirWith(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-warnings-'));
  writeFileSync(join(dir, name), content, 'utf8');
  return dir;
}

describe('pidgate normalize shows warnings', () => {
  it('in JSON lines: a last "warnings" field with codes and messages, none where there are none', async () => {
    const dir = dirWith('list.txt', `${DASHED}\n${UNALLOCATED}\n10.1000/182\nurn:xyzzy:abc\nnope\n`);
    const { code, stdout } = await runCli(['normalize', 'list.txt'], '', { cwd: dir });
    expect(code).toBe(0);
    const lines = jsonLines(stdout) as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({ ok: true, scheme: 'isbn', normalized: 'urn:isbn:9780395363416' });
    expect(lines.map((l) => (l.warnings as { code: string }[] | undefined)?.map((w) => w.code))).toEqual([
      ['isbn-unicode-separator'],
      ['isbn-unallocated-range'],
      undefined,
      // a URN of a namespace IANA has not registered: its warning shows too
      ['nid-unregistered'],
      undefined,
    ]);
    for (const line of lines.slice(0, 2)) {
      expect(Object.keys(line).at(-1)).toBe('warnings');
      const [warning] = line.warnings as { code: string; message: string }[];
      expect(Object.keys(warning as object)).toEqual(['code', 'message']);
      expect(warning?.message).not.toBe('');
    }
    expect(JSON.stringify(lines[0]?.warnings)).toContain('U+2010 read as');
    // no warnings: no field at all, not an empty list
    expect(stdout.split('\n')[2]).not.toContain('warnings');
  });

  it('in the same bytes with worker threads and with --unique', async () => {
    const list = `${`${DASHED}\n${UNALLOCATED}\n10.1000/182\n`.repeat(8000)}`;
    const dir = dirWith('list.txt', list);
    const single = await runCli(['normalize', '--jobs', '1', 'list.txt'], '', { cwd: dir });
    const threads = await runCli(['normalize', '--jobs', '3', 'list.txt'], '', {
      cwd: dir,
      env: { PIDGATE_WORKER_MIN_BYTES: '1' },
    });
    expect(threads.stdout).toBe(single.stdout);
    expect(single.stdout.split('\n').filter((l) => l.includes('"warnings"'))).toHaveLength(16000);
    const unique = jsonLines((await runCli(['normalize', '--unique', 'list.txt'], '', { cwd: dir })).stdout);
    expect(unique.map((r) => Object.keys(r as object).slice(-2))).toEqual([
      ['warnings', 'count'],
      ['warnings', 'count'],
      ['url', 'count'],
    ]);
  });

  it('in a CSV: a warnings column (codes separated by spaces) after error_message', async () => {
    const dir = dirWith('books.csv', `Title,ISBN\nDashed,${DASHED}\nUnallocated,${UNALLOCATED}\nPlain,10.1000/182\n`);
    const { code, stdout } = await runCli(['normalize', '--format', 'csv', 'books.csv'], '', { cwd: dir });
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      '\ufeffTitle,ISBN,scheme,normalized,url,error_code,error_message,warnings',
      `Dashed,${DASHED},isbn,urn:isbn:9780395363416,https://openlibrary.org/isbn/9780395363416,,,isbn-unicode-separator`,
      `Unallocated,${UNALLOCATED},isbn,urn:isbn:${UNALLOCATED},https://openlibrary.org/isbn/${UNALLOCATED},,,isbn-unallocated-range`,
      'Plain,10.1000/182,doi,doi:10.1000/182,https://doi.org/10.1000/182,,,',
      '',
    ]);
  });

  it('in NDJSON: a "warnings" field of codes (null where there are none)', async () => {
    const input = `{"id":${JSON.stringify(DASHED)}}\n{"id":"10.1000/182"}\n`;
    const { stdout } = await runCli(['normalize', '--format', 'ndjson', '--column', 'id'], input);
    expect((jsonLines(stdout) as { warnings: unknown }[]).map((r) => r.warnings)).toEqual([
      'isbn-unicode-separator',
      null,
    ]);
  });
});

describe('pidgate group shows warnings as normalize does', () => {
  it('in JSON lines: a member read with warnings has a last "warnings" field, the others none', async () => {
    const dir = dirWith('list.txt', `${DASHED}\n978-0-395-36341-6\n${UNALLOCATED}\nurn:xyzzy:abc\n10.1000/182\nnope\n`);
    const { code, stdout } = await runCli(['group', 'list.txt'], '', { cwd: dir });
    expect(code).toBe(0);
    const lines = jsonLines(stdout) as { normalized?: string; members?: Record<string, unknown>[] }[];
    // the dashed ISBN and the hyphenated one are one class; only the dashed one has a warning
    expect(lines[0]?.normalized).toBe('urn:isbn:9780395363416');
    expect(lines[0]?.members?.map((m) => Object.keys(m))).toEqual([
      ['line', 'input', 'warnings'],
      ['line', 'input'],
    ]);
    const codes = (m: Record<string, unknown> | undefined) =>
      (m?.warnings as { code: string }[] | undefined)?.map((w) => w.code);
    expect(codes(lines[0]?.members?.[0])).toEqual(['isbn-unicode-separator']);
    expect(JSON.stringify(lines[0]?.members?.[0]?.warnings)).toContain('U+2010 read as');
    expect(codes(lines[1]?.members?.[0])).toEqual(['isbn-unallocated-range']);
    expect(codes(lines[2]?.members?.[0])).toEqual(['nid-unregistered']);
    expect(lines[3]?.members?.[0]).toEqual({ line: 5, input: '10.1000/182' });
    // a line that fails: as before, no warnings
    expect(lines[4]).toMatchObject({ line: 6, input: 'nope', error: { code: 'unknown-scheme' } });
    // the same warning text as normalize's
    const normalized = jsonLines((await runCli(['normalize', 'list.txt'], '', { cwd: dir })).stdout) as {
      warnings?: unknown;
    }[];
    expect(lines[0]?.members?.[0]?.warnings).toEqual(normalized[0]?.warnings);
  });

  it('with --level standard too (an ISBN-10 and its ISBN-13 in one class, each with its own warnings)', async () => {
    const dir = dirWith('list.txt', `0\u2010395\u201036341\u20101\n${DASHED}\n`);
    const { stdout } = await runCli(['group', '--level', 'standard', 'list.txt'], '', { cwd: dir });
    const [group] = jsonLines(stdout) as { members: { warnings?: { code: string }[] }[] }[];
    expect(group?.members.map((m) => m.warnings?.map((w) => w.code))).toEqual([
      ['isbn-unicode-separator'],
      ['isbn-unicode-separator'],
    ]);
  });

  it('in a CSV: a warnings column (codes separated by spaces) after error_message, as normalize writes it', async () => {
    const dir = dirWith(
      'books.csv',
      `Title,ISBN\nDashed,${DASHED}\nUnallocated,${UNALLOCATED}\nPlain,10.1000/182\nAgain,978-0-395-36341-6\nBad,nope\n`,
    );
    const { code, stdout } = await runCli(['group', '--format', 'csv', 'books.csv'], '', { cwd: dir });
    expect(code).toBe(0);
    const bad = (jsonLines((await runCli(['normalize'], 'nope\n')).stdout)[0] as { error: { message: string } }).error
      .message;
    expect(stdout.split('\n')).toEqual([
      '\ufeffTitle,ISBN,scheme,normalized,url,group,error_code,error_message,warnings',
      `Dashed,${DASHED},isbn,urn:isbn:9780395363416,https://openlibrary.org/isbn/9780395363416,1,,,isbn-unicode-separator`,
      `Unallocated,${UNALLOCATED},isbn,urn:isbn:${UNALLOCATED},https://openlibrary.org/isbn/${UNALLOCATED},2,,,isbn-unallocated-range`,
      'Plain,10.1000/182,doi,doi:10.1000/182,https://doi.org/10.1000/182,3,,,',
      'Again,978-0-395-36341-6,isbn,urn:isbn:9780395363416,https://openlibrary.org/isbn/9780395363416,1,,,',
      `Bad,nope,,,,,unknown-scheme,"${bad}",`,
      '',
    ]);
  });

  it('in NDJSON: a "warnings" field of codes (null where there are none)', async () => {
    const input = `{"id":${JSON.stringify(DASHED)}}\n{"id":"10.1000/182"}\n`;
    const { stdout } = await runCli(['group', '--format', 'ndjson', '--column', 'id'], input);
    expect((jsonLines(stdout) as { warnings: unknown; group: unknown }[]).map((r) => [r.group, r.warnings])).toEqual([
      [1, 'isbn-unicode-separator'],
      [2, null],
    ]);
  });
});
