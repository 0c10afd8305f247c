import {
  type NormalizeRecord,
  normalizeRecord,
  type PidWarning,
  type Profile,
  type Registry,
  splitLines,
  trimSurroundingSpace,
} from '@pidgate/core';
import { urlOf } from '@pidgate/schemes';
import { hyphenatedIsbn } from './isbn-hyphens.ts';

/**
 * `s` as a JSON string literal, the same text `JSON.stringify(s)` gives. Identifiers rarely hold a
 * character JSON escapes (a control character, `"`, `\`, or any UTF-16 surrogate, which
 * well-formed JSON.stringify escapes when it is unpaired), so one scan decides: none, and the
 * string goes between quotes as it is; any, and JSON.stringify writes it.
 */
export function jsonString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/**
 * One output line of `pidgate normalize` (without its "\n"): `JSON.stringify(record)`, field by field, and
 * with `--isbn-hyphens` an ISBN's `"hyphenated"` field (a string or null; no field where `hyphenated` is
 * undefined); the record's `"warnings"` (`[{"code":…,"message":…}]`), when it has any, come last.
 */
export function recordLine(r: NormalizeRecord, hyphenated?: string | null): string {
  if (r.ok) {
    const url = r.url === undefined ? '' : `,"url":${r.url === null ? 'null' : jsonString(r.url)}`;
    const extra =
      hyphenated === undefined ? '' : `,"hyphenated":${hyphenated === null ? 'null' : jsonString(hyphenated)}`;
    const warnings = r.warnings === undefined ? '' : `,"warnings":${warningsJson(r.warnings)}`;
    return `{"input":${jsonString(r.input)},"ok":true,"scheme":${jsonString(r.scheme)},"normalized":${jsonString(r.normalized)}${url}${extra}${warnings}}`;
  }
  const { code, message, offset } = r.error;
  const at = typeof offset === 'number' && Number.isFinite(offset) ? String(offset) : 'null';
  return `{"input":${jsonString(r.input)},"ok":false,"error":{"code":${jsonString(code)},"message":${jsonString(message)},"offset":${at}}}`;
}

/** A record's warnings as JSON: `[{"code":…,"message":…},…]`, codes and messages only. */
function warningsJson(warnings: readonly PidWarning[]): string {
  return `[${warnings.map((w) => `{"code":${jsonString(w.code)},"message":${jsonString(w.message)}}`).join(',')}]`;
}

/** What a block of lines amounts to, for the summary line (see Tally). */
export interface BlockCounts {
  lines: number;
  normalized: number;
  /** Error code → count. */
  errors: Record<string, number>;
  /** The normalized forms, only when asked for (to count distinct forms). */
  forms: string[] | null;
}

export interface BlockOptions {
  readonly profile: Profile;
  readonly trim: boolean;
  readonly keepForms: boolean;
  /** `--isbn-hyphens`: an ISBN's record gets its hyphenated ISBN-13 (`isbn-hyphens.ts`). */
  readonly isbnHyphens?: boolean;
}

/** The fixed parts of an output line, as UTF-8 (all ASCII). */
const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const INPUT = ascii('{"input":');
const OK_SCHEME = ascii(',"ok":true,"scheme":');
const NORMALIZED = ascii(',"normalized":');
const URL_FIELD = ascii(',"url":');
const FAILED_CODE = ascii(',"ok":false,"error":{"code":');
const MESSAGE = ascii(',"message":');
const OFFSET = ascii(',"offset":');
const NULL = ascii('null');
const HYPHENATED = ascii(',"hyphenated":');
const WARNINGS = ascii(',"warnings":');

/**
 * Output lines written straight into UTF-8 bytes, one pass per string: a string of printable ASCII
 * without `"` or `\` (nearly every identifier) is copied as it is scanned; any other string is written
 * as `jsonString` gives it. The same bytes as encoding `recordLine(r) + "\n"`, without building the line
 * as a string first.
 */
