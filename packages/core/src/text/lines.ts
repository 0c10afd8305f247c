/**
 * One line splitter for every reader of line-based input (the CLI's lists, the gateway's bulk bodies, the
 * importers, ANVL): over a whole string (`splitLines`) or over a byte stream as it arrives
 * (`streamLines`), with line numbers, a maximum line length and the text decoded by its byte-order mark.
 * No regular expressions: `indexOf` and char-code loops, linear in the input; memory stays flat.
 */

/**
 * What ends a line:
 * - `crlf` (the default): LF, a CR just before it belonging to the line end (CRLF or LF files; a lone CR
 *   stays in the line, as the CLI has always read it);
 * - `lf`: LF alone, every CR part of the line (a reader that keeps lines exactly as written, as the ANVL
 *   reader does for a round trip);
 * - `any`: CRLF, LF or a lone CR (EZID's ANVL: `\r\n?|\n`).
 */
export type LineEnds = 'lf' | 'crlf' | 'any';

/** A line longer than the maximum: not kept, reported in its place, the lines after it read on. */
export interface LineTooLong {
  readonly code: 'line-too-long';
  /** The line's number (from 1). */
  readonly line: number;
  /** Its first characters (at most `keep`). */
  readonly head: string;
  /** Its length in UTF-16 units, without its line end. */
  readonly length: number;
}

/** One item of a split: a line's text (without its line end), or a line too long to keep. */
export type LineItem = string | LineTooLong;

/** Lines in the order read: `items[k]` is line number `first + k`. */
export interface LineBatch {
  readonly first: number;
  readonly items: LineItem[];
}

export interface SplitOptions {
  readonly lineEnds?: LineEnds;
  /** Lines longer than this (UTF-16 units, line end aside) become `LineTooLong` items. Default: no limit. */
  readonly maxLineLength?: number;
  /** How many characters of an over-long line its item keeps (default 64). */
  readonly keep?: number;
}

const LF = 10;
const CR = 13;

/** True when an item is a line too long to keep rather than a line's text. */
export function isLineTooLong(item: LineItem): item is LineTooLong {
  return typeof item !== 'string';
}

/** The index of the first LF or CR at or after `from`, or -1. */
function findLfOrCr(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) return i;
  }
  return -1;
}

/**
 * The splitter's state for one input, fed text piece by piece (`push`, then `end`), each call returning
 * the lines it completes. A piece may end anywhere, inside a CRLF too. Holds at most one partial line of
 * `maxLineLength` (+1) units: the rest of an over-long line is counted and dropped.
 */
export class LineSplitter {
  private readonly any: boolean;
  private readonly stripCr: boolean;
  private readonly max: number;
  private readonly keep: number;
  private rest = '';
  /** Lines finished so far (the number of the last one). */
  private count = 0;
  /** The length so far of an over-long line being skipped, or -1. */
  private skipped = -1;
  private head = '';
  /** `any`: the last piece ended on a CR, so an LF first in the next piece is the rest of a CRLF. */
  private afterCr = false;
  /** `crlf`: the last piece of an over-long line ended on a CR, not yet known to be part of a CRLF. */
  private crHeld = false;

  constructor(options: SplitOptions = {}) {
    const ends = options.lineEnds ?? 'crlf';
    this.any = ends === 'any';
    this.stripCr = ends !== 'lf';
    this.max = options.maxLineLength ?? Number.POSITIVE_INFINITY;
    this.keep = options.keep ?? 64;
  }

  /** The number the next line will have. */
  get next(): number {
    return this.count + 1;
  }

  /** The lines `piece` completes, in order. */
  push(piece: string): LineItem[] {
    let text = this.rest.length === 0 ? piece : this.rest + piece;
    this.rest = '';
    if (this.afterCr) {
      this.afterCr = false;
      if (text.charCodeAt(0) === LF) text = text.slice(1);
    }
    if (this.crHeld) {
      // The CR that ended the last piece of an over-long line: its line end when an LF follows, else text.
      this.crHeld = false;
      if (text.charCodeAt(0) !== LF) {
        this.grow('\r', 0, 1);
        this.skipped++;
      }
    }
    const lines: LineItem[] = this.any ? this.cutAny(text) : this.cutLf(text);
    this.keepRest(this.rest);
    return lines;
  }

