import type { Scheme } from './identifier.ts';
import { createRegistry } from './registry.ts';

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

/**
 * The same measure on this process's CPU time (user + system) instead of the wall clock: on a machine
 * shared with other work, wall-clock rates fall with the load while CPU-time rates show the cost.
 */
export function measureCpu(
  name: string,
  inputs: readonly string[],
  fn: (input: string) => unknown,
  rounds = 7,
): BenchResult {
  let sink = 0;
  for (let r = 0; r < 3; r++) for (const s of inputs) sink ^= fn(s) ? 1 : 0;
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const started = process.cpuUsage();
    for (const s of inputs) sink ^= fn(s) ? 1 : 0;
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  if (sink === 42) console.log('');
  return { name, opsPerSecond: inputs.length / best };
}

export interface SchemeBench {
  /** How the scheme is named in the printed lines (`DOI`, `ISBN`). */
  readonly label: string;
  readonly scheme: Scheme;
  /** Identifiers that parse, in the shapes users write; the round repeats them. */
  readonly samples: readonly string[];
  /** Identifiers per second the scheme's parser must reach. */
  readonly target: number;
}

/**
 * The benchmark every scheme package runs: `scheme.parse(...).normalized` (wall clock and CPU time,
 * against the target) and `registry.normalize` with dispatch, over 100,000 identifiers a round.
 */
export function benchScheme({ label, scheme, samples, target }: SchemeBench): void {
  for (const s of samples) if (!scheme.parse(s).ok) throw new Error(`bench sample does not parse: ${s}`);
  const inputs = Array.from({ length: 100_000 }, (_, i) => samples[i % samples.length] as string);
  const registry = createRegistry([scheme]);
  const normalized = (s: string) => {
    const r = scheme.parse(s);
    return r.ok && r.value.normalized;
  };
  const parse = `${scheme.name}Scheme.parse(...).normalized`;
  console.log(
    `${label} normalization, ${inputs.length} identifiers a round (${samples.length} shapes), best of 7 rounds`,
  );
  report(measure(parse, inputs, normalized), target);
  report(measure('registry.normalize (with dispatch)', inputs, (s) => registry.normalize(s).ok));
  report(measureCpu(`${parse}, per CPU second`, inputs, normalized), target);
}
