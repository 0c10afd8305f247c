import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { type Io, UsageError, write } from './io.ts';
import { asUtf8, openSource, peek, type Source } from './lines.ts';

/**
 * The text encoding of `normalize` and `group` input (text, CSV, TSV, NDJSON): every source becomes a
 * UTF-8 byte stream before any reader sees it.
 *
 * - `--encoding NAME` says it (any name iconv-lite knows: utf-8, windows-1252, iso-8859-1, utf-16le,
 *   shift_jis, gb18030, …).
 * - Otherwise a UTF-16 byte-order mark says UTF-16, and a UTF-8 one (or a first block that is valid
 *   UTF-8) says UTF-8: the bytes pass through unchanged, each block checked with Node's `isUtf8`
 *   (simdutf: the 200,000-line bench list costs well under a millisecond).
 * - A first block that is not UTF-8 is given to jschardet (a port of chardet 7), restricted to the
 *   legacy encodings spreadsheets and text editors save (`GUESSABLE`); its best guess that decodes the
 *   block without an undefined byte is taken, windows-1252 when none does, and a warning with the code
 *   `encoding-guessed` names it on standard error.
 *
 * Nothing is replaced: a byte sequence that is not text in the chosen encoding, anywhere in the input,
 * stops the command (exit 2) with the code `invalid-encoding`, its byte offset and (files) its line.
 */

export const encodingOption = { encoding: { type: 'string' } } as const;

export const encodingUsage = `  --encoding NAME            the text encoding of the input (utf-8, windows-1252, iso-8859-1, utf-16le,
                             shift_jis, gb18030, …). Default: found from the first block read (64 KiB
                             from standard input, 256 KiB from a file): a UTF-16 byte-order mark, valid
                             UTF-8, or else the legacy encoding jschardet guesses (windows-1252 for
                             Excel's "CSV (Comma delimited)"), with a warning encoding-guessed on
                             standard error naming it. A byte that is not text in the encoding read
                             (invalid UTF-8 after a UTF-8 start, say) is never replaced: the command
                             stops with invalid-encoding, naming the byte and line (exit 2)`;

/**
 * The encodings a guess may give: what Excel, Notepad and older editors save (the Windows code pages,
 * ISO 8859, KOI8, the East Asian multi-byte ones), each decoded alike by iconv-lite here and by the
 * browser's TextDecoder on the page. jschardet's spelling, as `detectEncodings` takes it.
 */
export const GUESSABLE = [
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'iso-8859-1',
  'iso-8859-2',
  'iso-8859-5',
  'iso-8859-7',
  'iso-8859-15',
  'koi8-r',
  'koi8-u',
  'shift_jis',
  'cp932',
  'euc-jp',
  'gb18030',
  'big5',
  'euc-kr',
  'cp949',
  'cp874',
];

/** jschardet's names for the same encoding as the one name pidgate shows and decodes with. */
const CANONICAL: Readonly<Record<string, string>> = {
  cp932: 'shift_jis',
  cp949: 'euc-kr',
  cp874: 'windows-874',
  'iso8859-15': 'iso-8859-15',
};

/** The one spelling of a guessed encoding's name: lower case, jschardet's aliases folded. */
export function canonicalEncoding(name: string): string {
  const lower = name.toLowerCase();
  return CANONICAL[lower] ?? lower;
}

/** Below this confidence jschardet's best guess is a coin toss: windows-1252, the commonest, is read. */
const LEAST_CONFIDENCE = 0.005;

/** What was decided for one source. */
export interface Decision {
  readonly encoding: string;
  /** True when guessed (not said with --encoding, nor by a byte-order mark or valid UTF-8). */
  readonly guessed: boolean;
}

/**
 * The encoding of `head` (the first block of an input) when nothing says it: UTF-16 or UTF-8 by a
 * byte-order mark, UTF-8 when the block is valid UTF-8 (a character cut by the block's end aside), else
 * jschardet's best legacy guess that decodes the block whole.
 */
