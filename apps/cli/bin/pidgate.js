#!/usr/bin/env node
// The pidgate command. It runs the compiled bundle in ../dist (built by `npm install` through the
// root `prepare` script, by `npm run build:cli`, and shipped in the published package): dist/light.cjs,
// one CommonJS file holding what --version, --help and the text commands need at start (required
// synchronously: the quickest start Node offers), which imports the other commands' ES modules when they run.
// In a development checkout it runs the TypeScript sources instead (through tsx, slower to start)
// when PIDGATE_SOURCE=1 is set, or when dist/ is missing, saying how to rebuild it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// require(), not `import … from 'node:fs'`: an ES module import of node:fs builds all of its exports,
// loading the stream modules at start.
const { existsSync } = require('node:fs');
const { fileURLToPath } = require('node:url');
const light = new URL('../dist/light.cjs', import.meta.url);
const dist = new URL('../dist/main.js', import.meta.url);
const sources = new URL('../src/main.ts', import.meta.url);

async function load() {
  const fromSource = process.env.PIDGATE_SOURCE === '1' || !existsSync(dist);
  if (!fromSource || !existsSync(sources)) return existsSync(light) ? require(fileURLToPath(light)) : import(dist.href);
  if (process.env.PIDGATE_SOURCE !== '1') {
    process.stderr.write(
      'pidgate: apps/cli/dist is missing, running the sources (slower); `npm run build:cli` builds it\n',
    );
  }
  const [{ register }, { register: registerTsx }] = await Promise.all([import('node:module'), import('tsx/esm/api')]);
  registerTsx();
  register('./source-conditions.js', import.meta.url);
  return import(sources.href);
}

const { main } = await load();
process.exitCode = await main(process.argv.slice(2));
