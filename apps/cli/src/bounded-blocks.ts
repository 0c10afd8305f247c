import type { Readable } from 'node:stream';

/**
 * Blocks of whole lines, as bytes, with every line held to a maximum length: `byteBlocks` (lines.ts) with
 * a bound. A line longer than `maxLineBytes` is not kept: in its place, in input order, comes a
 * `LongLine` (its first bytes, its length), and the lines after it are read on. Memory stays bounded
 * whatever the input holds: one block (about `minBytes`), the partial line after it (at most
 * `maxLineBytes`), one chunk of the stream, and the head of a line being skipped. `stats` counts what was
 * held (tests assert the bound on it).
 */

/** A line over the maximum: its first `keep` bytes, and its length in bytes (its line end aside). */
export interface LongLine {
  readonly code: 'line-too-long';
  readonly head: Buffer;
  readonly length: number;
}

export type Block = Buffer | LongLine;

export function isLongLine(block: Block): block is LongLine {
  return !Buffer.isBuffer(block);
}

/** The default maximum line length, in bytes (text) or characters (CSV, NDJSON): 1 MiB. */
export const DEFAULT_MAX_LINE_LENGTH = 1 << 20;

export interface BoundedStats {
  /** The most bytes held at once (pending lines, the partial line, the chunk being read). */
  maxHeld: number;
  /** Chunks read. */
  chunks: number;
}

const LF = 0x0a;
const CR = 0x0d;

interface Skip {
  head: Buffer;
  length: number;
  /** The last byte seen was a CR (the CR of a CRLF is not part of the line). */
  cr: boolean;
}

/** The length of a line `bytes` long up to its LF, its last byte `last`: without a CR before the LF. */
const lineLength = (bytes: number, last: number | undefined) => (last === CR ? bytes - 1 : bytes);

/** The splitter's state for one stream, fed chunk by chunk (`push`), then `end`. */
class BoundedBlocks {
  /** Whole lines (each with its LF) waiting to be given as one block. */
  private whole: Buffer[] = [];
  private wholeBytes = 0;
  /** The start of the line the input has reached (no LF yet). */
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** The line over the maximum being skipped; null when none. */
  private skip: Skip | null = null;

  constructor(
    private readonly max: number,
    private readonly minBytes: number,
    private readonly keep: number,
    private readonly stats: BoundedStats | undefined,
  ) {}

  /** What `buf` completes, in order. */
  push(buf: Buffer): Block[] {
    const out: Block[] = [];
    let pos = 0;
    while (pos < buf.length) pos = this.step(buf, pos, out);
    if (this.stats) this.stats.maxHeld = Math.max(this.stats.maxHeld, this.wholeBytes + this.partialBytes + buf.length);
    return out;
  }

  /** One step from `pos`: a skipped line's end, the partial line's end, or the lines after; the next `pos`. */
  private step(buf: Buffer, pos: number, out: Block[]): number {
    const nl = buf.indexOf(LF, pos);
    if (this.skip) {
      this.grow(this.skip, buf.subarray(pos, nl === -1 ? buf.length : nl));
      if (nl === -1) return buf.length;
      out.push(this.endSkip(this.skip));
      return nl + 1;
    }
    if (nl === -1) {
      this.keepPartial(buf.subarray(pos), out);
      return buf.length;
    }
    // The line ending at `nl` (it began in `partial`, or at `pos`).
    const lastPartial = this.partial[this.partial.length - 1];
    const last = nl > pos ? buf[nl - 1] : lastPartial?.[lastPartial.length - 1];
    if (lineLength(this.partialBytes + nl - pos, last) > this.max) {
      this.flush(out);
      this.startSkip([...this.partial, buf.subarray(pos, nl)]);
      out.push(this.endSkip(this.skip as unknown as Skip));
      return nl + 1;
    }
    for (const p of this.partial) this.whole.push(p);
    this.wholeBytes += this.partialBytes;
    this.partial = [];
    this.partialBytes = 0;
    const end = this.lastWholeLine(buf, nl);
    const lines = buf.subarray(pos, end + 1);
    this.whole.push(lines);
    this.wholeBytes += lines.length;
    if (this.wholeBytes >= this.minBytes) this.flush(out);
    return end + 1;
  }

