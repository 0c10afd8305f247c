import { Agent, request } from 'node:http';
import { openStore, type Store } from '@pidgate/store';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { declareShoulder } from '../admin/index.ts';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { TEST_DATABASE_URL } from '../testing/store.ts';

// Two gateways (each its own store connection pool and mint pool) on one PostgreSQL schema, minting through
// the EZID API over real sockets at the same time: no identifier twice, every one bound.
const url = TEST_DATABASE_URL;
const PER_GATEWAY = 400;

function post(agent: Agent, port: number, auth: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/ezid/shoulder/ark:/99999/fk4',
        headers: { authorization: auth, 'content-type': 'text/plain; charset=UTF-8' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(!url)('two gateways minting on one PostgreSQL at once', () => {
  const schema = `pidgate_ezid_race_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const stores: Store[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const s of stores) await s.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it(`mint ${PER_GATEWAY} identifiers each, concurrently, with no duplicate`, async () => {
    for (let i = 0; i < 2; i++) stores.push(await openStore({ url: url as string, schema }));
    const [a, b] = stores as [Store, Store];
    const declared = await declareShoulder(a, allSchemes, 'source', {
      shoulder: 'ark:/99999/fk4',
      template: 'fk4.reedeedk',
    });
    expect(declared.ok).toBe(true);
    const token = await a.createToken('apitest', ['ark:/99999/fk4']);
    if (!token.ok) throw new Error(token.error.message);
    const auth = `Basic ${Buffer.from(`apitest:${token.value.token}`).toString('base64')}`;
    for (const store of [a, b]) {
      const config = testConfig({ port: 0, host: '127.0.0.1' });
      servers.push(await startServer({ config, deps: await createDeps(config, { registry: allSchemes, store }) }));
    }
    const run = async (server: RunningServer, tag: string) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      const out: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < PER_GATEWAY) {
            const n = next++;
            const r = await post(agent, server.port, auth, `_target: https://example.org/${tag}/${n}`);
            expect(r.status, r.text).toBe(201);
            out.push(r.text.slice('success: '.length));
          }
        }),
      );
      agent.destroy();
      return out;
    };
    const [first, second] = await Promise.all([
      run(servers[0] as RunningServer, 'a'),
      run(servers[1] as RunningServer, 'b'),
    ]);
    const all = [...(first as string[]), ...(second as string[])];
    expect(all).toHaveLength(2 * PER_GATEWAY);
    expect(new Set(all).size).toBe(all.length);
    let bound = 0;
    for await (const r of b.exportBindings({ prefix: 'ark:/99999/fk4' })) if (r.ok) bound++;
    expect(bound).toBe(all.length);
  }, 120_000);
});
