import { SingleBar } from 'cli-progress';
import type { Io } from './io.ts';

/** A progress bar on standard error, only when standard error is a terminal. */
export interface Progress {
  bytes(n: number): void;
  lines(n: number): void;
  stop(): void;
}

const silent: Progress = { bytes() {}, lines() {}, stop() {} };

export function progress(io: Io, totalBytes: number | null): Progress {
  if (!io.stderr.isTTY) return silent;
  let lines = 0;
  let bytes = 0;
  const bar = new SingleBar({
    stream: io.stderr as NodeJS.WriteStream,
    format: totalBytes ? ' {bar} {percentage}% | {lines} lines' : ' {lines} lines',
    hideCursor: true,
    clearOnComplete: true,
    fps: 5,
  });
  bar.start(totalBytes ?? 0, 0, { lines });
  return {
    bytes(n) {
      bytes += n;
    },
    lines(n) {
      lines += n;
      bar.update(bytes, { lines });
    },
    stop() {
      bar.stop();
    },
  };
}
