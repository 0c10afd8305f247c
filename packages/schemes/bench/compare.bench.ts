// This checkout's `registry.parse` against another checkout's, in one process, on the generated mixed
// lists (the old list's mix and the catalogue mix): rounds alternate between the two, so a busy machine
// slows both alike, and the ratio of the medians is printed (above 1: this checkout is faster).
// BASELINE=DIR names the other checkout (apps/cli/scripts/baseline.sh REF DIR makes one);
// BENCH_LINES=N and BENCH_ROUNDS=N change the sizes.
//   BASELINE=/tmp/pidgate-baseline node --conditions=@pidgate/source --import tsx packages/schemes/bench/compare.bench.ts
import { registry } from '../src/index.ts';
import { mixedList, NEW_MIX, OLD_MIX } from './mixed.ts';

const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const dir = process.env.BASELINE;
if (!dir) throw new Error('BASELINE=DIR: a checkout made by apps/cli/scripts/baseline.sh');
const old = (await import(`${dir}/packages/schemes/src/index.ts`)) as { registry: typeof registry };

type Parse = (line: string) => unknown;
/** Milliseconds to parse every line once; the count of successes, so the work is not optimized away. */
function once(parse: Parse, lines: readonly string[]): number {
  const started = performance.now();
  let ok = 0;
  for (const line of lines) if ((parse(line) as { ok: boolean }).ok) ok++;
  const ms = performance.now() - started;
  if (ok < 0) console.log(ok);
  return ms;
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

for (const [name, mix] of [
  ['old list', OLD_MIX],
  ['catalogue mix', NEW_MIX],
] as const) {
  const lines = mixedList(LINES, mix);
  const mine: Parse = (s) => registry.parse(s);
  const theirs: Parse = (s) => old.registry.parse(s);
  once(mine, lines);
  once(theirs, lines);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    b.push(once(theirs, lines));
    a.push(once(mine, lines));
  }
  const [ma, mb] = [median(a), median(b)];
  console.log(
    `${name}, ${LINES} lines: baseline ${Math.round((LINES / mb) * 1000)} lines/s, this ${Math.round((LINES / ma) * 1000)} lines/s; ` +
      `this over baseline: ratio ${(mb / ma).toFixed(3)} (median of ${ROUNDS} alternating rounds)`,
  );
}
