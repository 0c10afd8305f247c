import { describe, expect, it } from 'vitest';
import { recordLine } from './normalize-block.ts';
import { jsonLines, runCli } from './testing.ts';

/** An ISBN-13 of its elements, the check digit computed here (ISO 2108: weights 1 and 3, mod 10). */
function isbn13(...elements: string[]): { digits: string; hyphenated: string } {
  const twelve = elements.join('');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  const check = String((10 - (sum % 10)) % 10);
  return { digits: twelve + check, hyphenated: `${elements.join('-')}-${check}` };
}

// 979-8 (United States): 030-034 is its first allocated registrant range, so 979-8-00… is in none
const unallocated = isbn13('979', '8', '00000000');
// 978-3 (German language): 04-19 are two-digit registrants
const german = isbn13('978', '3', '16', '148410');

describe('pidgate normalize --isbn-hyphens', () => {
  const input = `0-395-36341-1\n${german.digits}\nurn:isbn:${german.digits}\n${unallocated.digits}\ndoi:10.1000/182\nnope\n`;

  it('adds the hyphenated ISBN-13 to ISBN records, in text output', async () => {
    const { code, stdout } = await runCli(['normalize', '--isbn-hyphens'], input);
    expect(code).toBe(0);
    const lines = jsonLines(stdout) as Record<string, unknown>[];
    expect(lines.map((l) => l.hyphenated)).toEqual([
      isbn13('978', '0', '395', '36341').hyphenated,
      german.hyphenated,
      german.hyphenated,
      null,
      undefined,
      undefined,
    ]);
    // the line is JSON.stringify's, field by field
    expect(stdout.split('\n')[1]).toBe(
      JSON.stringify({
        input: german.digits,
        ok: true,
        scheme: 'isbn',
        normalized: `urn:isbn:${german.digits}`,
        url: `https://openlibrary.org/isbn/${german.digits}`,
        hyphenated: german.hyphenated,
      }),
    );
    // an ISBN in no allocated range: no hyphenated form, and a warning (the last field)
    expect(Object.keys(lines[3] as object)).toEqual([
      'input',
      'ok',
      'scheme',
      'normalized',
      'url',
      'hyphenated',
      'warnings',
    ]);
    expect((lines[3] as { warnings: { code: string }[] }).warnings.map((w) => w.code)).toEqual([
      'isbn-unallocated-range',
    ]);
  });

  it('leaves the output as it was without the option', async () => {
    const { stdout } = await runCli(['normalize'], input);
    expect(stdout).not.toContain('hyphenated');
  });

  it('adds a hyphenated column to tables', async () => {
    const csv = `isbn\n${german.digits}\n${unallocated.digits}\nnope\n`;
    const { code, stdout } = await runCli(['normalize', '--format', 'csv', '--column', 'isbn', '--isbn-hyphens'], csv);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe('\ufeffisbn,scheme,normalized,url,error_code,error_message,warnings,hyphenated');
    expect(stdout.split('\n')[1]).toBe(
      `${german.digits},isbn,urn:isbn:${german.digits},https://openlibrary.org/isbn/${german.digits},,,,${german.hyphenated}`,
    );
    // the unallocated ISBN: its warning's code, no hyphenated form
    expect(stdout.split('\n')[2]?.endsWith(',isbn-unallocated-range,')).toBe(true);
  });

  it('writes what recordLine writes', () => {
    const r = { input: 'x', ok: true as const, scheme: 'isbn', normalized: 'urn:isbn:x' };
    expect(recordLine(r, null)).toBe(JSON.stringify({ ...r, hyphenated: null }));
    expect(recordLine(r)).toBe(JSON.stringify(r));
  });
});

describe('pidgate parse prints warnings', () => {
  it('of an ISBN in an unallocated range', async () => {
    const { code, stdout } = await runCli(['parse', unallocated.digits]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).warnings.map((w: { code: string }) => w.code)).toEqual(['isbn-unallocated-range']);
  });
  it('of Unicode dashes read as hyphens', async () => {
    const { stdout } = await runCli(['parse', 'ISBN\u00a0978\u20130\u2013395\u201336341\u20136']);
    expect(JSON.parse(stdout)).toMatchObject({
      normalized: 'urn:isbn:9780395363416',
      warnings: [{ code: 'isbn-unicode-separator' }],
    });
  });
});
