// Usage statistics' cost on resolution (issue 25: "the resolution benchmark must not lose more than 5%"): the
// same gateway over the same SQLite file of bound ARKs, once with statistics on (flushing every
// BENCH_STATS_FLUSH seconds, 2 by default, so writes happen during the measured runs) and once off, each in
// its own child process (bench/server.ts `bound`), autocannon in this one requesting bound ARKs spread over
// the table. On and off alternate (on-off, then off-on, …) so drift of the machine's load cancels out; the
// figures are the medians of the per-round ratios on/off (target: at least 0.95) of two measures: requests
// per second, and requests per CPU second of the server process (its own CPU time, which other work on a
// busy machine does not inflate the way it inflates wall time).
//
//   BENCH_STATS_BINDINGS (100,000)  BENCH_STATS_SECONDS (5)  BENCH_STATS_ROUNDS (4)  BENCH_CONNECTIONS (64)
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@pidgate/store';
import autocannon from 'autocannon';

export interface StatsOverhead {
  /** Median requests per second with statistics on, and off. */
  readonly on: number;
  readonly off: number;
  /** Median of the per-round ratios on/off. */
  readonly ratio: number;
  /** Median of the per-round ratios of requests per CPU second of the server, on/off. */
  readonly cpuRatio: number;
  readonly rounds: readonly Round[];
  /** Resolutions the statistics wrote to the store during the runs (proves they counted). */
  readonly counted: number;
}

export interface StatsOverheadOptions {
  readonly bindings?: number;
  readonly seconds?: number;
  readonly rounds?: number;
  readonly connections?: number;
  readonly flushSeconds?: number;
  /** Print the figures (default true). */
  readonly print?: boolean;
}

interface Round {
  /** Requests per second. */
  readonly on: number;
  readonly off: number;
  /** Server CPU microseconds per request. */
  readonly onCpu: number;
  readonly offCpu: number;
}

const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const key = (i: number) => `ark:/99999/fk4s${i.toString(36)}`;

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'cpu' in m) {
        child.off('message', on);
        resolve((m as { cpu: number }).cpu);
      }
    };
    child.on('message', on);
    child.send('cpu');
  });
}

function spawn(dir: string, stats: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(serverScript, ['bound', dir, stats], {
      execArgv: ['--conditions=@pidgate/source', '--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`the ${stats} server exited with ${code}`)));
  });
}

/** Stop a child (SIGTERM) and wait for it: what it counted is in the store from its periodic flushes. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Measure resolution throughput with statistics on and off in one run; prints and returns the figures. */
export async function statsOverhead(options: StatsOverheadOptions = {}): Promise<StatsOverhead> {
  const bindings = options.bindings ?? env('BENCH_STATS_BINDINGS', 100_000);
  const seconds = options.seconds ?? env('BENCH_STATS_SECONDS', 5);
  const rounds = Math.max(1, options.rounds ?? env('BENCH_STATS_ROUNDS', 4));
  const connections = options.connections ?? env('BENCH_CONNECTIONS', 64);
  const flushSeconds = options.flushSeconds ?? env('BENCH_STATS_FLUSH', 2);
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-stats-bench-'));
  const children: ChildProcess[] = [];
  try {
    const store = await openStore({ dataDir: dir });
    const at = new Date().toISOString();
    for (let i = 0; i < bindings; i += 5000) {
      const items = [];
      for (let k = i; k < Math.min(i + 5000, bindings); k++)
        items.push({
          key: key(k),
          target: `https://repository.example.org/objects/${k}`,
          createdAt: at,
          updatedAt: at,
        });
      const r = await store.importBindings(items);
      if (!r.ok) throw new Error(r.error.message);
    }
    await store.close();
    const on = await spawn(dir, String(flushSeconds));
    children.push(on.child);
    const off = await spawn(dir, 'stats-off');
    children.push(off.child);
    // Bound ARKs spread over the table (fixed seed): many distinct keys, as real traffic has.
    let seed = 7;
    const requests = Array.from({ length: 2000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return { path: `/${key(seed % bindings)}` };
    });
    const run = async (server: { child: ChildProcess; port: number }, duration: number) => {
      const before = await cpuOf(server.child);
      const r = await autocannon({ url: `http://127.0.0.1:${server.port}`, connections, requests, duration });
      const cpu = (await cpuOf(server.child)) - before;
      if ((r['3xx'] ?? 0) < r.requests.total * 0.99) throw new Error(`port ${server.port}: answers were not redirects`);
      return { rps: r.requests.average, cpu: cpu / Math.max(1, r.requests.total) };
    };
    // Warm-up of both (JIT, page cache).
    await run(on, 2);
    await run(off, 2);
    const figures: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      // on-off, then off-on: each side goes first as often.
      const first = i % 2 === 0 ? on : off;
      const a = await run(first, seconds);
      const b = await run(first === on ? off : on, seconds);
      const [x, y] = first === on ? [a, b] : [b, a];
      figures.push({ on: x.rps, off: y.rps, onCpu: x.cpu, offCpu: y.cpu });
    }
    await stop(on.child);
    await stop(off.child);
    const check = await openStore({ dataDir: dir });
    const counted = await check.resolutionCounts({
      by: 'identifier',
      from: '2000-01-01',
      to: '2100-01-01',
      group: 'month',
      limit: 100_000,
    });
    await check.close();
    const result: StatsOverhead = {
      on: median(figures.map((f) => f.on)),
      off: median(figures.map((f) => f.off)),
      ratio: median(figures.map((f) => f.on / f.off)),
      cpuRatio: median(figures.map((f) => f.offCpu / f.onCpu)),
      rounds: figures,
      counted: counted.ok ? counted.value.reduce((n, r) => n + r.count, 0) : 0,
    };
    if (options.print ?? true) {
      console.log(
        `\nusage statistics on vs off (${bindings} bound ARKs in SQLite, ${rounds} alternating rounds of ${seconds}s, ${connections} connections, flush every ${flushSeconds}s; load ${loadavg()[0]?.toFixed(2)}):`,
      );
      for (const [i, f] of figures.entries())
        console.log(
          `  round ${i + 1}: on ${f.on.toFixed(0)} req/s (${f.onCpu.toFixed(0)} µs CPU/request), off ${f.off.toFixed(0)} req/s (${f.offCpu.toFixed(0)} µs CPU/request)`,
        );
      const verdict = (r: number) => (r >= 0.95 ? 'MET    ' : 'NOT MET');
      console.log(
        `  ${verdict(result.ratio)} statistics on / off, requests per second: ${result.ratio.toFixed(3)} (median of the rounds' ratios; target at least 0.95)`,
      );
      console.log(
        `  ${verdict(result.cpuRatio)} statistics on / off, requests per server CPU second: ${result.cpuRatio.toFixed(3)} (median; target at least 0.95)`,
      );
      console.log(`  ${result.counted} resolutions counted and written to the store by the statistics`);
    }
    return result;
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone: node --conditions=@pidgate/source --import tsx bench/stats-overhead.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await statsOverhead();
