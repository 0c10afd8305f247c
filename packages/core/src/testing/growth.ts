/**
 * Linear time, measured without a wall-clock budget: the CPU time `run` takes on an input `scale` times
 * longer, over the CPU time it takes on the short one, both measured in the same run, interleaved. CPU
 * time (`process.cpuUsage`) is what this process spent, so other processes on a busy machine do not count.
 * A linear scan gives about `scale` (16 by default), a quadratic one about `scale²` (256); the default
 * bound, `4 × scale`, lies between them, a factor of 4 from each. The best (least)
 * time of each size is kept, and measuring stops as soon as the ratio of the bests is under the bound
 * (at most `tries` pairs), so a pause on one measurement (a collection, a recompilation) does not fail
 * the test. Keep the sizes small (kilobytes, a few thousand records): a quadratic scan already takes 256
 * times as long there, while what a linear one allocates stays in V8's young generation; at hundreds of
 * kilobytes the first promotions to the old generation make one size cost several times more per byte.
 */
import { expect } from 'vitest';

export interface GrowthOptions {
  /** Size of the short input (n); the long one has `scale × n`. */
  readonly size: number;
  /** 16 unless given. */
  readonly scale?: number;
  /** Bound on time(scale × n) / time(n): `4 × scale` unless given. */
  readonly factor?: number;
  /** Pairs of measurements at most: 9 unless given. */
  readonly tries?: number;
}

/** Shortest CPU time (ms) one measurement of the short input should take, so the clock's resolution does not count. */
const MIN_MS = 2;

/** CPU milliseconds (user + system) that `reps` calls of `run` take. */
function cpuMs(run: () => void, reps: number): number {
  const started = process.cpuUsage();
  for (let i = 0; i < reps; i++) run();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/** time(make(scale·n)) / time(make(n)), best of up to `tries` interleaved pairs (see the module comment). */
export function growthRatio<T>(make: (n: number) => T, run: (input: T) => unknown, options: GrowthOptions): number {
  const scale = options.scale ?? 16;
  const factor = options.factor ?? 4 * scale;
  const tries = options.tries ?? 9;
  const small = make(options.size);
  const large = make(options.size * scale);
  // warm-up (compiles the code, flattens the input), then as many calls per measurement as make MIN_MS
  cpuMs(() => run(small), 3);
  const once = cpuMs(() => run(small), 3) / 3;
  const reps = Math.min(1000, Math.max(1, Math.ceil(MIN_MS / Math.max(once, 0.005))));
  let bestSmall = Number.POSITIVE_INFINITY;
  let bestLarge = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) {
    bestSmall = Math.min(
      bestSmall,
      cpuMs(() => run(small), reps),
    );
    bestLarge = Math.min(
      bestLarge,
      cpuMs(() => run(large), reps),
    );
    if (bestLarge / bestSmall < factor) break;
  }
  return bestLarge / bestSmall;
}

/** Asserts that `run` takes time linear in the size of what `make` builds (see the module comment). */
export function expectLinear<T>(
  make: (n: number) => T,
  run: (input: T) => unknown,
  options: GrowthOptions & { readonly what?: string },
): void {
  const scale = options.scale ?? 16;
  const factor = options.factor ?? 4 * scale;
  const ratio = growthRatio(make, run, options);
  expect(ratio, `${options.what ?? 'run'}: ${scale}× the input took ${ratio.toFixed(1)}× the CPU time`).toBeLessThan(
    factor,
  );
}
