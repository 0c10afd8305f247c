// `npm run bench:cli`: the compiled `pidgate` command end to end, process start included.
//  - lines/s of `pidgate normalize FILE > /dev/null` on the bench list (200,000 lines of the mixed list,
//    generated here from packages/schemes/bench/mixed.ts, the TypeScript port of gen_mixed.py), median
//    of 5 runs, with --jobs 1 and the default (one per core), and the ratio to idutils' recorded figure;
//  - start-up: median of 10 runs of `pidgate --version`, `pidgate --help` and a one-line normalize,
//    next to `node -e 0` on the same machine at the same time;
//  - peak RSS of `pidgate normalize` on 10 M lines streamed to its standard input (Linux: VmHWM), with
//    --jobs 1 and the default, and the lines/s of those runs (workers start from 32 MiB of input);
//  - the best case for the bench list with this code: start-up plus every line at the best of those
//    long runs' rates, as if V8 needed no warm-up (the ceiling that JIT tuning alone could reach);
//  - recognizer calls per line on both lists (counted, not timed: packages/schemes/bench/dispatch.bench.ts
//    for the table): how many `recognize` calls the dispatch makes, against asking every scheme in turn.
// BENCH_LINES and BENCH_RSS_LINES change the sizes; BENCH_STARTUP_ONLY=1 measures the start-up alone. Builds dist/ first (npm run build:cli).
// BENCH_BASELINE=/path/to/another/apps/cli/bin/pidgate.js (an older build: apps/cli/scripts/baseline.sh REF)
// measures it too, run for run alternating with this one, so a busy machine slows both alike; each
// figure is then printed for both, and the normalize rates' ratio (this over the baseline) in the same run.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRegistry, type Scheme } from '@pidgate/core';
import { registry, schemes } from '@pidgate/schemes';
import { mixedList, NEW_MIX } from '../../../packages/schemes/bench/mixed.ts';

const STARTUP_ONLY = process.env.BENCH_STARTUP_ONLY === '1';
const LINES = Number(process.env.BENCH_LINES ?? (STARTUP_ONLY ? 1 : 200_000));
const RSS_LINES = Number(process.env.BENCH_RSS_LINES ?? 10_000_000);
const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));
const baseline = process.env.BENCH_BASELINE;
/** The commands measured: this checkout's, and the baseline's when given. */
const bins: [string, string][] = baseline
  ? [
      ['baseline', baseline],
      ['this', bin],
    ]
  : [['this', bin]];
const idutils = JSON.parse(readFileSync(new URL('./idutils.json', import.meta.url), 'utf8')) as {
  linesPerSecond: number;
};

execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-'));
const list = join(dir, 'mixed.txt');
writeFileSync(list, `${mixedList(LINES).join('\n')}\n`);
// The same kinds with DOIs, Handles and ISBN/ISSNs mixed in (issue 12's target:
// normalize keeps its throughput on it within 10% of the old list's).
const newList = join(dir, 'mixed-new.txt');
writeFileSync(newList, `${mixedList(LINES, NEW_MIX).join('\n')}\n`);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const fmt = new Intl.NumberFormat('en');

/** Wall time in ms of one run, output to /dev/null. */
function time(args: string[], input?: string): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, {
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'],
  });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/**
 * Median wall time of `runs` runs of `args` (the first being the pidgate command) for each command
 * measured, the commands taking turns run by run.
 */
function medians(runs: number, args: string[], input?: string): Map<string, number> {
  const times = new Map<string, number[]>(bins.map(([name]) => [name, []]));
  for (let r = 0; r < runs; r++) {
    for (const [name, path] of bins)
      times.get(name)?.push(
        time(
          args.map((a) => (a === bin ? path : a)),
          input,
        ),
      );
  }
  return new Map([...times].map(([name, xs]) => [name, median(xs)]));
}
const label = (name: string) => (baseline ? `${name}: ` : '');

/**
 * Recognizer calls per line of `lines`: through the dispatch (`registry`, what the command uses) and asking
 * every scheme in priority order; and how many lines the two detect differently (a bug when not 0).
 */
function recognizerCalls(lines: readonly string[]): { dispatch: number; every: number; differ: number } {
  const plain = createRegistry(schemes);
  const asked = (candidates: readonly Scheme[], found: Scheme | undefined) =>
    found === undefined ? candidates.length : candidates.indexOf(found) + 1;
  let dispatch = 0;
  let every = 0;
  let differ = 0;
  for (const line of lines) {
    const expected = plain.detect(line);
    const found = registry.detect(line);
    if (found !== expected) differ++;
    every += asked(plain.schemes, expected);
    dispatch += asked(registry.candidates(line), found);
  }
  return { dispatch: dispatch / lines.length, every: every / lines.length, differ };
}

