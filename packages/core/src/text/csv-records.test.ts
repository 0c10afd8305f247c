import { describe, expect, it } from 'vitest';
import { type CsvPiece, CsvRecordSplitter, type CsvRecordStats } from './csv-records.ts';

/** Everything the splitter gives for `text` fed in `size`-character chunks. */
function split(text: string, max: number, size = text.length || 1): CsvPiece[] {
  const s = new CsvRecordSplitter(max);
  const out: CsvPiece[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...s.push(text.slice(i, i + size)));
  out.push(...s.end());
  // Adjacent text pieces joined: the chunking is not what is asserted.
  const joined: CsvPiece[] = [];
  for (const p of out) {
    const last = joined[joined.length - 1];
    if (typeof p === 'string' && typeof last === 'string') joined[joined.length - 1] = last + p;
    else joined.push(p);
  }
  return joined;
}

const tooLong = (line: number, length: number, breaks = 0) => ({ code: 'line-too-long', line, length, breaks });

describe('CsvRecordSplitter', () => {
  it('passes records within the maximum through unchanged, in any chunking', () => {
    const text = 'a,b\r\n"x\ny",2\n"q""q",3\nlast';
    for (const size of [1, 2, 3, 7, 100]) expect(split(text, 10, size)).toEqual([text]);
  });

  it('cuts out a record over the maximum, with the line it starts on, and keeps the rest', () => {
    const text = 'a,1\nbbbbbbbbbbbb,2\nc,3\n';
    for (const size of [1, 3, 5, 100]) {
      expect(split(text, 10, size)).toEqual(['a,1\n', tooLong(2, 14), 'c,3\n']);
    }
  });

  it('counts a quoted line break as part of the record, and reports it at the line it starts on', () => {
    const text = 'h\n"aaaa\nbbbb\ncccc",x\nnext\n';
    for (const size of [1, 4, 100]) {
      expect(split(text, 8, size)).toEqual(['h\n', tooLong(2, 18, 2), 'next\n']);
    }
  });

  it('does not count the CR of a CRLF, and a record exactly at the maximum is kept', () => {
    expect(split('abcde\r\nabcdef\r\n', 5, 1)).toEqual(['abcde\r\n', tooLong(2, 6)]);
    expect(split('abcde\r\nabcdef\r\n', 5, 100)).toEqual(['abcde\r\n', tooLong(2, 6)]);
  });

  it('a `"` inside an unquoted field is part of it and opens nothing', () => {
    expect(split('https://example.org/5"floppy,1\nb,2\n', 40, 3)).toEqual(['https://example.org/5"floppy,1\nb,2\n']);
  });

  it('a quote never closed runs to the end of the text, reported once', () => {
    expect(split('a\n"open,1\nb,2\nc,3\n', 6, 2)).toEqual(['a\n', tooLong(2, 16, 3)]);
  });

  it('a last record with no line end, over the maximum, is reported', () => {
    expect(split('a\nbbbbbbbb', 4, 3)).toEqual(['a\n', tooLong(2, 8)]);
  });
});

describe('a 120 MB record inside a large stream', () => {
  it('is reported at its line, every other record kept, and never more than the maximum and a chunk held', () => {
    const chunk = 1 << 16;
    const max = 1 << 20;
    const stats: CsvRecordStats = { maxHeld: 0 };
    const splitter = new CsvRecordSplitter(max, ',', stats);
    const before = 'row,1\n'.repeat(200_000); // 1.2 MB, lines 1..200000
    const after = 'row,2\n'.repeat(200_000);
    const out: CsvPiece[] = [];
    const feed = (text: string) => {
      for (let i = 0; i < text.length; i += chunk) out.push(...splitter.push(text.slice(i, i + chunk)));
    };
    feed(before);
    const long = 120 * (1 << 20);
    const piece = `"${'z'.repeat(chunk - 1)}`; // a quoted field, opened once
    out.push(...splitter.push(piece));
    const filler = 'z,\n'.repeat(Math.ceil(chunk / 3)).slice(0, chunk); // commas and breaks inside the quotes
    let fed = piece.length;
    while (fed + chunk <= long - 3) {
      out.push(...splitter.push(filler));
      fed += chunk;
    }
    const closing = `${'z'.repeat(long - 3 - fed)}",x\n`;
    out.push(...splitter.push(closing));
    fed += closing.length - 1;
    feed(after);
    out.push(...splitter.end());

    const errors = out.filter((p) => typeof p !== 'string');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'line-too-long', line: 200_001, length: fed });
    const kept = out.filter((p): p is string => typeof p === 'string').join('');
    expect(kept).toBe(before + after);
    expect(stats.maxHeld).toBeLessThanOrEqual(max + 1 + chunk);
  });
});
