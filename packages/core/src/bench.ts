/** A tiny benchmark harness: best of several timed rounds, printed as operations per second. */
export interface BenchResult {
  readonly name: string;
  readonly opsPerSecond: number;
}

export function measure(
  name: string,
  inputs: readonly string[],
  fn: (input: string) => unknown,
  rounds = 7,
): BenchResult {
  const n = inputs.length;
  let sink = 0;
  // Warm up so the JIT has compiled the hot path.
  for (let r = 0; r < 3; r++) for (let i = 0; i < n; i++) sink ^= fn(inputs[i] as string) ? 1 : 0;
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) sink ^= fn(inputs[i] as string) ? 1 : 0;
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    if (elapsed < best) best = elapsed;
  }
  if (sink === 42) console.log('');
  return { name, opsPerSecond: n / best };
}

/** Print one result with its target, and whether the target is met. */
export function report(result: BenchResult, target?: number): void {
  const rate = `${(result.opsPerSecond / 1e6).toFixed(2)} M/s`;
  const verdict =
    target === undefined
      ? ''
      : `  (target ${(target / 1e6).toFixed(2)} M/s: ${result.opsPerSecond >= target ? 'met' : 'NOT met'})`;
  console.log(`${result.name.padEnd(48)} ${rate.padStart(10)}${verdict}`);
}
