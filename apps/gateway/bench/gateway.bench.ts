// npm run bench:gateway — requests per second and p99 latency of the gateway (PWID resolution, ARK
// resolution through the NAAN table, with and without the fast path in front of Hono, bound ARKs in a
// SQLite table of BENCH_BINDINGS) beside a bare Hono handler answering a fixed 302, each server in its own child process, autocannon on loopback in this one.
// Cases run one after another (never two at once), each after a warm-up, for BENCH_ROUNDS rounds; the
// ratio to the bare handler is checked against the issues' targets (exit status 1 when one is missed).
// Run it on a quiet machine: the load average is printed, with a warning above 2.
// Then nginx `return 302` against the gateway, one core each, loaded by wrk in alternating rounds (bound
// ARK, prefix-rule ARK, NAAN-table forward; target: the gateway at 50% of nginx or more; see nginx.ts).
// nginx and wrk, on Debian/Ubuntu as root: apt-get install -y nginx-light wrk (or `nginx`); macOS: brew
// install nginx wrk. Without them that part is skipped with this instruction. BENCH_ONLY=nginx runs only it.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@pidgate/schemes';
import { openStore } from '@pidgate/store';
import autocannon from 'autocannon';
import { importLines } from '../src/admin/importer.ts';
import { compareWithNginx } from './nginx.ts';

const DURATION = Number(process.env['BENCH_SECONDS'] ?? 10);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 2);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const BINDINGS = Number(process.env['BENCH_BINDINGS'] ?? 1_000_000);
/** Prefix rules (`"prefix": true`) under the own NAAN 99999, beside the bindings. */
const RULES = 200;
const ONLY_NGINX = process.env['BENCH_ONLY'] === 'nginx';
/** Every case runs once per round, in the same order; the figures are the medians over the rounds. */
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

interface Spawned {
  child: ChildProcess;
  port: number;
  /** Milliseconds from the child's start to listening. */
  startupMs: number;
  /** NAANs in its NAAN table. */
  naans: number;
  /** Milliseconds building the services (the NAAN table loaded and indexed). */
  depsMs: number;
}
function spawnServer(mode: string, ...args: string[]): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = fork(serverScript, [mode, ...args], {
      execArgv: ['--conditions=@pidgate/source', '--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, ...(m as Omit<Spawned, 'child'>) }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

/**
 * The compiled `pidgate serve --workers N` (apps/cli/dist, as `npm start` runs it; `npm run build:cli`
 * first), its store off, on a free port; resolves once it answers.
 */
async function spawnCluster(workers: number): Promise<{ child: ChildProcess; port: number }> {
  const probe = createNetServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  const bin = fileURLToPath(new URL('../../cli/bin/pidgate.js', import.meta.url));
  const env = {
    ...process.env,
    PIDGATE_MAPTR_ENABLED: 'false',
    PIDGATE_STORE_ENABLED: 'false',
    PIDGATE_HOST: '127.0.0.1',
  };
  const child = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--workers', String(workers)], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 400; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/ark:/12025/654xz321`, { redirect: 'manual' }).then(
      (r) => r.status === 302,
      () => false,
    );
    // With several workers, the cluster answers once the first is up: give the others a moment.
    if (up) return new Promise((r) => setTimeout(() => r({ child, port }), 500 * workers));
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`pidgate serve --workers ${workers} did not start`);
}

interface Figures {
  readonly rps: number;
  readonly p99: number;
  readonly non3xx: number;
}

async function measure(url: string, paths?: string[]): Promise<Figures> {
  // A warm-up (JIT, caches, connections), then the measured run, with the same connections and duration
  // for every case. `paths` are requested in turn.
  const requests = paths?.map((path) => ({ path }));
  const options = { url, connections: CONNECTIONS, ...(requests ? { requests } : {}) };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  // A request counts as answered right only with a redirect (2xx, 4xx and 5xx are all wrong here).
  return { rps: r.requests.average, p99: r.latency.p99, non3xx: r.non2xx - (r['3xx'] ?? 0) + (r['2xx'] ?? 0) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const boundId = (i: number) => `ark:/99999/fk4b${i.toString(36)}`;
/** No rule is a prefix of another (`p12q` is no prefix of `p123q`), nor of a binding. */
const ruleId = (r: number) => `ark:/99999/p${r}q`;

/** Fill a SQLite file with BINDINGS bindings through `importLines`, the path `pidgate import` takes. */
async function fill(dir: string): Promise<{ seconds: number; ok: number }> {
  const store = await openStore({ dataDir: dir });
  const started = performance.now();
  // 99999 is the institution's own NAAN (prefix rules are read under the own NAANs).
  await store.addNaan('99999', 'bench');
  async function* lines() {
    yield Array.from({ length: RULES }, (_, r) =>
      JSON.stringify({ identifier: ruleId(r), target: `https://shoulder.example.org/${r}/`, prefix: true }),
    );
    for (let i = 0; i < BINDINGS; i += 2000) {
      const batch: string[] = [];
      for (let k = i; k < Math.min(i + 2000, BINDINGS); k++) {
        batch.push(
          JSON.stringify({
            identifier: boundId(k),
            target: `https://repository.example.org/objects/${k}`,
            erc: { who: 'Example Library', what: `Object ${k}`, when: '2024' },
          }),
        );
      }
      yield batch;
    }
  }
  const totals = await importLines(lines(), {
    store,
    registry,
    profile: 'source',
    scopes: null,
    actor: 'bench',
    emit: () => undefined,
  });
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return { seconds, ok: totals.ok - RULES };
}

function rssOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { rss: number }).rss));
    child.send('rss');
  });
}

