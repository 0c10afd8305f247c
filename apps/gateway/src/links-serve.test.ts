import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeps } from './deps.ts';
import { startServer } from './server.ts';
import { testConfig } from './testing/helpers.ts';
import { startTargetServer } from './testing/link-servers.ts';

// `pidgate serve` runs the link checker when links.enabled, and stops it with the gateway (before the store
// closes); off by default, when it asks nothing of anyone.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-links-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the gateway and its link checker', () => {
  it.each([false, true])('checks the targets while it runs when enabled (%s), and stops with it', async (enabled) => {
    const target = await startTargetServer();
    const store = await openStore({ dataDir: join(dir, String(enabled)) });
    const at = new Date().toISOString();
    await store.importBindings([
      { key: 'ark:/99999/srv', target: `${target.origin}/ok`, createdAt: at, updatedAt: at },
    ]);
    const config = testConfig({
      port: 0,
      host: '127.0.0.1',
      links: { enabled, minDelayMs: 0, allowPrivateAddresses: true },
    });
    const running = await startServer({ config, deps: await createDeps(config, { store }) });
    if (enabled) {
      const checked = async () => {
        const t = await store.links.get(`${target.origin}/ok`);
        return t.ok && t.value.checks > 0;
      };
      for (let i = 0; i < 1000 && !(await checked()); i++) await new Promise((r) => setTimeout(r, 10));
      expect(target.hitsOf('/ok')).toBe(1);
    } else {
      await new Promise((r) => setTimeout(r, 300));
      expect(target.hitsOf('/ok')).toBe(0);
    }
    await running.close();
    const state = await store.links.get(`${target.origin}/ok`);
    expect(state.ok ? state.value.lastClass : state.error.code).toBe(enabled ? 'ok' : 'not-found');
    await store.close();
    await target.close();
  });
});
