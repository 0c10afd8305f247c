import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeText,
  encodingOf,
  type LineItem,
  LineSplitter,
  type SplitOptions,
  splitLines,
  streamLines,
} from './lines.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

async function* chunks<T>(pieces: readonly T[]): AsyncGenerator<T> {
  for (const p of pieces) yield p;
}

/** Every item of a stream, with the line number each batch gave it. */
async function streamed(pieces: readonly Uint8Array[], options: SplitOptions = {}): Promise<[number, LineItem][]> {
  const out: [number, LineItem][] = [];
  for await (const batch of streamLines(chunks(pieces), options)) {
    for (const [k, item] of batch.items.entries()) out.push([batch.first + k, item]);
  }
  return out;
}

/** `bytes` cut at the given offsets. */
function cut(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const points = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const p of points) {
    out.push(bytes.subarray(last, p));
    last = p;
  }
  out.push(bytes.subarray(last));
  return out;
}

describe('splitLines', () => {
  it.each([
    ['', 'crlf', []],
    ['a', 'crlf', ['a']],
    ['a\n', 'crlf', ['a']],
    ['a\n\n', 'crlf', ['a', '']],
    ['a\r\nb\r\n', 'crlf', ['a', 'b']],
    ['a\rb\n', 'crlf', ['a\rb']], // a lone CR stays in the line, as the CLI reads it
    ['a\r', 'crlf', ['a']],
    ['a\r\nb', 'lf', ['a\r', 'b']],
    ['a\rb\r\nc\nd', 'any', ['a', 'b', 'c', 'd']],
    ['a\r\r\nb', 'any', ['a', '', 'b']],
    ['\n', 'any', ['']],
  ] as const)('%j (%s) → %j', (text, lineEnds, expected) => {
    expect(splitLines(text, { lineEnds })).toEqual(expected);
  });

  it('reports a line longer than the maximum in its place, with its number, and reads on', () => {
    expect(splitLines('ab\nabcdef\r\nabc\n', { maxLineLength: 3, keep: 2 })).toEqual([
      'ab',
      { code: 'line-too-long', line: 2, head: 'ab', length: 6 },
      'abc',
    ]);
    expect(splitLines('abcd', { maxLineLength: 3 })).toEqual([
      { code: 'line-too-long', line: 1, head: 'abcd', length: 4 },
    ]);
  });
});

describe('LineSplitter', () => {
  it('holds no more than the maximum line length (+1) of an over-long line, however long it runs', () => {
    const splitter = new LineSplitter({ maxLineLength: 10 });
    const out: LineItem[] = [];
    out.push(...splitter.push('ok\n'));
    for (let k = 0; k < 10_000; k++) out.push(...splitter.push('x'.repeat(100)));
    expect(out).toEqual(['ok']);
    out.push(...splitter.push('y\nnext\n'), ...splitter.end());
    expect(out).toEqual(['ok', { code: 'line-too-long', line: 2, head: 'x'.repeat(64), length: 1_000_001 }, 'next']);
  });

  it('joins a CRLF split between two pieces (any)', () => {
    const splitter = new LineSplitter({ lineEnds: 'any' });
    const out = [...splitter.push('a\r'), ...splitter.push('\nb\r'), ...splitter.push('c'), ...splitter.end()];
    expect(out).toEqual(['a', 'b', 'c']);
  });
});

describe('decodeText', () => {
  it.each([
    [[0xef, 0xbb, 0xbf, 0x61], 'a'],
    [[0xff, 0xfe, 0x61, 0x00, 0xe9, 0x00], 'aé'],
    [[0xfe, 0xff, 0x00, 0x61, 0x00, 0xe9], 'aé'],
    [[0x61, 0xff, 0x62], 'a\ufffdb'],
    [[0x61], 'a'],
  ])('%j → %j, whatever the chunking', async (bytes, expected) => {
    for (let size = 1; size <= bytes.length; size++) {
      const pieces: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(Uint8Array.from(bytes.slice(i, i + size)));
      let text = '';
      for await (const t of decodeText(chunks(pieces))) text += t;
      expect(text).toBe(expected);
    }
  });

  it('names the encoding by the byte-order mark', () => {
    expect(encodingOf(Uint8Array.of(0xff, 0xfe))).toBe('utf-16le');
    expect(encodingOf(Uint8Array.of(0xfe, 0xff))).toBe('utf-16be');
    expect(encodingOf(Uint8Array.of(0xef, 0xbb, 0xbf))).toBe('utf-8');
    expect(encodingOf(Uint8Array.of())).toBe('utf-8');
  });

  it('drops a leading U+FEFF from text already decoded', async () => {
    let text = '';
    for await (const t of decodeText(chunks(['\ufeffa', '\ufeffb']))) text += t;
    expect(text).toBe('a\ufeffb');
  });
});

describe('streamLines', () => {
  it('numbers lines across batches and reads UTF-16 by its mark', async () => {
    const le = Uint8Array.from([0xff, 0xfe, ...[...'a\r\nb\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await streamed(cut(le, [3, 5]))).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  const text = fc
    .array(fc.constantFrom('a', 'é', '😀', '\n', '\r', '\r\n', ' ', '\ufeff', 'xxxxxxxx'), { maxLength: 60 })
    .map((a) => a.join(''));
  const options = fc.record({
    lineEnds: fc.constantFrom('lf' as const, 'crlf' as const, 'any' as const),
    maxLineLength: fc.constantFrom(undefined, 0, 3, 10),
  });

  it('gives, on any chunking of the bytes, the lines of the whole text', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 8 }), options, async (s, at, opts) => {
        const whole = splitLines(s.charCodeAt(0) === 0xfeff ? s.slice(1) : s, opts).map((item, k) => [k + 1, item]);
        expect(await streamed(cut(utf8(s), at), opts)).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the order and count of lines: joining them gives the text back (lf, no limit)', () => {
    fc.assert(
      fc.property(text, (s) => {
        const lines = splitLines(s, { lineEnds: 'lf' });
        const joined = lines.join('\n');
        expect(s.endsWith('\n') ? `${joined}\n` : joined).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });
});
