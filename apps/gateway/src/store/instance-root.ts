import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Config } from '../config/index.ts';

/** The SQLite file of the store, inside the data directory. */
const DATABASE_FILE = 'pidgate.sqlite';

function declaresWorkspaces(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { workspaces?: unknown };
    return json.workspaces !== undefined;
  } catch {
    return false;
  }
}

function ancestors(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/**
 * The folder of this pidgate instance, seen from `cwd` (docs/configuration.md, "The data directory"):
 * 1. the nearest ancestor (or `cwd` itself) whose package.json declares `workspaces` (a checkout of the
 *    repository: a package folder such as apps/cli never holds a database of its own);
 * 2. else the nearest ancestor (or `cwd`) holding `data/pidgate.sqlite` (an installed instance);
 * 3. else `cwd`.
 */
export function instanceRoot(cwd: string): string {
  const dirs = ancestors(cwd);
  return dirs.find(declaresWorkspaces) ?? dirs.find((d) => existsSync(join(d, 'data', DATABASE_FILE))) ?? resolve(cwd);
}

/**
 * The configuration with `store.dataDir` made absolute: as given when `PIDGATE_DATA_DIR` or a configuration
 * file set it (relative to the working directory, or to the file); the default (`data`) under `instanceRoot`.
 */
export function resolveDataDir(config: Config, env: Readonly<Record<string, string | undefined>>, cwd: string): Config {
  const given = config.store.dataDir;
  if (isAbsolute(given)) return config;
  const base = env['PIDGATE_DATA_DIR'] !== undefined ? resolve(cwd) : instanceRoot(cwd);
  return { ...config, store: { ...config.store, dataDir: resolve(base, given) } };
}

/** The SQLite file of a data directory. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, DATABASE_FILE);
}
