import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Block, type BoundedStats, boundedByteBlocks, isLongLine } from './bounded-blocks.ts';

/** What the blocks say, line by line: each kept line's text, `<too long: N>` for a line not kept. */
async function readAll(chunks: readonly Buffer[], max: number, minBytes = 16): Promise<string[]> {
  const out: string[] = [];
  for await (const b of boundedByteBlocks(Readable.from(chunks, { objectMode: true }), { maxLineBytes: max, minBytes }))
    out.push(...show(b));
  return out;
}
function show(b: Block): string[] {
  if (isLongLine(b)) return [`<too long: ${b.length}>`];
  const text = b.toString('latin1');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => l.replace(/\r$/, ''));
}

/** The same, computed from the whole text at once: the lines, each over `max` replaced. */
function expected(text: string, max: number): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => {
    const line = l.replace(/\r$/, '');
    return line.length > max ? `<too long: ${line.length}>` : line;
  });
}

describe('boundedByteBlocks', () => {
  it('gives every line in order, each over the maximum as a line-too-long item, however the input is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit: fc.constantFrom('a', 'b', '\r'), maxLength: 12 }), fc.constant('')), {
          maxLength: 12,
        }),
        fc.boolean(),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }),
        async (lines, finalLf, max, cuts) => {
          const text = lines.join('\n') + (finalLf && lines.length > 0 ? '\n' : '');
          const bytes = Buffer.from(`xyz${text}`, 'latin1').subarray(3); // no byte-order mark
          const chunks: Buffer[] = [];
          for (let i = 0, k = 0; i < bytes.length; k++) {
            const n = cuts[k % cuts.length] as number;
            chunks.push(bytes.subarray(i, i + n));
            i += n;
          }
          expect(await readAll(chunks, max)).toEqual(expected(text, max));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('drops a UTF-8 byte-order mark split over the first chunks', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(await readAll([bom.subarray(0, 1), Buffer.concat([bom.subarray(1), Buffer.from('ab\ncd')])], 8)).toEqual([
      'ab',
      'cd',
    ]);
  });

  it('a 120 MB line inside a 32 MiB+ stream: reported, every other line kept, never more than a bounded amount held', async () => {
    // Generated as it is read, from one 1 MiB piece reused: nothing the size of the input is ever made.
    const MiB = 1 << 20;
    const line = Buffer.from('ark:/99999/fk4abcdefgh\n'); // 23 bytes
    const lines = Buffer.alloc(MiB - (MiB % line.length));
    for (let i = 0; i < lines.length; i += line.length) line.copy(lines, i);
    const perChunk = lines.length / line.length;
    const x = Buffer.alloc(MiB, 0x78);
    const LONG = 120_000_000;
    function* input(): Generator<Buffer> {
      for (let i = 0; i < 16; i++) yield lines; // ~16 MiB of lines
      yield Buffer.from('ark:/99999/fk4'); // the long line starts after a short head
      let left = LONG - 14;
      while (left > 0) {
        const n = Math.min(left, MiB);
        yield x.subarray(0, n);
        left -= n;
      }
      yield Buffer.from('\n');
      for (let i = 0; i < 17; i++) yield lines; // ~17 MiB more
    }
    const stats: BoundedStats = { maxHeld: 0, chunks: 0 };
    let kept = 0;
    const long: { length: number; head: string; after: number }[] = [];
    for await (const b of boundedByteBlocks(Readable.from(input(), { objectMode: true }), {
      maxLineBytes: MiB,
      minBytes: 1 << 17,
      stats,
    })) {
      if (isLongLine(b)) long.push({ length: b.length, head: b.head.toString(), after: kept });
      else {
        expect(b[b.length - 1]).toBe(0x0a);
        kept += b.length / line.length;
      }
    }
    expect(long).toEqual([{ length: LONG, head: `ark:/99999/fk4${'x'.repeat(50)}`, after: 16 * perChunk }]);
    expect(kept).toBe(33 * perChunk);
    expect(stats.chunks).toBe(16 + 1 + Math.ceil((LONG - 14) / MiB) + 1 + 17);
    // Held at once: at most one block (128 KiB) and one chunk (1 MiB) and one partial line (1 MiB + 1),
    // by construction: a small part of the 150+ MB read.
    expect(stats.maxHeld).toBeLessThanOrEqual((1 << 17) + 2 * MiB + 1 + MiB);
  }, 120_000);
});