  /** LF line ends: the engine's own split (the hot path of every list reader), then each line checked. */
  private cutLf(text: string): LineItem[] {
    const lines: LineItem[] = text.split('\n');
    this.rest = lines.pop() as string;
    const { stripCr, max } = this;
    for (let k = 0; k < lines.length; k++) {
      let line = lines[k] as string;
      if (stripCr && line.charCodeAt(line.length - 1) === CR) {
        line = line.slice(0, -1);
        lines[k] = line;
      }
      this.count++;
      if (k === 0 && this.skipped >= 0) lines[0] = this.endSkipped(line, 0, line.length);
      else if (line.length > max) lines[k] = this.overlong(line, 0, line.length);
    }
    return lines;
  }

  /** CRLF, CR or LF line ends: a char-code scan. */
  private cutAny(text: string): LineItem[] {
    const lines: LineItem[] = [];
    let start = 0;
    for (let brk = findLfOrCr(text, 0); brk !== -1; brk = findLfOrCr(text, start)) {
      let next = brk + 1;
      if (text.charCodeAt(brk) === CR) {
        if (next === text.length) this.afterCr = true;
        else if (text.charCodeAt(next) === LF) next++;
      }
      this.count++;
      if (this.skipped >= 0) lines.push(this.endSkipped(text, start, brk));
      else if (brk - start > this.max) lines.push(this.overlong(text, start, brk));
      else lines.push(text.slice(start, brk));
      start = next;
    }
    this.rest = start === 0 ? text : text.slice(start);
    return lines;
  }

  /** Keep the partial line `rest`, or only count it when it is (or continues) an over-long line. */
  private keepRest(rest: string): void {
    if (this.skipped < 0 && rest.length <= this.max + 1) return;
    // Longer than any line may be, even with the CR of a CRLF still to come: count it, keep its head.
    this.rest = '';
    if (this.skipped < 0) {
      this.skipped = 0;
      this.head = '';
    }
    let end = rest.length;
    if (this.stripCr && end > 0 && rest.charCodeAt(end - 1) === CR) {
      end--;
      this.crHeld = true;
    }
    this.grow(rest, 0, end);
    this.skipped += end;
  }

  /** The item of the over-long line being skipped, which ends with `text[from..to)`. */
  private endSkipped(text: string, from: number, to: number): LineTooLong {
    this.grow(text, from, to);
    const item = this.tooLong(this.skipped + to - from);
    this.skipped = -1;
    return item;
  }

  /** The item of the over-long line `text[from..to)`. */
  private overlong(text: string, from: number, to: number): LineTooLong {
    this.head = text.slice(from, Math.min(to, from + this.keep));
    return this.tooLong(to - from);
  }

  /** The end of the input: its last line, when it does not end in a line end. */
  end(): LineItem[] {
    this.crHeld = false; // a CR at the very end is dropped, as after any last line
    if (this.skipped >= 0) {
      this.count++;
      const item = this.tooLong(this.skipped);
      this.skipped = -1;
      return [item];
    }
    let line = this.rest;
    this.rest = '';
    if (line.length === 0) return [];
    if (this.stripCr && line.charCodeAt(line.length - 1) === CR) line = line.slice(0, -1);
    this.count++;
    return [line.length > this.max ? this.overlong(line, 0, line.length) : line];
  }

  /** Complete the kept head of an over-long line from `text[from..to)`. */
  private grow(text: string, from: number, to: number): void {
    if (this.head.length < this.keep) this.head += text.slice(from, Math.min(to, from + this.keep - this.head.length));
  }

  private tooLong(length: number): LineTooLong {
    const item: LineTooLong = { code: 'line-too-long', line: this.count, head: this.head, length };
    this.head = '';
    return item;
  }
}

/**
 * The lines of a whole text. A final line end ends the last line (it does not start an empty one);
 * an empty text has no lines.
 */
export function splitLines(text: string, options: SplitOptions = {}): LineItem[] {
  const splitter = new LineSplitter(options);
  const lines = splitter.push(text);
  for (const item of splitter.end()) lines.push(item);
  return lines;
}