// The machine's load before this benchmark adds its own (the import below, then a server and autocannon).
const loadBefore = load();
const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-'));
const filled = await fill(dir);
console.log(
  `import: ${filled.ok} of ${BINDINGS} bindings into SQLite in ${filled.seconds.toFixed(1)}s (${Math.round(filled.ok / filled.seconds)}/s; importLines, as pidgate import; target: 1,000,000 in 60s or less)`,
);

// nginx `return 302` against the gateway over the same store (a server of its own, pinned to one core).
{
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const n = 2000;
  const pinned = await spawnServer('bound', dir);
  const floor = await spawnServer('node');
  try {
    const met = await compareWithNginx({
      gateway: { pid: pinned.child.pid as number, port: pinned.port },
      floor: { pid: floor.child.pid as number, port: floor.port },
      cases: [
        { name: 'ARK bound', paths: Array.from({ length: n }, () => `/${boundId(random(BINDINGS))}`) },
        {
          name: 'ARK prefix rule',
          paths: Array.from({ length: n }, () => `/${ruleId(random(RULES))}${random(1e6).toString(36)}`),
        },
        // 12025 is in the NAAN table and is not an own NAAN: the store is asked first, then the table answers.
        { name: 'ARK NAAN forward', paths: Array.from({ length: n }, () => `/ark:/12025/654xz${random(1e6)}`) },
      ],
      dir,
      rounds: ROUNDS,
      seconds: DURATION,
      warmup: WARMUP,
      connections: CONNECTIONS,
      target: 0.5,
      log: (line) => console.log(line),
    });
    if (met === false) process.exitCode = 1;
  } finally {
    pinned.child.kill();
    floor.child.kill();
  }
  console.log(`load average before the benchmark ${loadBefore}, now ${load()}`);
}
if (ONLY_NGINX) {
  rmSync(dir, { recursive: true, force: true });
  process.exit();
}
const bare = await spawnServer('bare');
const gateway = await spawnServer('gateway');
const hono = await spawnServer('hono');
// The gateway with its default NAAN table: the whole public registry shipped in apps/gateway/data.
console.log(
  `gateway start-up with the full NAAN table (${gateway.naans} NAANs): ${gateway.startupMs.toFixed(0)} ms from process start to listening (the NAAN table and services: ${gateway.depsMs.toFixed(0)} ms); RSS ${((await rssOf(gateway.child)) / 2 ** 20).toFixed(0)} MB`,
);
const bound = await spawnServer('bound', dir);
// `pidgate serve` with 1 and 2 worker processes (node:cluster), compiled, as deployed.
const serve1 = await spawnCluster(1);
const serve2 = await spawnCluster(2);
try {
  // Bound ARKs spread over the whole table (random order, fixed seed), and through suffix passthrough.
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % BINDINGS;
  };
  const picks = Array.from({ length: 2000 }, () => `/${boundId(random())}`);
  interface Case {
    readonly name: string;
    readonly url: string;
    readonly paths?: string[];
    /** The case whose req/s this one is compared with (its bare handler under the same client load). */
    readonly base: string;
    /** The lowest ratio to `base` the issues ask for. */
    readonly target?: number;
  }
  const cases: Case[] = [
    { name: 'bare Hono 302', url: `http://127.0.0.1:${bare.port}/ark:/12025/654xz321`, base: 'bare Hono 302' },
    {
      name: 'serve, 1 worker',
      url: `http://127.0.0.1:${serve1.port}/ark:/12025/654xz321/s3/f8.05v.tiff`,
      base: 'bare Hono 302',
    },
    {
      name: 'serve, 2 workers',
      url: `http://127.0.0.1:${serve2.port}/ark:/12025/654xz321/s3/f8.05v.tiff`,
      base: 'bare Hono 302',
    },
    {
      name: 'PWID resolution',
      url: `http://127.0.0.1:${gateway.port}/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk`,
      base: 'bare Hono 302',
      target: 0.7,
    },
    {
      name: 'ARK via NAAN table',
      url: `http://127.0.0.1:${gateway.port}/ark:/12025/654xz321/s3/f8.05v.tiff`,
      base: 'bare Hono 302',
      target: 0.8,
    },
    // The same gateway and request with the fast path off: the identifier route of the Hono app answers.
    {
      name: 'ARK, Hono route only',
      url: `http://127.0.0.1:${hono.port}/ark:/12025/654xz321/s3/f8.05v.tiff`,
      base: 'bare Hono 302',
    },
    // The same client load against the bare handler (autocannon cycling through paths costs the client too).
    { name: 'bare 302, same paths', url: `http://127.0.0.1:${bare.port}`, paths: picks, base: 'bare 302, same paths' },
    {
      name: 'ARK bound (1M table)',
      url: `http://127.0.0.1:${bound.port}`,
      paths: picks,
      base: 'bare 302, same paths',
      target: 0.6,
    },
    {
      name: 'ARK bound + suffix',
      url: `http://127.0.0.1:${bound.port}`,
      paths: picks.map((p) => `${p}/s3/page.pdf`),
      base: 'bare 302, same paths',
      target: 0.6,
    },
  ];
  console.log(
    `\n${cases.length} cases, one after another, ${ROUNDS} round(s); each: ${WARMUP}s warm-up, then ${DURATION}s measured, ${CONNECTIONS} connections, loopback; ${availableParallelism()} CPUs; load average before the benchmark ${loadBefore}`,
  );
  // Per case, the figures of every round; ratios are taken within a round (a case against the bare run
  // just before it), so drift of the machine's load between rounds cancels out.
  const runs = new Map<string, Figures[]>(cases.map((c) => [c.name, []]));
  const ratios = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const thisRound = new Map<string, Figures>();
    for (const c of cases) {
      const f = await measure(c.url, c.paths);
      thisRound.set(c.name, f);
      runs.get(c.name)?.push(f);
      ratios.get(c.name)?.push(f.rps / (thisRound.get(c.base) as Figures).rps);
    }
    if (ROUNDS > 1) {
      const line = cases.map((c) => `${c.name} ${(thisRound.get(c.name) as Figures).rps.toFixed(0)}`).join(', ');
      console.log(`round ${round + 1}: ${line}`);
    }
  }
  const loadAfter = load();
  console.log(
    `\n${'case'.padEnd(22)}${'req/s'.padStart(10)}${'p99 ms'.padStart(9)}${'ratio'.padStart(8)}${'non-3xx'.padStart(9)}  compared with`,
  );
  const verdicts: string[] = [];
  let allMet = true;
  for (const c of cases) {
    const figures = runs.get(c.name) as Figures[];
    const rps = median(figures.map((f) => f.rps));
    const p99 = median(figures.map((f) => f.p99));
    const ratio = median(ratios.get(c.name) as number[]);
    const non3xx = figures.reduce((n, f) => n + f.non3xx, 0);
    console.log(
      `${c.name.padEnd(22)}${rps.toFixed(0).padStart(10)}${p99.toFixed(1).padStart(9)}${`${(ratio * 100).toFixed(0)}%`.padStart(8)}${String(non3xx).padStart(9)}  ${c.base === c.name ? '' : c.base}`,
    );
    if (c.target !== undefined) {
      const met = ratio >= c.target && non3xx === 0;
      allMet &&= met;
      verdicts.push(
        `${met ? 'MET    ' : 'NOT MET'} ${c.name}: ${(ratio * 100).toFixed(1)}% of ${c.base} (target: at least ${c.target * 100}%${non3xx > 0 ? '; some answers were not redirects' : ''})`,
      );
    }
  }
  console.log(`\nreq/s and p99: medians over ${ROUNDS} round(s); ratio: median of the per-round ratios\n`);
  for (const v of verdicts) console.log(v);
  const rss = await rssOf(bound.child);
  console.log(`\ngateway RSS with ${BINDINGS} bindings: ${(rss / 2 ** 20).toFixed(0)} MB (target: 300 MB or less)`);
  // The benchmark itself keeps about two processes busy: only the load found before it says whether
  // something else was running.
  console.log(`load average before the benchmark ${loadBefore}, after it ${loadAfter}`);
  if (Number(loadBefore.split(' ')[0]) > 2) {
    console.log('warning: the machine was busy (load average above 2): the figures are not reliable, run again');
  }
  if (!allMet) process.exitCode = 1;
} finally {
  bare.child.kill();
  gateway.child.kill();
  hono.child.kill();
  bound.child.kill();
  serve1.child.kill('SIGTERM');
  serve2.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 200));
  rmSync(dir, { recursive: true, force: true });
}
await (await import('./stats-overhead.ts')).statsOverhead(); // usage statistics on vs off (issue 25)
