import { createReadStream, type Stats, stat } from 'node:fs';
import { resolve } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { encodingOf, type LineItem, streamLines } from '@pidgate/core';
import { UsageError } from './io.ts';

/** Bytes read from a file at a time: large reads, few calls. */
export const READ_SIZE = 1 << 18;

/** One input source: a file or standard input. */
export interface Source {
  readonly name: string;
  readonly stream: Readable;
  /** Size in bytes when known (files), for the progress bar. */
  readonly size: number | null;
}

/**
 * The sources the command line names, opened (standard input when none is named, or for "-"). A source
 * in UTF-16 (with its byte-order mark: Excel's "Unicode Text", Windows PowerShell's `>`) is read as UTF-8.
 */
export async function openSources(files: readonly string[], stdin: Readable, cwd: string): Promise<Source[]> {
  const names = files.length === 0 ? ['-'] : files;
  const sources: Source[] = [];
  for (const name of names) sources.push(await asUtf8(await openSource(name, stdin, cwd)));
  return sources;
}

/** A file, or standard input for "-". */
export async function openSource(file: string, stdin: Readable, cwd: string): Promise<Source> {
  if (file === '-') return { name: '-', stream: stdin, size: null };
  const path = resolve(cwd, file);
  // node:fs's stat, not node:fs/promises': loading that module is ~10% of a one-line normalize's start-up.
  const info = await new Promise<Stats | null>((done) => stat(path, (e, s) => done(e ? null : s)));
  if (!info?.isFile()) throw new UsageError(`cannot read ${file}: no such file`);
  return { name: file, stream: createReadStream(path, { highWaterMark: READ_SIZE }), size: info.size };
}

/**
 * The first chunk of a byte stream (empty when the stream has ended), left in the stream: whoever reads
 * it next reads that chunk first.
 */
export function peek(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      stream.off('readable', onReadable);
      stream.off('error', onError);
    };
    const onError = (e: Error) => {
      settle();
      reject(e);
    };
    const onReadable = () => {
      const chunk: Buffer | string | null = stream.read();
      settle();
      if (chunk === null) return resolve(Buffer.alloc(0));
      stream.unshift(chunk);
      resolve(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    };
    stream.on('readable', onReadable);
    stream.on('error', onError);
  });
}

/**
 * `source` as UTF-8: unchanged unless it starts with a UTF-16 byte-order mark, then decoded as it is read
 * (the mark dropped; an unpaired surrogate becomes U+FFFD). Its size in UTF-8 is not known beforehand.
 */
export async function asUtf8(source: Source): Promise<Source> {
  const encoding = encodingOf(await peek(source.stream));
  if (encoding === 'utf-8') return source;
  const decoder = new TextDecoder(encoding);
  const utf8 = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8'));
    },
    flush(done) {
      done(null, Buffer.from(decoder.decode(), 'utf8'));
    },
  });
  source.stream.on('error', (e) => utf8.destroy(e));
  return { name: source.name, stream: source.stream.pipe(utf8), size: null };
}

/**
 * Split a stream into lines, in batches (one batch per chunk read), by the toolkit's splitter: CRLF or LF
 * (a trailing "\r" dropped), a byte-order mark at the start of the stream dropped. Memory stays flat: only
 * one chunk and the partial line after it are held. `onBytes` reports progress in bytes read. Without
 * `maxLineLength` every item is a line's text; with it, a longer line is a `LineTooLong` item (not held).
 */
export function lineBatches(stream: Readable, onBytes?: (n: number) => void): AsyncGenerator<string[]>;
export function lineBatches(
  stream: Readable,
  onBytes: ((n: number) => void) | undefined,
  maxLineLength: number,
): AsyncGenerator<LineItem[]>;
export async function* lineBatches(
  stream: Readable,
  onBytes?: (n: number) => void,
  maxLineLength?: number,
): AsyncGenerator<LineItem[]> {
  const options = { ...(onBytes ? { onBytes } : {}), ...(maxLineLength ? { maxLineLength } : {}) };
  for await (const batch of streamLines(stream, options)) yield batch.items;
}

/**
 * Split a stream into blocks of whole lines, as bytes: each block ends just after a "\n", except the
 * last of the stream when the stream does not end in one. A UTF-8 byte-order mark at the start of the
 * stream is dropped. Cutting only after "\n" (a byte no multi-byte UTF-8 sequence contains) lets each
 * block be decoded on its own. Blocks hold at least `minBytes` unless the stream ends; memory stays
 * flat: one block and the partial line after it.
 */
export async function* byteBlocks(
  stream: Readable,
  onBytes?: (n: number) => void,
  minBytes = 1 << 18,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let first = true;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    onBytes?.(buf.length);
    if (first) {
      // The byte-order mark may arrive split over the first chunks.
      buf = Buffer.concat([...pending, buf]);
      pending = [];
      pendingBytes = 0;
      if (buf.length < 3) {
        pending = [buf];
        pendingBytes = buf.length;
        continue;
      }
      first = false;
      buf = dropBom(buf);
    }
    pending.push(buf);
    pendingBytes += buf.length;
    if (pendingBytes < minBytes) continue;
    const last = buf.lastIndexOf(0x0a);
    if (last === -1) continue;
    const whole = Buffer.concat([...pending.slice(0, -1), buf.subarray(0, last + 1)]);
    const rest = buf.subarray(last + 1);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    yield whole;
  }
  const tail = first ? dropBom(Buffer.concat(pending)) : Buffer.concat(pending);
  if (tail.length > 0) yield tail;
}

function dropBom(buf: Buffer): Buffer {
  return buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
}