export async function decideEncoding(head: Uint8Array): Promise<Decision> {
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', guessed: false };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', guessed: false };
  if (isUtf8(head.subarray(0, wholeUtf8(head)))) return { encoding: 'utf-8', guessed: false };
  const [{ detectAll }, iconv] = await Promise.all([import('./charset-guess.ts'), loadIconv()]);
  const candidates = preferWestern(detectAll(head, { detectEncodings: GUESSABLE, minimumThreshold: 0 }));
  for (const c of candidates) {
    if (c.encoding === null || c.confidence < LEAST_CONFIDENCE) break;
    const encoding = canonicalEncoding(c.encoding);
    // The block may end inside a multi-byte character: its last three characters are not held against it.
    const text = iconv.decode(Buffer.from(head), encoding);
    const bad = text.indexOf('\ufffd');
    if (bad === -1 || bad >= text.length - 3) return { encoding, guessed: true };
  }
  return { encoding: 'windows-1252', guessed: true };
}

/** How close to the best score windows-1252 must come to be read instead (see `preferWestern`). */
const WESTERN_MARGIN = 0.75;

/**
 * The candidates with windows-1252 first when it scores within `WESTERN_MARGIN` of the best: a short
 * sample with few letters outside ASCII (`Café`, `Müller`) scores ISO-8859-2 and windows-1252 alike, and
 * windows-1252, what Excel saves in Western Europe and the Americas, is by far the commoner.
 */
export function preferWestern<T extends { encoding: string | null; confidence: number }>(candidates: T[]): T[] {
  const best = candidates[0]?.confidence ?? 0;
  const western = candidates.find((c) => c.encoding?.toLowerCase() === 'windows-1252');
  if (!western || western === candidates[0] || western.confidence < best * WESTERN_MARGIN) return candidates;
  return [western, ...candidates.filter((c) => c !== western)];
}

/** The length of `bytes` less the bytes of a UTF-8 character its end cuts (at most 3). */
function wholeUtf8(bytes: Uint8Array): number {
  let i = bytes.length - 1;
  while (i >= 0 && bytes.length - i <= 3 && ((bytes[i] as number) & 0xc0) === 0x80) i--;
  if (i < 0) return bytes.length;
  const lead = bytes[i] as number;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return bytes.length - i < need ? i : bytes.length;
}

type Iconv = typeof import('iconv-lite');

async function loadIconv(): Promise<Iconv> {
  return (await import('./iconv.ts')).iconv;
}

/** `--encoding NAME`: checked against iconv-lite's names (loaded only when given). */
export async function readEncoding(name: string | undefined): Promise<string | null> {
  if (name === undefined) return null;
  const iconv = await loadIconv();
  if (name === '' || !iconv.encodingExists(name)) {
    throw new UsageError(
      `unknown-encoding: --encoding ${JSON.stringify(name)} is not an encoding pidgate knows (utf-8, windows-1252, iso-8859-1, utf-16le, shift_jis, gb18030, …)`,
    );
  }
  return name.toLowerCase();
}

const isUtf8Name = (name: string) => /^utf-?8$/i.test(name);

/**
 * The sources the command line names (standard input when none), each as a UTF-8 byte stream (a workbook
 * as its bytes): decoded
 * from `encoding` (`--encoding`, checked), or from the encoding its first block shows (a warning on
 * standard error when guessed).
 */
export async function openTextSources(
  files: readonly string[],
  io: Io,
  encodingName?: string,
  format?: string,
): Promise<Source[]> {
  // A workbook is a zip file: its bytes are read as they are.
  if (format === 'xlsx' && encodingName !== undefined)
    throw new UsageError('--encoding applies to text input, not xlsx');
  const named = await readEncoding(encodingName);
  const names = files.length === 0 ? ['-'] : files;
  const sources: Source[] = [];
  for (const name of names) {
    const source = await openSource(name, io.stdin, io.cwd);
    sources.push(format === 'xlsx' ? source : await decodeSource(source, named, io));
  }
  return sources;
}

