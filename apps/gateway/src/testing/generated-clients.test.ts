import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createClient as heyApi } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, testConfig } from './helpers.ts';
import { testStore } from './store.ts';

// Issue 27 item 7: the API contract as the clients people generate read it. From the /openapi.json a running
// gateway serves, clients are generated with @hey-api/openapi-ts and with openapi-typescript (+ openapi-fetch),
// each at its DEFAULT settings (no custom path serializer, no overrides), compiled with strict tsc, and run
// against that gateway on 127.0.0.1 (real SQLite store): bindings (PUT, GET, DELETE, with an identifier that
// has `:` and `/` in a path parameter), minting, tokens, the batch API and resolution. A document that gets a
// path, a status or a type wrong fails to compile or answers the wrong thing here.

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/**
 * The program each client runs: what it did, as JSON on stdout (`argv`: base URL, store token). A binding
 * answer is an ARK's binding or a PDI version (the path names either), so the drivers narrow it.
 */
const HEY_DRIVER = `
import { client } from './hey/client.gen';
import {
  compareIdentifiers, createShoulder, createToken, deleteBinding, getBinding, listTokens, mintIdentifiers,
  normalizeIdentifiers, putBinding, resolveIdentifier, resolveIdentifiers, revokeToken,
} from './hey/sdk.gen';

const [base, token] = process.argv.slice(2) as [string, string];
client.setConfig({ baseUrl: base, auth: () => token });
const out: Record<string, unknown> = {};
const shoulder = await createShoulder({ body: { shoulder: 'ark:/99999/h7', template: 'h7.reeddk' } });
out['shoulder'] = shoulder.response.status;
const minted = await mintIdentifiers({ body: { shoulder: 'ark:/99999/h7', count: 2 } });
out['mint'] = [minted.response.status, minted.data?.identifiers.length];
const id = minted.data?.identifiers[0] ?? 'ark:/99999/h7none';
const put = await putBinding({
  path: { identifier: id },
  body: { target: 'https://repository.example.org/objects/h7', status: 303, erc: { who: 'Kunze, John' } },
});
out['put'] = [put.response.status, put.data && 'status' in put.data ? put.data.status : null, put.error];
const got = await getBinding({ path: { identifier: id } });
out['get'] = [got.response.status, got.data?.target, got.data && 'status' in got.data ? got.data.status : null];
const resolved = await resolveIdentifier({ path: { identifier: id }, redirect: 'manual' });
out['resolve'] = [resolved.response.status, resolved.response.headers.get('location')];
const batch = await resolveIdentifiers({ body: { identifiers: [id, 'ark:/'] } });
out['batch'] = [batch.response.status, batch.data?.results.length];
const normalized = await normalizeIdentifiers({ body: { identifiers: ['ARK:/12025/654XZ321'] } });
out['normalize'] = normalized.response.status;
const compared = await compareIdentifiers({ body: { identifiers: ['ark:/12025/654xz321', 'ARK:/12025/654xz321'] } });
out['compare'] = compared.data?.equivalent;
const made = await createToken({ body: { name: 'hey', scopes: ['ark:/99999/h7'] } });
out['token'] = [made.response.status, typeof made.data?.token];
const tokens = await listTokens();
out['tokens'] = tokens.data?.items.some((t) => t.name === 'hey');
const revoked = await revokeToken({ path: { id: made.data?.id ?? 'none' } });
out['revoke'] = revoked.response.status;
const deleted = await deleteBinding({ path: { identifier: id } });
out['delete'] = [deleted.response.status, deleted.data && 'tombstoned' in deleted.data ? deleted.data.tombstoned : null];
const gone = await getBinding({ path: { identifier: 'ark:/99999/h7nothing' } });
out['missing'] = [gone.response.status, gone.error?.code];
console.log(JSON.stringify(out));
`;

