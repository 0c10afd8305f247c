import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { join } from 'node:path';

/**
 * Test-only workaround. The root vitest config runs test processes with `--conditions import`
 * (and `module`), so Node's `require` inside node-postgres resolves `pg-pool`, `pg-protocol` and
 * `pg-connection-string` to their ESM wrappers, and `class BoundPool extends Pool` fails. Before
 * `pg` is loaded, put each package's CommonJS build in the require cache under the path the
 * misled resolution gives. Does nothing when resolution is already right.
 */
const require = createRequire(import.meta.url);
const fromPg = createRequire(require.resolve('pg/lib/index.js'));
const cache = (Module as unknown as { _cache: Record<string, unknown> })._cache;

for (const name of ['pg-pool', 'pg-protocol', 'pg-connection-string']) {
  const resolved = fromPg.resolve(name);
  const esm = resolved.lastIndexOf(`${name}/esm/`);
  if (esm < 0 || cache[resolved]) continue;
  const root = resolved.slice(0, esm + name.length + 1);
  const { main = 'index.js' } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main?: string };
  const m = new Module(resolved);
  Object.assign(m, { filename: resolved, loaded: true, exports: fromPg(join(root, main)) as unknown });
  cache[resolved] = m;
}
