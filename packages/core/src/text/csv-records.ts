/**
 * CSV records held to a maximum length, in front of a CSV parser. csv-parse stops for good at a record
 * over its `max_record_size` (its state is left mid-record, so `skip_records_with_error` cannot resume),
 * so the records are cut here first: a pure splitter that streams over the text, tracks quotes as RFC 4180
 * (and csv-parse's `relax_quotes`) read them, passes whole records on, and cuts a record over the maximum
 * out as it streams, never holding more than the maximum of it. Memory is bounded by construction: the
 * start of the record being read (at most `max` characters) and one chunk.
 *
 * Quotes: a `"` at the start of a field opens a quoted field; inside it, `"` closes it, and a `"` right
 * after a closing one (`""`) opens it again; a `"` anywhere else is part of the field. A record ends at a
 * line feed outside quotes; its length is its characters without that line feed (or a CRLF's CR).
 */

/** A record over the maximum: the line it starts on, its length, and the line breaks inside it. */
export interface CsvRecordTooLong {
  readonly code: 'line-too-long';
  readonly line: number;
  readonly length: number;
  readonly breaks: number;
}

/** What the splitter gives, in input order: text of whole records, or a record cut out. */
export type CsvPiece = string | CsvRecordTooLong;

export interface CsvRecordStats {
  /** The most characters held at once (the record being read and the chunk being split). */
  maxHeld: number;
}

const LF = 10;
const CR = 13;
const QUOTE = 34;

export class CsvRecordSplitter {
  /** The start of the record being read (no line feed outside quotes yet). */
  private held: string[] = [];
  private heldLength = 0;
  /** The line the input has reached, and the one the current record starts on (1-based). */
  private line = 1;
  private start = 1;
  private quoting = false;
  /** At the start of a field, or right after a closing quote: a `"` opens quoting. */
  private opens = true;
  /** The record over the maximum being skipped, or null. */
  private skip: { line: number; length: number; breaks: number; cr: boolean } | null = null;
  private readonly delimiter: number;

  constructor(
    private readonly max: number,
    delimiter = ',',
    private readonly stats?: CsvRecordStats,
  ) {
    this.delimiter = delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;
  }

