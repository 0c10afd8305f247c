import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registry, type SchemesRegistry } from '@pidgate/schemes';
import { createApp } from '../app.ts';
import { type ConfigInput, loadConfig } from '../config/index.ts';
import { type AppDeps, createDeps, type DepsOptions } from '../deps.ts';

/** Every scheme the gateway ships with: @pidgate/schemes' `registry`, the one `createDeps` uses by default. */
export const allSchemes: SchemesRegistry = registry;

/** A quiet config for tests: no log, no DNS and no store unless a test asks for its own. */
export function testConfig(input: ConfigInput = {}) {
  return loadConfig({}, null, { log: 'off', maptr: { enabled: false }, store: { enabled: false }, ...input });
}

export async function testApp(input: ConfigInput = {}, options: DepsOptions = {}) {
  const deps: AppDeps = await createDeps(testConfig(input), { registry: allSchemes, ...options });
  return { app: createApp(deps), deps };
}

/** A temporary directory holding `files`; returns their paths. */
export function tempFiles(files: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-gateway-'));
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    paths[name] = join(dir, name);
    writeFileSync(paths[name] as string, text);
  }
  return paths;
}

/** A natab (draft-09 §4.1 / Appendix 13 layout) with the given NAAN → NMAH lines. */
export function natab(entries: Record<string, string[]>): string {
  const lines = ['# Name Assigning Authority / Name Mapping Authority Lookup Table', '#'];
  for (const [naan, nmahs] of Object.entries(entries)) {
    lines.push(`${naan}: http://example.org/${naan}/naapolicy.html`);
    for (const h of nmahs) lines.push(`  ${h} TEST`);
    lines.push('#');
  }
  return `${lines.join('\n')}\n`;
}