/** One source as UTF-8, by `named` or by its first block. */
export async function decodeSource(source: Source, named: string | null, io: Io): Promise<Source> {
  const head = await peek(source.stream);
  const decision: Decision = named ? { encoding: named, guessed: false } : await decideEncoding(head);
  const where = source.name === '-' ? 'standard input' : source.name;
  if (decision.guessed) {
    await write(
      io.stderr,
      `pidgate: warning encoding-guessed: ${where} is not UTF-8; read as ${decision.encoding} (guessed from its first ${head.length} bytes; say --encoding NAME if that is wrong)\n`,
    );
  }
  const path = source.name === '-' ? null : resolve(io.cwd, source.name);
  if (isUtf8Name(decision.encoding)) return { ...source, stream: pipeInto(source.stream, utf8Checker(where, path)) };
  if (!named && decision.encoding.startsWith('utf-16')) return asUtf8(source);
  const iconv = await loadIconv();
  return {
    name: source.name,
    stream: pipeInto(source.stream, legacyDecoder(iconv, decision.encoding, where)),
    size: null,
  };
}

function pipeInto(from: Readable, to: Transform): Readable {
  from.on('error', (e) => to.destroy(e));
  return from.pipe(to);
}

/** What `invalid-encoding` says: where, and what to do. */
function invalidEncoding(where: string, encoding: string, byte: number, line: number | null): UsageError {
  const at = line === null ? `byte ${byte}` : `line ${line} (byte ${byte})`;
  return new UsageError(
    `${where}: invalid-encoding: ${at} is not ${encoding} text; nothing was replaced. Say the file's encoding with --encoding NAME (windows-1252, iso-8859-1, …), or save it as UTF-8`,
  );
}

/**
 * UTF-8 passed through unchanged, every block checked whole (a character cut by a block's end checked
 * with the next block). On the first invalid byte the stream fails with `invalid-encoding`; the line is
 * counted then, by reading the file again (standard input: the byte alone).
 */
function utf8Checker(where: string, path: string | null): Transform {
  let offset = 0;
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const bytes = held === null ? chunk : Buffer.concat([held, chunk]);
      const start = offset - (held?.length ?? 0);
      const cut = wholeUtf8(bytes);
      held = cut === bytes.length ? null : Buffer.from(bytes.subarray(cut));
      if (!isUtf8(bytes.subarray(0, cut))) {
        const at = start + firstInvalidUtf8(bytes.subarray(0, cut));
        return void fail(at, done);
      }
      offset += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      if (held !== null && !isUtf8(held)) return void fail(offset - held.length, done);
      done();
    },
  });

  function fail(at: number, done: (e: Error) => void): void {
    lineAt(path, at).then(
      (line) => done(invalidEncoding(where, 'UTF-8', at + 1, line)),
      () => done(invalidEncoding(where, 'UTF-8', at + 1, null)),
    );
  }
}

/** The offset of the first byte of `bytes` that starts no valid UTF-8 sequence (bytes.length when none). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need === -1 || i + need >= bytes.length + 0 || !isUtf8(bytes.subarray(i, i + need + 1))) return i;
    i += need + 1;
  }
  return bytes.length;
}

/** The line (from 1) holding byte `offset` of the file at `path`: its newlines before it, counted. */
async function lineAt(path: string | null, offset: number): Promise<number | null> {
  if (path === null) return null;
  let line = 1;
  let seen = 0;
  for await (const chunk of createReadStream(path, { end: Math.max(0, offset - 1) }) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) line++;
    seen += chunk.length;
  }
  return seen >= offset ? line : null;
}

/**
 * A legacy encoding decoded to UTF-8 by iconv-lite as the bytes arrive. iconv-lite writes U+FFFD for a
 * byte (or sequence) the encoding does not define: the stream fails there with `invalid-encoding` (its
 * line counted in the decoded text; its byte found by encoding that text back).
 */
function legacyDecoder(iconv: Iconv, encoding: string, where: string): Transform {
  const decoder = iconv.getDecoder(encoding);
  let line = 1;
  let bytes = 0;
  const check = (text: string): Error | null => {
    const bad = text.indexOf('\ufffd');
    if (bad === -1) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
      return null;
    }
    const before = text.slice(0, bad);
    for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
    return invalidEncoding(where, encoding, bytes + iconv.encode(before, encoding).length + 1, line);
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const text = decoder.write(chunk);
      const e = check(text);
      if (e) return void done(e);
      bytes += iconv.encode(text, encoding).length;
      done(null, Buffer.from(text, 'utf8'));
    },
    flush(done) {
      const text = decoder.end() ?? '';
      const e = check(text);
      if (e) return void done(e);
      done(null, Buffer.from(text, 'utf8'));
    },
  });
}
