import type { Io } from './io.ts';

/** A progress bar on standard error, only when standard error is a terminal. */
export interface Progress {
  /** Whether anything is drawn (standard error is a terminal). */
  readonly active: boolean;
  bytes(n: number): void;
  lines(n: number): void;
  /** Remove the bar; when it was drawn and a summary is given, leave that line in its place. */
  stop(summary?: string): void;
}

/** No bar: standard error is not a terminal. */
export const silent: Progress = { active: false, bytes() {}, lines() {}, stop() {} };

/**
 * The progress bar (see progress-bar.ts), its library loaded only when standard error is a terminal:
 * `pidgate normalize < in > out` in a script does not pay for it.
 */
export async function openProgress(io: Io, totalBytes: number | null): Promise<Progress> {
  if (!io.stderr.isTTY) return silent;
  return (await import('./progress-bar.ts')).progress(io, totalBytes);
}