  push(text: string): CsvPiece[] {
    const out: CsvPiece[] = [];
    let from = 0; // the start of the text not yet given or held
    let recordFrom = 0; // where the current record begins in `text` (0 when it began before)
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let prevCr = false;
      if (this.skip) {
        prevCr = this.skip.cr;
        this.skip.length++;
        this.skip.cr = c === CR;
      }
      if (this.quoting) {
        if (c === QUOTE) {
          this.quoting = false;
          this.opens = true;
        } else if (c === LF) {
          this.line++;
          if (this.skip) this.skip.breaks++;
        }
        continue;
      }
      if (c === QUOTE && this.opens) {
        this.quoting = true;
        this.opens = false;
        continue;
      }
      this.opens = c === this.delimiter;
      if (c !== LF) continue;
      // The end of a record.
      this.line++;
      this.opens = true;
      if (this.skip) {
        const s = this.skip;
        this.skip = null;
        const length = s.length - 1 - (prevCr ? 1 : 0);
        out.push({ code: 'line-too-long', line: s.line, length, breaks: s.breaks });
        from = i + 1;
        recordFrom = i + 1;
        this.start = this.line;
        continue;
      }
      const length = this.heldLength + (i - recordFrom) - (this.endsWithCr(text, i, recordFrom) ? 1 : 0);
      if (length > this.max) {
        // Over: cut out (it can only be over here when its last piece came in this chunk).
        if (recordFrom > from) out.push(text.slice(from, recordFrom));
        out.push({ code: 'line-too-long', line: this.start, length, breaks: this.line - 1 - this.start });
        this.clearHeld();
        from = i + 1;
      } else if (this.heldLength > 0) {
        out.push(this.held.join('') + text.slice(from, i + 1));
        this.clearHeld();
        from = i + 1;
      }
      recordFrom = i + 1;
      this.start = this.line;
    }
    if (this.skip) {
      // Still skipping: nothing of this chunk is kept.
    } else if (this.heldLength + (text.length - recordFrom) > this.max + 1) {
      // The record has grown over the maximum (one more for a CR that a LF may follow): skip the rest.
      if (recordFrom > from) out.push(text.slice(from, recordFrom));
      this.skip = {
        line: this.start,
        length: this.heldLength + (text.length - recordFrom),
        breaks: this.line - this.start,
        cr: text.charCodeAt(text.length - 1) === CR,
      };
      this.clearHeld();
    } else {
      if (recordFrom > from) out.push(text.slice(from, recordFrom));
      if (recordFrom < text.length) {
        this.held.push(text.slice(recordFrom));
        this.heldLength += text.length - recordFrom;
      }
    }
    if (this.stats) this.stats.maxHeld = Math.max(this.stats.maxHeld, this.heldLength + text.length);
    return out.filter((p) => typeof p !== 'string' || p.length > 0);
  }

  /** The end of the text: the last record when no line feed ends it. */
  end(): CsvPiece[] {
    if (this.skip) {
      const s = this.skip;
      this.skip = null;
      return [{ code: 'line-too-long', line: s.line, length: s.cr ? s.length - 1 : s.length, breaks: s.breaks }];
    }
    if (this.heldLength === 0) return [];
    const tail = this.held.join('');
    this.clearHeld();
    const length = tail.endsWith('\r') ? tail.length - 1 : tail.length;
    if (length > this.max) return [{ code: 'line-too-long', line: this.start, length, breaks: this.line - this.start }];
    return [tail];
  }

  private endsWithCr(text: string, i: number, recordFrom: number): boolean {
    if (i > recordFrom) return text.charCodeAt(i - 1) === CR;
    const last = this.held[this.held.length - 1];
    return last !== undefined && last.charCodeAt(last.length - 1) === CR;
  }

  private clearHeld(): void {
    this.held = [];
    this.heldLength = 0;
  }
}

/** The pieces of a stream of text, records over `max` characters cut out. */
export async function* boundedCsvRecords(
  chunks: AsyncIterable<string>,
  max: number,
  delimiter = ',',
  stats?: CsvRecordStats,
): AsyncGenerator<CsvPiece> {
  const splitter = new CsvRecordSplitter(max, delimiter, stats);
  for await (const chunk of chunks) yield* splitter.push(chunk);
  yield* splitter.end();
}

/**
 * The text for a CSV parser, with each record cut out replaced by a one-cell marker row (a token no file
 * holds, made of characters other than the delimiter) followed by as many empty lines as the record had
 * line breaks inside, so that the parser's line numbers stay the file's (parse with `skip_empty_lines`).
 * `take(cells)` gives the record cut out when a parsed row is a marker, in order, else null.
 */
export function csvTextWithMarkers(
  chunks: AsyncIterable<string>,
  max: number,
  delimiter = ',',
  stats?: CsvRecordStats,
): { text: AsyncGenerator<string>; take(cells: readonly string[]): CsvRecordTooLong | null } {
  const letters = 'ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ'.split('').filter((c) => !delimiter.includes(c));
  let token = '';
  for (let i = 0; i < 24; i++) token += letters[Math.floor(Math.random() * letters.length)];
  token = `pidgate${token}`
    .split('')
    .filter((c) => !delimiter.includes(c))
    .join('');
  const queue: CsvRecordTooLong[] = [];
  async function* text(): AsyncGenerator<string> {
    for await (const piece of boundedCsvRecords(chunks, max, delimiter, stats)) {
      if (typeof piece === 'string') {
        yield piece;
        continue;
      }
      queue.push(piece);
      yield `${token}\n`;
      for (let left = piece.breaks; left > 0; left -= 1 << 16) yield '\n'.repeat(Math.min(left, 1 << 16));
    }
  }
  return {
    text: text(),
    take: (cells) => (cells.length === 1 && cells[0] === token ? (queue.shift() ?? null) : null),
  };
}
