#!/usr/bin/env node
// The pidgate command. It runs the compiled bundle in ../dist (built by `npm install` through the
// root `prepare` script, by `npm run build:cli`, and shipped in the published package).
// In a development checkout it runs the TypeScript sources instead (through tsx, slower to start)
// when PIDGATE_SOURCE=1 is set, or when dist/ is missing, saying how to rebuild it.
//
// Start-up (apps/cli/README.md, "Start-up"): this file is CommonJS (bin/package.json), and what --version,
// --help, normalize, compare and parse need at start is one CommonJS bundle, dist/light.cjs, compiled
// with V8's code cache (dist/light.cjs.cache, written by the build) when Node accepts it. Node 20 has no
// compile cache for ES modules, and its ES module loader reads, resolves and links each file
// asynchronously: a one-line normalize spent about 40% of its time there. The other commands are the
// ES modules of dist/, imported by light.cjs when they run.
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');

const dist = join(__dirname, '../dist');

/**
 * Run dist/light.cjs (a CommonJS module body; its import() calls come to `__pidgateImport`, an ES module
 * import relative to dist/) and return its exports. With its code cache unless `produce`; `script` is the
 * vm.Script, whose createCachedData() the build writes after a run (scripts/build.mjs).
 */
function loadLight(file = join(dist, 'light.cjs'), produce = false) {
  const vm = require('node:vm');
  let cachedData;
  if (!produce) {
    try {
      cachedData = readFileSync(`${file}.cache`);
    } catch {}
  }
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __pidgateImport) {${readFileSync(file, 'utf8')}\n})`,
    { filename: file, cachedData },
  );
  const module = { exports: {} };
  const importRelative = (path) => import(pathToFileURL(resolve(dirname(file), path)).href);
  script.runInThisContext()(
    module.exports,
    require('node:module').createRequire(file),
    module,
    file,
    dirname(file),
    importRelative,
  );
  if (require('node:util').debuglog('pidgate').enabled) {
    require('node:util').debuglog('pidgate')(
      `load ${file} code cache ${cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted'}`,
    );
  }
  return { exports: module.exports, script };
}

async function load() {
  const fromSource = process.env.PIDGATE_SOURCE === '1' || !existsSync(join(dist, 'main.js'));
  const sources = join(__dirname, '../src/main.ts');
  if (!fromSource || !existsSync(sources)) {
    return existsSync(join(dist, 'light.cjs'))
      ? loadLight().exports
      : import(pathToFileURL(join(dist, 'main.js')).href);
  }
  if (process.env.PIDGATE_SOURCE !== '1') {
    process.stderr.write(
      'pidgate: apps/cli/dist is missing, running the sources (slower); `npm run build:cli` builds it\n',
    );
  }
  const [{ register }, { register: registerTsx }] = await Promise.all([import('node:module'), import('tsx/esm/api')]);
  registerTsx();
  register('./source-conditions.mjs', pathToFileURL(__filename).href);
  return import(pathToFileURL(sources).href);
}

if (require.main === module) {
  load()
    .then(({ main }) => main(process.argv.slice(2)))
    .then((status) => {
      process.exitCode = status;
    });
} else {
  module.exports = { loadLight };
}
