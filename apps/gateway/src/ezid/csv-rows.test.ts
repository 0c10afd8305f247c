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

  it('reports a row longer than the limit at its line, and reads the rows after it', async () => {
    const big = `2,"${'x'.repeat(MAX_CSV_RECORD + 10)}\n${'y'.repeat(5)}"\n`;
    const out = await rows(`a,b\n1,x\n${big}3,y\n4,z\n`, 1 << 16);
    expect(out).toEqual([
      '1 ["a","b"]',
      '2 ["1","x"]',
      `3 line-too-long: the row is ${MAX_CSV_RECORD + 20} characters long, more than --max-line-length (${MAX_CSV_RECORD}): it was not read (is a closing quote missing?)`,
      '5 ["3","y"]',
      '6 ["4","z"]',
    ]);
  });

  it('takes the maximum it is given', async () => {
    const out: CsvRow[] = [];
    for await (const r of readCsvRows(chunks('a\nbbbbbbbbbb\nc\n', 3), 5)) out.push(r);
    expect(out.map((r) => (r.ok ? r.cells[0] : `${r.line} ${r.code}`))).toEqual(['a', '2 line-too-long', 'c']);
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
