import { SingleBar } from 'cli-progress';
import type { Io } from './io.ts';
import { type Progress, silent } from './progress.ts';

/** A progress bar on standard error, only when standard error is a terminal. */
export function progress(io: Io, totalBytes: number | null): Progress {
  if (!io.stderr.isTTY) return silent;
  let lines = 0;
  let bytes = 0;
  let stopped = false;
  const bar = new SingleBar({
    stream: io.stderr as NodeJS.WriteStream,
    format: totalBytes ? ' {bar} {percentage}% | {lines} lines' : ' {lines} lines',
    hideCursor: true,
    clearOnComplete: true,
    fps: 5,
  });
  bar.start(totalBytes ?? 0, 0, { lines });
  return {
    active: true,
    bytes(n) {
      bytes += n;
    },
    lines(n) {
      lines += n;
      bar.update(bytes, { lines });
    },
    stop(summary) {
      if (stopped) return;
      stopped = true;
      bar.stop();
      if (summary !== undefined) io.stderr.write(`${summary}\n`);
    },
  };
}
