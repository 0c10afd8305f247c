// npm run bench:ezid -w @pidgate/gateway — mints BENCH_MINTS identifiers (100,000 by default) through the
// EZID-compatible API (`POST /ezid/shoulder/ark:/99999/fk4`, HTTP Basic, an ANVL body) over a real socket on
// 127.0.0.1, BENCH_CONCURRENCY requests at a time on keep-alive connections, against a gateway in its own
// process on SQLite and, when PIDGATE_TEST_DATABASE_URL (or DATABASE_URL) is set, on PostgreSQL. Prints the
// rate and checks that every answer was `201 success: ark:/…`, every identifier distinct and bound.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@pidgate/schemes';
import { openStore, type Store } from '@pidgate/store';
import { declareShoulder } from '../src/admin/minter.ts';

const MINTS = Number(process.env['BENCH_MINTS'] ?? 100_000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 32);
const PG_URL = process.env['PIDGATE_TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'];
const serverScript = fileURLToPath(new URL('./ezid-server.ts', import.meta.url));

async function prepare(store: Store): Promise<string> {
  const shoulder = await declareShoulder(store, registry, 'source', {
    shoulder: 'ark:/99999/fk4',
    template: 'fk4.reedeedeedk',
  });
  if (!shoulder.ok) throw new Error(shoulder.error.message);
  const token = await store.createToken('bench', ['ark:/99999/fk4']);
  if (!token.ok) throw new Error(token.error.message);
  return `Basic ${Buffer.from(`bench:${token.value.token}`).toString('base64')}`;
}

function spawn(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(serverScript, args, {
      execArgv: ['--conditions=@pidgate/source', '--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`the gateway exited with ${code}`)));
  });
}

function mintOne(agent: Agent, port: number, auth: string, n: number): Promise<{ status: number; body: string }> {
  const body = `_target: https://repository.example.org/object/${n}\nerc.who: Bench, Mark\nerc.what: Object ${n}\n`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/ezid/shoulder/ark:/99999/fk4',
        headers: {
          authorization: auth,
          'content-type': 'text/plain; charset=UTF-8',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(name: string, store: Store, serverArgs: string[]): Promise<void> {
  const auth = await prepare(store);
  const { child, port } = await spawn(serverArgs);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const ids = new Set<string>();
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < MINTS) {
      const n = next++;
      const r = await mintOne(agent, port, auth, n);
      if (r.status === 201 && r.body.startsWith('success: ark:/99999/fk4')) ids.add(r.body.slice(9));
      else if (failures++ < 5) console.error(`  ${name}: ${r.status} ${r.body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  let bound = 0;
  for await (const b of store.exportBindings({ prefix: 'ark:/99999/fk4' })) if (b.ok && !b.value.tombstoned) bound++;
  console.log(
    `${name.padEnd(10)} ${MINTS} mints in ${seconds.toFixed(1)} s: ${Math.round(MINTS / seconds)} mints/s ` +
      `(${CONCURRENCY} concurrent); ${ids.size} distinct identifiers, ${bound} bound, ${failures} failed`,
  );
  if (failures > 0 || ids.size !== MINTS || bound !== MINTS) process.exitCode = 1;
}

console.log(`EZID API mint benchmark (load average ${loadavg()[0]?.toFixed(2)})`);
const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-ezid-'));
try {
  const sqlite = await openStore({ dataDir: dir });
  await run('sqlite', sqlite, ['sqlite', dir]);
  await sqlite.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (PG_URL) {
  const schema = `pidgate_bench_ezid_${process.pid}`;
  const pgStore = await openStore({ url: PG_URL, schema });
  try {
    await run('postgres', pgStore, ['postgres', PG_URL, schema]);
  } finally {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    await pgStore.close();
  }
} else console.log('postgres   skipped: set PIDGATE_TEST_DATABASE_URL to run it');
