import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { byteBlocks } from './lines.ts';

async function blocks(chunks: (string | Buffer)[], minBytes = 4): Promise<string[]> {
  const out: string[] = [];
  for await (const b of byteBlocks(Readable.from(chunks, { objectMode: true }), undefined, minBytes)) {
    out.push(b.toString('utf8'));
  }
  return out;
}

describe('byteBlocks', () => {
  it('cuts only after a newline, so a line (or a UTF-8 character) split over reads stays whole', async () => {
    const euro = Buffer.from('€');
    const got = await blocks([Buffer.from('ab\ncd'), euro.subarray(0, 1), euro.subarray(1), Buffer.from('ef\ngh')]);
    for (const b of got.slice(0, -1)) expect(b.endsWith('\n')).toBe(true);
    expect(got.join('')).toBe('ab\ncd€ef\ngh');
  });

  it('drops a byte-order mark at the start, even split over the first reads, and only there', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect((await blocks([bom.subarray(0, 1), bom.subarray(1), Buffer.from('a\n\ufeffb\n')])).join('')).toBe(
      'a\n\ufeffb\n',
    );
    expect((await blocks([bom])).join('')).toBe('');
    expect((await blocks([Buffer.from('\ufeffx')])).join('')).toBe('x');
  });

  it('keeps the last line without a newline, and gives nothing for empty input', async () => {
    expect((await blocks(['one\ntwo'])).join('')).toBe('one\ntwo');
    expect(await blocks([])).toEqual([]);
  });

  it('holds at least minBytes per block until the stream ends', async () => {
    const got = await blocks(['a\n', 'b\n', 'c\n', 'd\n', 'e'], 4);
    expect(got).toEqual(['a\nb\n', 'c\nd\n', 'e']);
  });
});