try {
  console.log(
    `pidgate CLI benchmark: ${fmt.format(LINES)} lines, ${availableParallelism()} cores, Node ${process.version}`,
  );
  if (baseline) console.log(`baseline: ${baseline}`);
  for (const [what, path] of STARTUP_ONLY
    ? []
    : ([
        ['bench list', list],
        ['with DOIs, Handles and ISBNs', newList],
      ] as const)) {
    const lines = readFileSync(path, 'utf8').split('\n').slice(0, -1);
    const { dispatch, every, differ } = recognizerCalls(lines);
    console.log(
      `recognizer calls per line, ${what}: ${dispatch.toFixed(3)} through the dispatch, ${every.toFixed(3)} asking all ` +
        `${schemes.length} schemes in turn (target: about 1)${differ > 0 ? `; ${differ} lines detected differently: a bug` : ''}`,
    );
  }
  for (const jobs of STARTUP_ONLY ? [] : ['1', String(availableParallelism())]) {
    const all = medians(5, [bin, 'normalize', '--jobs', jobs, list]);
    for (const [name, ms] of all) {
      const rate = (LINES / ms) * 1000;
      console.log(
        `${label(name)}normalize --jobs ${jobs}: ${fmt.format(Math.round(rate))} lines/s end to end (median of 5, ${ms.toFixed(0)} ms), ` +
          `${(rate / idutils.linesPerSecond).toFixed(1)}× idutils (${fmt.format(idutils.linesPerSecond)} lines/s; target 25×)`,
      );
    }
    const before = all.get('baseline');
    const after = all.get('this') as number;
    if (before !== undefined) {
      // the same runs, alternating: this checkout's rate over the baseline's (above 1: faster)
      console.log(
        `normalize --jobs ${jobs}, this over baseline: ratio ${(before / after).toFixed(3)} (target: not below 1 beyond noise)`,
      );
    }
  }
  if (!STARTUP_ONLY) {
    // Side by side, alternating runs, so both lists see the same machine load.
    const old: number[] = [];
    const mixed: number[] = [];
    for (let r = 0; r < 5; r++) {
      old.push(time([bin, 'normalize', '--jobs', '1', list]));
      mixed.push(time([bin, 'normalize', '--jobs', '1', newList]));
    }
    const oldRate = (LINES / median(old)) * 1000;
    const newRate = (LINES / median(mixed)) * 1000;
    console.log(
      `normalize --jobs 1, old list: ${fmt.format(Math.round(oldRate))} lines/s; with DOIs, Handles and ISBNs: ` +
        `${fmt.format(Math.round(newRate))} lines/s; ratio ${(newRate / oldRate).toFixed(3)} (target: at least 0.90)`,
    );
  }
  /** Prints the start-up medians; returns this checkout's. */
  // The floor, node -e 0, measured in the same rounds as the commands (run for run alternating), so
  // that each command's margin over it (target: within 40 ms) sees the same machine load.
  const floorTimes: number[] = [];
  const startupCases: [string, string[], string | undefined][] = [
    ['pidgate --version', [bin, '--version'], undefined],
    ['pidgate --help', [bin, '--help'], undefined],
    ['pidgate normalize, one line', [bin, 'normalize'], 'ark:/12345/x\n'],
  ];
  const startupTimes = startupCases.map(() => new Map<string, number[]>(bins.map(([name]) => [name, []])));
  for (let r = 0; r < 10; r++) {
    floorTimes.push(time(['-e', '0']));
    startupCases.forEach(([, args, input], i) => {
      for (const [name, path] of bins)
        startupTimes[i]?.get(name)?.push(
          time(
            args.map((a) => (a === bin ? path : a)),
            input,
          ),
        );
    });
  }
  const floor = median(floorTimes);
  console.log(
    `start-up node -e 0 (the floor): ${floor.toFixed(0)} ms (median of 10; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  let oneLine = 0;
  startupCases.forEach(([what], i) => {
    for (const [name, xs] of startupTimes[i] ?? []) {
      const ms = median(xs);
      if (name === 'this' && what.includes('normalize')) oneLine = ms;
      console.log(
        `${label(name)}start-up ${what}: ${ms.toFixed(0)} ms (median of 10), node -e 0 + ${(ms - floor).toFixed(0)} ms${what.includes('help') ? '' : ' (target: within 40 ms)'}`,
      );
    }
  });

  let sustained = 0;

  for (const jobs of STARTUP_ONLY ? [] : ['1', String(availableParallelism())]) {
    for (const [name, path] of bins) {
      const started = performance.now();
      const peak = await peakRss(path, RSS_LINES, jobs);
      const rate = (RSS_LINES / (performance.now() - started)) * 1000;
      if (name === 'this') sustained = Math.max(sustained, rate);
      console.log(
        `${label(name)}peak RSS, normalize --jobs ${jobs} of ${fmt.format(RSS_LINES)} lines on standard input: ${(peak / 1024).toFixed(0)} MB (target: under 150 MB); ${fmt.format(Math.round(rate))} lines/s`,
      );
    }
  }
  // What the list would take if every line ran at the long runs' best rate from the first (no JIT warm-up,
  // the best case for this code on this machine): start-up plus lines at that rate.
  const bound = LINES / (oneLine / 1000 + LINES / sustained);
  if (!STARTUP_ONLY)
    console.log(
      `best case for ${fmt.format(LINES)} lines, no warm-up (one-line start-up ${oneLine.toFixed(0)} ms + every line at ` +
        `the rate of the ${fmt.format(RSS_LINES)}-line run, ${fmt.format(Math.round(sustained))} lines/s): ${fmt.format(Math.round(bound))} lines/s, ` +
        `${(bound / idutils.linesPerSecond).toFixed(1)}× idutils`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Stream `n` lines (the bench list, repeated) into `pidgate normalize`; its VmHWM in KiB at the end. */
async function peakRss(command: string, n: number, jobs: string): Promise<number> {
  const child = spawn(process.execPath, [command, 'normalize', '--jobs', jobs], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  let peak = 0;
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]));
    } catch {}
  }, 50);
  const chunk = Buffer.from(readFileSync(list));
  for (let sent = 0; sent < n; sent += LINES) {
    if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
  }
  child.stdin.end();
  await new Promise((r) => child.once('exit', r));
  clearInterval(poll);
  return peak;
}
