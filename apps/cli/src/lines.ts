import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { UsageError } from './io.ts';

/** One input source: a file or standard input. */
export interface Source {
  readonly name: string;
  readonly stream: Readable;
  /** Size in bytes when known (files), for the progress bar. */
  readonly size: number | null;
}

export async function openSources(files: readonly string[], stdin: Readable, cwd: string): Promise<Source[]> {
  if (files.length === 0 || (files.length === 1 && files[0] === '-')) return [{ name: '-', stream: stdin, size: null }];
  const sources: Source[] = [];
  for (const file of files) {
    if (file === '-') {
      sources.push({ name: '-', stream: stdin, size: null });
      continue;
    }
    const path = resolve(cwd, file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new UsageError(`cannot read ${file}: no such file`);
    sources.push({ name: file, stream: createReadStream(path, { highWaterMark: 1 << 16 }), size: info.size });
  }
  return sources;
}

/**
 * Split a stream into lines, in batches (one batch per chunk read), dropping a trailing "\r".
 * Memory stays flat: only one chunk and the partial line after it are held.
 * `onBytes` reports progress in bytes read.
 */
export async function* lineBatches(stream: Readable, onBytes?: (n: number) => void): AsyncGenerator<string[]> {
  stream.setEncoding('utf8');
  let rest = '';
  for await (const chunk of stream as AsyncIterable<string>) {
    onBytes?.(Buffer.byteLength(chunk));
    const text = rest + chunk;
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
    }
    if (lines.length > 0) yield lines;
  }
  if (rest.length > 0) yield [rest.endsWith('\r') ? rest.slice(0, -1) : rest];
}