  /**
   * The LF that ends the lines kept in one go after the line ending at `nl`: the last of `buf` when what
   * follows `nl` is no longer than the maximum (no line in it can be over), else the one before the
   * first line that is over.
   */
  private lastWholeLine(buf: Buffer, nl: number): number {
    if (buf.length - (nl + 1) <= this.max) return buf.lastIndexOf(LF);
    let start = nl + 1;
    for (let k = buf.indexOf(LF, start); k !== -1; k = buf.indexOf(LF, start)) {
      if (lineLength(k - start, buf[k - 1]) > this.max) break;
      start = k + 1;
    }
    return start - 1;
  }

  /** The rest of a chunk, with no LF: kept as the partial line, unless that is now over the maximum. */
  private keepPartial(rest: Buffer, out: Block[]): void {
    this.partial.push(rest);
    this.partialBytes += rest.length;
    const over =
      this.partialBytes > this.max + 1 || (this.partialBytes === this.max + 1 && rest[rest.length - 1] !== CR);
    if (over) {
      this.flush(out);
      this.startSkip(this.partial);
    }
  }

  /** The whole lines waiting, as one block. */
  private flush(out: Block[]): void {
    if (this.wholeBytes === 0) return;
    out.push(this.whole.length === 1 ? (this.whole[0] as Buffer) : Buffer.concat(this.whole, this.wholeBytes));
    this.whole = [];
    this.wholeBytes = 0;
  }

  private startSkip(bytes: Buffer[]): void {
    const all = Buffer.concat(bytes);
    this.skip = { head: Buffer.from(all.subarray(0, this.keep)), length: all.length, cr: all[all.length - 1] === CR };
    this.partial = [];
    this.partialBytes = 0;
  }

  private grow(s: Skip, piece: Buffer): void {
    if (s.head.length < this.keep) s.head = Buffer.concat([s.head, piece.subarray(0, this.keep - s.head.length)]);
    s.length += piece.length;
    if (piece.length > 0) s.cr = piece[piece.length - 1] === CR;
  }

  private endSkip(s: Skip): LongLine {
    this.skip = null;
    return { code: 'line-too-long', head: s.head, length: s.cr ? s.length - 1 : s.length };
  }

  /** The end of the stream: the lines waiting, and the last line when no LF ends it. */
  end(): Block[] {
    const out: Block[] = [];
    this.flush(out);
    if (this.skip) {
      out.push(this.endSkip(this.skip));
      return out;
    }
    if (this.partialBytes === 0) return out;
    const tail = Buffer.concat(this.partial);
    const length = lineLength(tail.length, tail[tail.length - 1]);
    if (length > this.max) out.push({ code: 'line-too-long', head: Buffer.from(tail.subarray(0, this.keep)), length });
    else out.push(tail);
    return out;
  }
}

export async function* boundedByteBlocks(
  stream: Readable | AsyncIterable<Buffer | string>,
  options: {
    readonly maxLineBytes: number;
    readonly minBytes?: number;
    readonly keep?: number;
    readonly onBytes?: (n: number) => void;
    readonly stats?: BoundedStats;
  },
): AsyncGenerator<Block> {
  const blocks = new BoundedBlocks(
    options.maxLineBytes,
    options.minBytes ?? 1 << 18,
    options.keep ?? 64,
    options.stats,
  );
  for await (const buf of withoutBom(stream, options.onBytes, options.stats)) yield* blocks.push(buf);
  yield* blocks.end();
}

/** The chunks of a stream as bytes, a UTF-8 byte-order mark at the start dropped (it may come split). */
async function* withoutBom(
  stream: Readable | AsyncIterable<Buffer | string>,
  onBytes: ((n: number) => void) | undefined,
  stats: BoundedStats | undefined,
): AsyncGenerator<Buffer> {
  let held: Buffer | null = null; // the first bytes, until there are enough to tell a byte-order mark
  let first = true;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    onBytes?.(buf.length);
    if (stats) stats.chunks++;
    if (first) {
      buf = held ? Buffer.concat([held, buf]) : buf;
      held = null;
      if (buf.length < 3) {
        held = buf;
        continue;
      }
      first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    }
    if (buf.length > 0) yield buf;
  }
  if (held && held.length > 0) yield held;
}
