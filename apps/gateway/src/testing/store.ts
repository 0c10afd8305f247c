import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@pidgate/store';
import { createApp } from '../app.ts';
import type { ConfigInput } from '../config/index.ts';
import { type AppDeps, createDeps } from '../deps.ts';
import { allSchemes, testConfig } from './helpers.ts';

/** The PostgreSQL server tests may use (`eval "$(bash scripts/ci/postgres.sh)"` sets it). */
export const TEST_DATABASE_URL = process.env['PIDGATE_TEST_DATABASE_URL'];

let schemas = 0;

/** A real store: a SQLite file in a fresh temp directory, or a fresh schema of the test PostgreSQL. */
export async function testStore(
  backend: 'sqlite' | 'postgres' = 'sqlite',
): Promise<{ store: Store; dir: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-gateway-store-'));
  const store =
    backend === 'postgres'
      ? await openStore({
          url: TEST_DATABASE_URL as string,
          schema: `pidgate_gw_${process.pid}_${Math.random().toString(36).slice(2, 8)}_${schemas++}`,
        })
      : await openStore({ dataDir: dir });
  return {
    store,
    dir,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An app over a real store, with one token per scope list given. */
export async function storeApp(
  backend: 'sqlite' | 'postgres' = 'sqlite',
  input: ConfigInput = {},
): Promise<{
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  store: Store;
  token(scopes: string[]): Promise<string>;
  close(): Promise<void>;
}> {
  const opened = await testStore(backend);
  const deps = await createDeps(testConfig(input), { registry: allSchemes, store: opened.store });
  return {
    app: createApp(deps),
    deps,
    store: opened.store,
    async token(scopes) {
      const made = await opened.store.createToken('test', scopes);
      if (!made.ok) throw new Error(made.error.message);
      return made.value.token;
    },
    close: opened.close,
  };
}
