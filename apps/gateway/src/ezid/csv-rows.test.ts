import { describe, expect, it } from 'vitest';
import { type CsvRow, MAX_CSV_RECORD, readCsvRows } from './csv-rows.ts';

async function* chunks(text: string, size = 7): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
async function rows(text: string, size?: number): Promise<string[]> {
  const out: string[] = [];
  for await (const r of readCsvRows(chunks(text, size))) out.push(show(r));
  return out;
}
const show = (r: CsvRow) => (r.ok ? `${r.line} ${JSON.stringify(r.cells)}` : `${r.line} ${r.code}: ${r.detail}`);

describe('readCsvRows', () => {
  it('reads a quote inside an unquoted field as part of it, and text after a closing quote', async () => {
    expect(await rows('ark,url\n1,https://example.org/5"floppy\n2,"a"b\n3,ok\n')).toEqual([
      '1 ["ark","url"]',
      '2 ["1","https://example.org/5\\"floppy"]',
      '3 ["2","\\"a\\"b"]',
      '4 ["3","ok"]',
    ]);
  });

  it('numbers each row by the line it starts on, line breaks inside quotes and CRLF counted', async () => {
    expect(await rows('a,b\r\n1,"two\r\nlines"\r\n\r\n3,x\r\n', 3)).toEqual([
      '1 ["a","b"]',
      '2 ["1","two\\nlines"]',
      '5 ["3","x"]',
    ]);
  });

  it('reports a quote never closed at the line its row starts on, after the rows before it', async () => {
    expect(await rows('a,b\n1,x\n2,"open\n3,y\n')).toEqual([
      '1 ["a","b"]',
      '2 ["1","x"]',
      '3 csv-parse-error: a quoted field is never closed (a `"` is missing): the rest of the file was read as this one field',
    ]);
  });

  it('reports a row longer than the limit, and that reading stopped there', async () => {
    const big = `2,"${'x'.repeat(MAX_CSV_RECORD + 10)}"\n`;
    const out = await rows(`a,b\n1,x\n${big}3,y\n4,z\n`, 1 << 16);
    expect(out[0]).toBe('1 ["a","b"]');
    expect(out[1]).toBe('2 ["1","x"]');
    // csv-parse reads no further after a row over its limit: said, at that line, never silent.
    expect(out.slice(2)).toEqual([
      '3 csv-parse-error: a row runs on for more than 8 MiB (is a closing quote missing?): reading stopped here, the rows after it were not read',
    ]);
  });

  it('reads a 6000-line file with a quote inside an unquoted field at line 5002 whole', async () => {
    const lines = ['ark,url'];
    for (let i = 2; i <= 6000; i++)
      lines.push(i === 5002 ? `${i},https://example.org/5"floppy` : `${i},https://example.org/${i}`);
    const out: CsvRow[] = [];
    for await (const r of readCsvRows(chunks(`${lines.join('\n')}\n`, 4096))) out.push(r);
    expect(out.filter((r) => !r.ok)).toEqual([]);
    expect(out.length).toBe(6000);
    expect(out[5001]).toEqual({ ok: true, line: 5002, cells: ['5002', 'https://example.org/5"floppy'] });
  });
});