const FETCH_DRIVER = `
import createClient from 'openapi-fetch';
import type { paths } from './oat/schema';

const [base, token] = process.argv.slice(2) as [string, string];
const client = createClient<paths>({ baseUrl: base, headers: { authorization: \`Bearer \${token}\` } });
const out: Record<string, unknown> = {};
const shoulder = await client.POST('/api/v1/shoulders', { body: { shoulder: 'ark:/99999/f8', template: 'f8.reeddk' } });
out['shoulder'] = shoulder.response.status;
const minted = await client.POST('/api/v1/mint', { body: { shoulder: 'ark:/99999/f8', count: 2 } });
out['mint'] = [minted.response.status, minted.data?.identifiers.length];
const id = minted.data?.identifiers[0] ?? 'ark:/99999/f8none';
const put = await client.PUT('/api/v1/bindings/{identifier}', {
  params: { path: { identifier: id } },
  body: { target: 'https://repository.example.org/objects/f8', status: 303, erc: { who: 'Kunze, John' } },
});
out['put'] = [put.response.status, put.data && 'status' in put.data ? put.data.status : null, put.error];
const got = await client.GET('/api/v1/bindings/{identifier}', { params: { path: { identifier: id } } });
out['get'] = [got.response.status, got.data?.target, got.data && 'status' in got.data ? got.data.status : null];
const resolved = await client.GET('/{identifier}', { params: { path: { identifier: id } }, redirect: 'manual' });
out['resolve'] = [resolved.response.status, resolved.response.headers.get('location')];
const batch = await client.POST('/api/v1/resolve', { body: { identifiers: [id, 'ark:/'] } });
out['batch'] = [batch.response.status, batch.data?.results.length];
const normalized = await client.POST('/api/v1/normalize', { body: { identifiers: ['ARK:/12025/654XZ321'] } });
out['normalize'] = normalized.response.status;
const compared = await client.POST('/api/v1/compare', {
  body: { identifiers: ['ark:/12025/654xz321', 'ARK:/12025/654xz321'] },
});
out['compare'] = compared.data?.equivalent;
const made = await client.POST('/api/v1/tokens', { body: { name: 'fetch', scopes: ['ark:/99999/f8'] } });
out['token'] = [made.response.status, typeof made.data?.token];
const tokens = await client.GET('/api/v1/tokens');
out['tokens'] = tokens.data?.items.some((t) => t.name === 'fetch');
const revoked = await client.DELETE('/api/v1/tokens/{id}', { params: { path: { id: made.data?.id ?? 'none' } } });
out['revoke'] = revoked.response.status;
const deleted = await client.DELETE('/api/v1/bindings/{identifier}', { params: { path: { identifier: id } } });
out['delete'] = [deleted.response.status, deleted.data && 'tombstoned' in deleted.data ? deleted.data.tombstoned : null];
const gone = await client.GET('/api/v1/bindings/{identifier}', { params: { path: { identifier: 'ark:/99999/f8nothing' } } });
out['missing'] = [gone.response.status, gone.error?.code];
console.log(JSON.stringify(out));
`;

/** Strict tsc over the generated clients and the drivers (the libraries' own .d.ts are not re-checked). */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: false,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM'],
    types: ['node'],
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['**/*.ts'],
};

describe('clients generated from /openapi.json at their default settings, against a running gateway', () => {
  let running: RunningServer;
  let opened: Awaited<ReturnType<typeof testStore>>;
  let token: string;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    opened = await testStore('sqlite');
    const made = await opened.store.createToken('generated', ['pidgate:admin', 'ark:/99999']);
    if (!made.ok) throw new Error(made.error.message);
    token = made.value.token;
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    running = await startServer({
      config,
      deps: await createDeps(config, { registry: allSchemes, store: opened.store }),
    });
    base = running.url.replace(/\/$/, '');
    // Inside the repository's node_modules, so the drivers resolve openapi-fetch and @types/node from there.
    const cache = join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'pidgate-generated-clients-'));
    const doc = await (await fetch(`${base}/openapi.json`)).text();
    const docFile = join(dir, 'openapi.json');
    writeFileSync(docFile, doc);
    await heyApi({ input: docFile, output: join(dir, 'hey'), logs: { level: 'silent' } });
    mkdirSync(join(dir, 'oat'));
    writeFileSync(join(dir, 'oat', 'schema.ts'), astToString(await openapiTS(doc)));
    writeFileSync(join(dir, 'hey-driver.ts'), HEY_DRIVER);
    writeFileSync(join(dir, 'fetch-driver.ts'), FETCH_DRIVER);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await running?.deps.close();
    await opened?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('both compile with strict tsc', async () => {
    const compiled = await exec(process.execPath, [TSC, '-p', dir]).then(
      () => '',
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(compiled).toBe('');
  }, 120_000);

  const drive = async (driver: string) => {
    const { stdout } = await exec(process.execPath, ['--import', 'tsx', join(dir, driver), base, token], { cwd: dir });
    return JSON.parse(stdout.trim().split('\n').pop() as string) as Record<string, unknown>;
  };

  it.each([
    ['@hey-api/openapi-ts', 'hey-driver.ts', 'h7'],
    ['openapi-typescript + openapi-fetch', 'fetch-driver.ts', 'f8'],
  ])(
    '%s drives bindings, minting, tokens, batch and resolve',
    async (_name, driver, shoulder) => {
      const out = await drive(driver);
      const target = `https://repository.example.org/objects/${shoulder}`;
      expect(out).toEqual({
        shoulder: 201,
        mint: [200, 2],
        // 303, not the first value of the status enum: a typed client may send any the schema allows.
        put: [201, 303, null],
        get: [200, target, 303],
        resolve: [303, target],
        batch: [200, 2],
        normalize: 200,
        compare: true,
        token: [201, 'string'],
        tokens: true,
        revoke: 200,
        delete: [200, true],
        missing: [404, 'not-found'],
      });
    },
    120_000,
  );
});
