import type { Readable, Writable } from 'node:stream';

/** Where a command reads and writes: the process's streams, or test doubles. */
export interface Io {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable & { isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

/**
 * The process's streams. A reader that goes away early (`pidgate normalize big.txt | head`) is not a
 * failure: on EPIPE the process ends at once with status 0 and no message, the terminal's cursor shown again.
 */
export function processIo(): Io {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K\x1b[?25h');
    process.exit(0);
  });
  return {
    // Standard input is made when a command reads it: `--version` and `--help` never build its stream.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Write and wait for the stream to drain when its buffer is full (backpressure). */
export function write(out: Writable, text: string | Uint8Array): Promise<void> | undefined {
  if (out.write(text)) return undefined;
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      out.off('error', onError);
      resolve();
    };
    const onError = (e: Error) => {
      out.off('drain', onDrain);
      reject(e);
    };
    out.once('drain', onDrain);
    out.once('error', onError);
  });
}

/** A failure of the command itself (bad usage, unreadable file): exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