/** A text encoding a byte-order mark announces. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding a byte-order mark at the start of `head` announces: UTF-16 by its mark, else UTF-8. */
export function encodingOf(head: Uint8Array): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * The text of a byte stream, piece by piece as it arrives: UTF-16 (little or big endian) when it starts
 * with that byte-order mark (Excel's "Unicode Text", PowerShell's `>`), else UTF-8; the mark dropped;
 * a byte sequence that is not text in that encoding becomes U+FFFD. Pieces already decoded (a stream in
 * string mode) pass through, a leading U+FEFF dropped. `onBytes` counts the bytes read.
 */
export async function* decodeText(
  source: AsyncIterable<Uint8Array | string>,
  onBytes?: (n: number) => void,
): AsyncGenerator<string> {
  let decoder: Utf8Pieces | InstanceType<typeof TextDecoder> | null = null;
  let held: Uint8Array | null = null; // a first piece too short to hold a UTF-16 mark
  let first = true;
  for await (const piece of source) {
    if (typeof piece === 'string') {
      onBytes?.(piece.length);
      const text = first && piece.charCodeAt(0) === 0xfeff ? piece.slice(1) : piece;
      if (piece.length > 0) first = false;
      if (text.length > 0) yield text;
      continue;
    }
    onBytes?.(piece.length);
    let bytes = piece;
    if (decoder === null) {
      if (held !== null) {
        bytes = joined(held, bytes);
        held = null;
      }
      if (bytes.length < 2) {
        held = bytes;
        continue;
      }
      const encoding = encodingOf(bytes);
      decoder = encoding === 'utf-8' ? new Utf8Pieces() : new TextDecoder(encoding);
      first = false;
    }
    const text = decoder.decode(bytes, { stream: true });
    if (text.length > 0) yield text;
  }
  if (held !== null) {
    decoder = new Utf8Pieces();
    const text = decoder.decode(held, { stream: true });
    if (text.length > 0) yield text;
  }
  const tail = decoder?.decode() ?? '';
  if (tail.length > 0) yield tail;
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * UTF-8 decoded piece by piece: each piece up to its last whole character is decoded in one call (the
 * engine's fast path, about twice as fast as a streaming TextDecoder), the bytes of a character cut by the
 * piece's end held for the next; a leading byte-order mark dropped once, at the start.
 */
class Utf8Pieces {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private held: Uint8Array | null = null;
  private start = true;

  decode(piece?: Uint8Array, _options?: { stream: boolean }): string {
    if (piece === undefined) {
      const rest = this.held;
      this.held = null;
      return rest === null ? '' : this.text(rest);
    }
    const bytes = this.held === null ? piece : joined(this.held, piece);
    const cut = wholeCharacters(bytes);
    this.held = cut === bytes.length ? null : bytes.slice(cut);
    return cut === 0 ? '' : this.text(cut === bytes.length ? bytes : bytes.subarray(0, cut));
  }

  private text(bytes: Uint8Array): string {
    let text = this.decoder.decode(bytes);
    if (this.start) {
      this.start = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return text;
  }
}

/** The length of `bytes` less the bytes of a UTF-8 character its end cuts (at most 3). */
function wholeCharacters(bytes: Uint8Array): number {
  let i = bytes.length - 1;
  while (i >= 0 && bytes.length - i <= 3 && ((bytes[i] as number) & 0xc0) === 0x80) i--;
  if (i < 0) return bytes.length;
  const lead = bytes[i] as number;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return bytes.length - i < need ? i : bytes.length;
}

export interface StreamLinesOptions extends SplitOptions {
  /** Told the number of bytes of each piece read (progress). */
  readonly onBytes?: (n: number) => void;
}

/**
 * The lines of a byte stream (a Node `Readable`, a web `ReadableStream`, any async iterable of bytes), in
 * batches, one per piece read that completes a line: the text decoded as `decodeText` does, split as
 * `LineSplitter` does. Memory stays flat: one piece and one partial line (at most `maxLineLength`).
 */
export async function* streamLines(
  source: AsyncIterable<Uint8Array | string>,
  options: StreamLinesOptions = {},
): AsyncGenerator<LineBatch> {
  const splitter = new LineSplitter(options);
  for await (const text of decodeText(source, options.onBytes)) {
    const first = splitter.next;
    const items = splitter.push(text);
    if (items.length > 0) yield { first, items };
  }
  const first = splitter.next;
  const items = splitter.end();
  if (items.length > 0) yield { first, items };
}
