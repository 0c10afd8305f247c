// The C ceiling for `npm run bench:gateway`: nginx answering `return 302 <url>;` and the gateway, each on
// one core, loaded in turn by wrk with the same threads, connections, duration and paths.
//
// Install (Debian/Ubuntu, as root): apt-get install -y nginx-light wrk   (or `nginx` instead of `nginx-light`)
// macOS: brew install nginx wrk. Without them, this part of the benchmark is skipped with that instruction.
//
// "Per core": nginx runs with `worker_processes 1` (its master only waits) and the gateway is one Node
// process; both are pinned with `taskset` to the same core (BENCH_SERVER_CPU, 0 by default), wrk to another
// (BENCH_CLIENT_CPU, 1), and only one server is loaded at a time. Rounds alternate the order (nginx first,
// then the gateway first, …) so that a drift of the machine's load between runs cancels out; the ratio is
// taken within a round and the median over the rounds is printed. nginx is run as any user: its config,
// pid file, error log and temp paths are in a temp directory, and it listens on a free port of 127.0.0.1.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const INSTALL =
  'apt-get install -y nginx-light wrk (Debian/Ubuntu, as root; or the `nginx` package), brew install nginx wrk (macOS)';

/** The path of an executable found on PATH (or in /usr/sbin, where Debian puts nginx), else null. */
export function which(name: string): string | null {
  const dirs = [...(process.env['PATH'] ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const d of dirs) {
    if (d && existsSync(join(d, name))) return join(d, name);
  }
  return null;
}

/** `taskset -a -cp CPU PID` (every thread of the process), when taskset exists and the CPU does. */
export function pin(pid: number, cpu: number): boolean {
  const taskset = which('taskset');
  if (!taskset) return false;
  try {
    execFileSync(taskset, ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

/** The minimal config: one worker, no access log, `return 302 location` for every path. */
export function nginxConfig(dir: string, port: number, location: string): string {
  const t = (name: string) => join(dir, name);
  return `worker_processes 1;
daemon off;
pid ${t('nginx.pid')};
error_log ${t('error.log')} error;
events { worker_connections 4096; }
http {
  access_log off;
  # Connections stay open as long as Node's (no limit on requests per connection), as wrk expects.
  keepalive_requests 100000000;
  client_body_temp_path ${t('body')};
  proxy_temp_path ${t('proxy')};
  fastcgi_temp_path ${t('fastcgi')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};
  server {
    listen 127.0.0.1:${port};
    location / { return 302 ${location}; }
  }
}
`;
}

export interface Nginx {
  readonly child: ChildProcess;
  readonly port: number;
  stop(): void;
}

/** Start nginx with `nginxConfig` in `dir` on a free port; resolves once it answers. */
export async function startNginx(nginx: string, dir: string, location: string): Promise<Nginx> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, location));
  // -e: the error log before the config is read (nginx 1.19.5+), so nothing is written under /var/log.
  const child = spawn(nginx, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGQUIT');
  };
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/x`, { redirect: 'manual' }).then(
      (r) => r.status === 302,
      () => false,
    );
    if (up) return { child, port, stop };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  stop();
  throw new Error(`nginx did not start (see ${join(dir, 'error.log')})`);
}

/** The pids of nginx's master and its worker (the worker is the master's child). */
export function nginxPids(master: number): number[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(master)], { encoding: 'utf8' });
    return [
      master,
      ...out
        .split('\n')
        .map(Number)
        .filter((n) => n > 0),
    ];
  } catch {
    return [master];
  }
}

/** A wrk script sending `paths` in turn (the requests built once, in `init`). */
export function wrkScript(dir: string, name: string, paths: readonly string[]): string {
  const file = join(dir, `${name}.lua`);
  const list = paths.map((p) => `  ${JSON.stringify(p)},`).join('\n');
  writeFileSync(
    file,
    `local paths = {\n${list}\n}
local reqs = {}
local i = 0
init = function(args)
  for k, p in ipairs(paths) do reqs[k] = wrk.format("GET", p) end
end
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
`,
  );
  return file;
}

/** CPU time (user + system) of the processes so far, in seconds (Linux /proc; null elsewhere). */
export function cpuSeconds(pids: readonly number[]): number | null {
  let ticks = 0;
  try {
    for (const pid of pids) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last `)`.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  // USER_HZ is 100 on every Linux Node runs on.
  return ticks / 100;
}

export interface WrkFigures {
  readonly rps: number;
  /** Requests answered in the run. */
  readonly requests: number;
  /** Answers with a status of 400 or more, and socket errors, as wrk counts them. */
  readonly errors: number;
}

/** wrk against `url` with a script, pinned to `cpu`; its Requests/sec and error counts. */
export function runWrk(
  wrk: string,
  url: string,
  script: string,
  o: { threads: number; connections: number; seconds: number; cpu: number | null },
): Promise<WrkFigures> {
  const args = ['-t', String(o.threads), '-c', String(o.connections), '-d', `${o.seconds}s`, '-s', script, url];
  const taskset = o.cpu === null ? null : which('taskset');
  const [cmd, argv] = taskset ? [taskset, ['-c', String(o.cpu), wrk, ...args]] : [wrk, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const rps = /Requests\/sec:\s*([\d.]+)/.exec(out);
      if (code !== 0 || !rps) {
        reject(new Error(`wrk failed (${code}): ${out}`));
        return;
      }
      const non = /Non-2xx or 3xx responses:\s*(\d+)/.exec(out);
      const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const socketErrors = sock ? sock.slice(1).reduce((n, s) => n + Number(s), 0) : 0;
      const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
      resolve({ rps: Number(rps[1]), requests, errors: Number(non?.[1] ?? 0) + socketErrors });
    });
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface NginxCase {
  readonly name: string;
  /** Request targets sent in turn (the same to nginx and to the gateway). */
  readonly paths: readonly string[];
}

export interface CompareOptions {
  /** The gateway to compare, one Node process, listening on 127.0.0.1:port. */
  readonly gateway: { readonly pid: number; readonly port: number };
  /** node:http answering a fixed 302 (the floor of any Node server), measured beside them; optional. */
  readonly floor?: { readonly pid: number; readonly port: number };
  readonly cases: readonly NginxCase[];
  readonly dir: string;
  readonly rounds: number;
  readonly seconds: number;
  readonly warmup: number;
  readonly connections: number;
  /** The lowest gateway/nginx ratio asked for (issue 28: 0.5). */
  readonly target: number;
  readonly log: (line: string) => void;
}

interface Contender {
  readonly name: string;
  readonly port: number;
  readonly pids: readonly number[];
}

/**
 * Every case against nginx and the gateway (and node:http, when given), `rounds` times, the order
 * rotating by round; prints each round's req/s and, per case, the medians, the median of the per-round
 * ratios to nginx and each server's CPU time per request (user + system of its processes over the
 * measured runs, from /proc: what "per core" costs, whatever else the machine was doing). Returns false
 * when the gateway's ratio is under `target` or an answer was not a redirect; null when nginx or wrk is
 * missing (the instruction to install them is printed).
 */
export async function compareWithNginx(o: CompareOptions): Promise<boolean | null> {
  const nginxBin = which('nginx');
  const wrkBin = which('wrk');
  if (!nginxBin || !wrkBin) {
    o.log(
      `\nnginx comparison skipped: ${[nginxBin ? null : 'nginx', wrkBin ? null : 'wrk'].filter(Boolean).join(' and ')} not found. Install: ${INSTALL}`,
    );
    return null;
  }
  const serverCpu = Number(process.env['BENCH_SERVER_CPU'] ?? 0);
  const clientCpu = Number(process.env['BENCH_CLIENT_CPU'] ?? 1);
  const threads = Number(process.env['BENCH_WRK_THREADS'] ?? 1);
  const location = 'https://repository.example.org/objects/123456';
  const nginx = await startNginx(nginxBin, join(o.dir, 'nginx'), location);
  try {
    const contenders: Contender[] = [
      { name: 'nginx', port: nginx.port, pids: nginxPids(nginx.child.pid as number) },
      { name: 'gateway', port: o.gateway.port, pids: [o.gateway.pid] },
      ...(o.floor ? [{ name: 'node:http', port: o.floor.port, pids: [o.floor.pid] }] : []),
    ];
    const pinned = contenders.every((c) => c.pids.every((pid) => pin(pid, serverCpu)));
    const pinning = pinned
      ? `nginx (1 worker), the gateway (1 Node process)${o.floor ? ' and node:http' : ''} pinned to CPU ${serverCpu}, wrk to CPU ${clientCpu}`
      : 'taskset missing or refused: nothing pinned';
    o.log(
      `\nnginx return 302 vs the gateway, one core each in turn: ${pinning}; wrk -t${threads} -c${o.connections}, ${o.warmup}s warm-up and ${o.seconds}s measured per run, ${o.rounds} round(s), order rotating by round`,
    );
    // Every path must be a redirect from the gateway (a 404 is cheaper than a redirect and would flatter it).
    for (const c of o.cases) {
      for (const p of c.paths.slice(0, 3)) {
        const r = await fetch(`http://127.0.0.1:${o.gateway.port}${p}`, { redirect: 'manual' });
        if (r.status < 301 || r.status > 308) throw new Error(`${c.name}: ${p} answered ${r.status}, not a redirect`);
      }
    }
    const run = (port: number, script: string, seconds: number) =>
      runWrk(wrkBin, `http://127.0.0.1:${port}`, script, {
        threads,
        connections: o.connections,
        seconds,
        cpu: pinned ? clientCpu : null,
      });
    let ok = true;
    const rows: string[] = [];
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    for (const c of o.cases) {
      const script = wrkScript(o.dir, c.name.replace(/\W+/g, '-'), c.paths);
      if (o.warmup > 0) for (const k of contenders) await run(k.port, script, o.warmup);
      const rps = new Map<string, number[]>(contenders.map((k) => [k.name, []]));
      const ratios = new Map<string, number[]>(contenders.map((k) => [k.name, []]));
      const cpu = new Map<string, { seconds: number; requests: number }>(
        contenders.map((k) => [k.name, { seconds: 0, requests: 0 }]),
      );
      let errors = 0;
      for (let round = 0; round < o.rounds; round++) {
        const order = contenders.map((_, i) => contenders[(i + round) % contenders.length] as Contender);
        const got = new Map<string, number>();
        for (const k of order) {
          const before = cpuSeconds(k.pids);
          const f = await run(k.port, script, o.seconds);
          const after = cpuSeconds(k.pids);
          got.set(k.name, f.rps);
          const used = cpu.get(k.name) as { seconds: number; requests: number };
          if (before !== null && after !== null) {
            used.seconds += after - before;
            used.requests += f.requests;
          }
          if (k.name === 'gateway') errors += f.errors;
        }
        for (const k of contenders) {
          rps.get(k.name)?.push(got.get(k.name) as number);
          ratios.get(k.name)?.push((got.get(k.name) as number) / (got.get('nginx') as number));
        }
        o.log(
          `  ${c.name}, round ${round + 1}: ${order.map((k) => `${k.name} ${(got.get(k.name) as number).toFixed(0)}`).join(', ')} req/s`,
        );
      }
      const gatewayRatio = median(ratios.get('gateway') as number[]);
      const met = gatewayRatio >= o.target && errors === 0;
      ok &&= met;
      const cells = contenders.map((k) => {
        const used = cpu.get(k.name) as { seconds: number; requests: number };
        const us = used.requests > 0 ? ((used.seconds * 1e6) / used.requests).toFixed(0) : '?';
        const r = median(rps.get(k.name) as number[]).toFixed(0);
        return k.name === 'nginx'
          ? `${r} (${us} µs)`
          : `${r} ${pct(median(ratios.get(k.name) as number[]))} (${us} µs)`;
      });
      rows.push(
        `${c.name}: ${contenders.map((k, i) => `${k.name} ${cells[i]}`).join(' | ')}; errors ${errors}: ${met ? 'MET' : 'NOT MET'} (gateway at least ${o.target * 100}% of nginx)`,
      );
    }
    o.log('\nreq/s (median over the rounds), ratio to nginx (median of the per-round ratios), CPU µs per request:');
    for (const r of rows) o.log(r);
    o.log('errors: wrk non-2xx/3xx answers and socket errors of the gateway');
    return ok;
  } finally {
    nginx.stop();
  }
}