export class LineWriter {
  bytes: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafeSlow(Math.max(capacity, 256));
  }

  /** Room for `n` more bytes. */
  private reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.length + n));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  private raw(part: Uint8Array): void {
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < part.length; i++) bytes[at++] = part[i] as number;
    this.length = at;
  }

  /** `s` as a JSON string literal (what JSON.stringify writes), in UTF-8. */
  string(s: string): void {
    // A JSON escape is at most 6 bytes for one UTF-16 unit, and UTF-8 at most 3.
    this.reserve(s.length * 6 + 2);
    const bytes = this.bytes;
    const from = this.length;
    let at = from;
    bytes[at++] = 0x22;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
        this.length = from + bytes.write(jsonString(s), from, 'utf8');
        return;
      }
      bytes[at++] = c;
    }
    bytes[at++] = 0x22;
    this.length = at;
  }

  /** One output line of `pidgate normalize`, with its "\n": the bytes of `recordLine(r, hyphenated) + "\n"`. */
  record(r: NormalizeRecord, hyphenated?: string | null): void {
    this.reserve(64);
    this.raw(INPUT);
    this.string(r.input);
    if (r.ok) {
      this.reserve(64);
      this.raw(OK_SCHEME);
      this.string(r.scheme);
      this.reserve(32);
      this.raw(NORMALIZED);
      this.string(r.normalized);
      if (r.url !== undefined) {
        this.reserve(16);
        this.raw(URL_FIELD);
        if (r.url === null) this.raw(NULL);
        else this.string(r.url);
      }
      if (hyphenated !== undefined) {
        this.reserve(24);
        this.raw(HYPHENATED);
        if (hyphenated === null) this.raw(NULL);
        else this.string(hyphenated);
      }
      // One check on the fast path: nearly every record has no warnings.
      if (r.warnings !== undefined) this.warnings(r.warnings);
      this.reserve(2);
      this.bytes[this.length++] = 0x7d;
    } else {
      const { code, message, offset } = r.error;
      this.reserve(64);
      this.raw(FAILED_CODE);
      this.string(code);
      this.reserve(32);
      this.raw(MESSAGE);
      this.string(message);
      this.reserve(48);
      this.raw(OFFSET);
      if (typeof offset === 'number' && Number.isFinite(offset)) {
        this.length += this.bytes.write(String(offset), this.length, 'latin1');
      } else this.raw(NULL);
      this.bytes[this.length++] = 0x7d;
      this.bytes[this.length++] = 0x7d;
    }
    this.bytes[this.length++] = 0x0a;
  }

  /** A record's `,"warnings":[…]` field (rare: written as `recordLine` writes it). */
  private warnings(warnings: readonly PidWarning[]): void {
    const json = warningsJson(warnings);
    this.reserve(json.length * 3 + 16);
    this.raw(WARNINGS);
    this.length += this.bytes.write(json, this.length, 'utf8');
  }

  /** The bytes written so far. */
  written(): Buffer {
    return this.bytes.subarray(0, this.length);
  }

  /**
   * A copy of the bytes written so far, in memory of its own (to keep, or transfer), and start over.
   * A buffer grown past 4 MiB (a block with lines near the 1 MiB input limit) is let go.
   */
  take(): Buffer {
    const copy = Buffer.allocUnsafeSlow(this.length);
    this.bytes.copy(copy, 0, 0, this.length);
    this.length = 0;
    if (this.bytes.length > 1 << 22) this.bytes = Buffer.allocUnsafeSlow(1 << 20);
    return copy;
  }
}

let writer: LineWriter | undefined;

/**
 * Normalize every line of `text` (complete lines, each ending in "\n", except perhaps the last of
 * a stream), dropping a trailing "\r" of each line, and return the output lines (UTF-8) and their counts.
 */
export function normalizeBlock(
  registry: Registry,
  text: string,
  options: BlockOptions,
): { out: Buffer; counts: BlockCounts } {
  const counts: BlockCounts = { lines: 0, normalized: 0, errors: {}, forms: options.keepForms ? [] : null };
  // One buffer per thread, reused: it grows to the largest block's output once; each block's output
  // leaves in a copy of its exact size.
  writer ??= new LineWriter(1 << 20);
  writer.length = 0;
  normalizeLines(registry, text, options, counts, writer);
  return { out: writer.take(), counts };
}

/**
 * The loop of `normalizeBlock`, alone in its function: V8 optimizes it while it runs (on-stack
 * replacement), and code compiled there, before the loop had ever ended, would be thrown away at each
 * block's end if the block's result were built in the same function.
 */
function normalizeLines(
  registry: Registry,
  text: string,
  { profile, trim, isbnHyphens }: BlockOptions,
  counts: BlockCounts,
  out: LineWriter,
): void {
  // The toolkit's splitter (CRLF or LF; no maximum: the registry answers an over-long line itself).
  const lines = splitLines(text);
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as string;
    const record = normalizeRecord(registry, trim ? trimSurroundingSpace(line) : line, profile, undefined, urlOf);
    counts.lines++;
    if (record.ok) {
      counts.normalized++;
      counts.forms?.push(record.normalized);
    } else counts.errors[record.error.code] = (counts.errors[record.error.code] ?? 0) + 1;
    out.record(record, isbnHyphens ? hyphenatedIsbn(record) : undefined);
  }
}
