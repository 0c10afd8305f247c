// A gateway for bench/ezid.bench.ts, in its own process: `ezid-server.ts sqlite DIR` or
// `ezid-server.ts postgres URL SCHEMA`. Sends its port to the parent once it listens.
import { openStore } from '@pidgate/store';
import { loadConfig } from '../src/config/config.ts';
import { createDeps } from '../src/deps.ts';
import { startServer } from '../src/server.ts';

const [backend, where, schema] = process.argv.slice(2);
const store =
  backend === 'postgres'
    ? await openStore({ url: where as string, schema: schema as string, poolSize: 20 })
    : await openStore({ dataDir: where as string });
const config = loadConfig({}, null, {
  port: 0,
  host: '127.0.0.1',
  log: 'off',
  maptr: { enabled: false },
  fallback: { url: null },
});
const deps = await createDeps(config, { store });
const running = await startServer({ config, deps });
process.send?.({ port: running.port });
process.on('message', async () => {
  await running.close();
  await store.close();
  process.exit(0);
});
