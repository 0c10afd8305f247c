import { PassThrough, Readable } from 'node:stream';
import type { Io } from './io.ts';
import { main } from './main.ts';

/** Run the CLI in-process with the given standard input; collect what it writes. */
export async function runCli(
  argv: readonly string[],
  stdin: string | Buffer = '',
  options: { cwd?: string; tty?: boolean; env?: Readonly<Record<string, string>> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  let out = '';
  let errText = '';
  stdout.on('data', (d) => {
    out += d;
  });
  stderr.on('data', (d) => {
    errText += d;
  });
  // Bytes, as a process's standard input is.
  const input = Readable.from([typeof stdin === 'string' ? Buffer.from(stdin, 'utf8') : stdin], { objectMode: false });
  const io: Io = { stdin: input, stdout, stderr, env: options.env ?? {}, cwd: options.cwd ?? process.cwd() };
  const code = await main(argv, io);
  return { code, stdout: out, stderr: errText };
}

export function jsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l));
}
