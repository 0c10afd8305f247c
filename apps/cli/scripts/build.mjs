#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
// Builds the compiled `pidgate` command: one ES module bundle per entry point (the CLI's main and the
// normalize worker), split so that each command is its own chunk loaded only when it runs. The
// workspace packages (@pidgate/*) are bundled from their TypeScript sources, and so are the pure
// JavaScript libraries they use (one file to read instead of hundreds: zod alone is ~100 modules).
// The packages in EXTERNAL stay imports resolved from node_modules at run time (a native addon, a
// driver with optional native parts, test-only tools, exceljs: its dependencies call the deprecated
// Buffer(), which Node warns about only outside node_modules): they are dependencies of this package, and
// scripts/check-pack.mjs checks that every import left in dist/ is one.
//
// The gateway reads a few files next to its modules (`../data/*.json`, `./assets/*`, `../package.json`):
// they are copied so the same relative paths work from dist/ (apps/cli/data/, apps/cli/dist/assets/).
//
// Runs at `npm install` (the root `prepare` script) and before `npm pack`; takes about a second.
// Plain JavaScript, so it needs nothing built before it.
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cli = fileURLToPath(new URL('..', import.meta.url));
const gateway = fileURLToPath(new URL('../../gateway/', import.meta.url));
const dist = `${cli}dist/`;
// Built into dist.next/ and moved into place at the end: a failed build leaves the last good dist/.
const next = `${cli}dist.next/`;

/** Imports left to node_modules at run time. */
export const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native', 'playwright-core', 'exceljs'];

// At `npm install` (--install) a failed build does not fail the install, except in CI: bin/pidgate.js
// then runs the sources and says how to rebuild.
const atInstall = process.argv.includes('--install');
const started = performance.now();
rmSync(next, { recursive: true, force: true });
process.on('exit', () => rmSync(next, { recursive: true, force: true }));

// The start-up bundle, dist/light.cjs: what `pidgate --version`, `--help` and the text commands (LIGHT
// below) load at start, in one CommonJS file. Node's CommonJS loader reads one file synchronously, where
// the ES module loader resolves, reads and links each of a dozen chunks asynchronously: about 40% of
// the start-up of a one-line `pidgate normalize` went there (node --cpu-prof). bin/pidgate.js requires
// it. Every other import() in it (the other commands, and what the text commands load only for some
// options: the CSV libraries, the progress bar, the encodings) stays an import() of an ES module of the
// split build below, which builds each as an entry point of its own at the top of dist/ (lazy-*.js, so
// that paths relative to import.meta.url are the same as from the chunks).
/** The modules the start-up bundle holds although imported with import(): the text commands, the help. */
const LIGHT_INLINE = /\/src\/(commands\/(normalize|compare|parse)|help)\.ts$/;
/** Entry points of the split build loaded by the start-up bundle's import() (name → source file). */
const lazy = {};
const light = await build({
  absWorkingDir: cli,
  entryPoints: { light: 'src/main.ts' },
  outdir: 'dist.next',
  jsx: 'automatic',
  jsxImportSource: 'hono/jsx',
  outExtension: { '.js': '.cjs' },
  write: false,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  conditions: ['@pidgate/source'],
  external: EXTERNAL,
  // Bundled code finds files relative to its module as if it were dist/main.js (the worker script).
  define: { 'import.meta.url': '__pidgateModuleUrl' },
  banner: {
    js: "const __pidgateModuleUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, 'main.js')).href;",
  },
  plugins: [
    {
      name: 'lazy-entries',
      setup(b) {
        b.onResolve({ filter: /.*/ }, async (args) => {
          if (args.kind !== 'dynamic-import' || args.pluginData?.lazy) return undefined;
          const resolved = await b.resolve(args.path, {
            kind: args.kind,
            importer: args.importer,
            resolveDir: args.resolveDir,
            pluginData: { lazy: true },
          });
          if (resolved.errors.length > 0 || resolved.external) return resolved.external ? resolved : undefined;
          if (LIGHT_INLINE.test(resolved.path)) return resolved;
          const source = resolved.path.startsWith(`${cli}src/`) ? resolved.path.slice(`${cli}src/`.length) : null;
          if (source === null) {
            throw new Error(
              `build: ${args.importer} imports ${args.path} with import(): import a module of apps/cli/src that imports it`,
            );
          }
          const name = `lazy-${source.replace(/\.tsx?$/, '').replaceAll('/', '-')}`;
          lazy[name] = `src/${source}`;
          return { path: `./${name}.js`, external: true };
        });
      },
    },
  ],
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  legalComments: 'none',
  logLevel: 'error',
  minifyWhitespace: true,
  minifySyntax: true,
}).catch(failed);

const result = await build({
  absWorkingDir: cli,
  entryPoints: {
    main: 'src/main.ts',
    index: 'src/index.ts',
    'normalize-worker': 'src/normalize-worker.ts',
    ...lazy,
  },
  outdir: 'dist.next',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['@pidgate/source'],
  jsx: 'automatic',
  jsxImportSource: 'hono/jsx',
  external: EXTERNAL,
  // CommonJS libraries bundled into ES modules call require() for Node's built-in modules.
  banner: {
    js: "import { createRequire as __pidgateRequire } from 'node:module'; const require = __pidgateRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  sourcesContent: false,
  chunkNames: 'chunk-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'error',
  minifyWhitespace: true,
  minifySyntax: true,
}).catch(failed);
// light.cjs is run by bin/pidgate.js through vm.Script (for the code cache), where import() does not
// work without a flag: its import() calls (of the lazy-*.js entries) call the loader's import instead.
for (const file of light.outputFiles) {
  if (!file.path.endsWith('.cjs')) writeFileSync(file.path, file.contents);
  else writeFileSync(file.path, file.text.replaceAll('import("./lazy-', '__pidgateImport("./lazy-'));
}

function failed(e) {
  if (!atInstall || process.env.CI) throw e;
  console.warn(`pidgate: the build failed (${e.message.split('\n')[0]}); \`npm run build:cli\` retries it`);
  process.exit(0);
}

// Files the gateway reads relative to its own module, at the same relative place from dist/.
mkdirSync(`${cli}data`, { recursive: true });
for (const file of readdirSync(`${gateway}data`)) cpSync(`${gateway}data/${file}`, `${cli}data/${file}`);
cpSync(`${gateway}src/web/assets`, `${next}assets`, { recursive: true });

// `pidgate normalize` (and the other text commands) must load no HTTP or database code: follow the
// static imports from the normalize command's chunk and fail the build if they reach any. Nor does
// `normalize` load the CSV or progress-bar libraries at start (they load for --format csv, on a terminal),
// nor zod (only reading a PWID archive registry file needs it; loading it costs ~50 ms per thread).
const LIGHT = ['normalize', 'compare', 'parse', 'group'];
const HEAVY =
  /(^|\/)(apps\/gateway|packages\/store|packages\/discovery)\/|node_modules\/(hono|@hono|dns2|dns-packet)\//;
const NOT_AT_START = { normalize: /node_modules\/(csv-parse|csv-stringify|cli-progress|zod)\// };
const { outputs: built } = result.metafile;
for (const name of LIGHT) {
  const chunk = Object.keys(built).find((out) => built[out].entryPoint === `src/commands/${name}.ts`);
  if (!chunk) throw new Error(`build check: no chunk for the ${name} command`);
  const seen = new Set();
  const visit = (out) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of built[out].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
    for (const i of built[out].imports) {
      if (i.kind === 'import-statement' && EXTERNAL.includes(i.path))
        throw new Error(`build check: ${name} imports ${i.path} at start`);
    }
  };
  visit(chunk);
  const heavy = [...seen].flatMap(inputsOf).filter((f) => HEAVY.test(f) || NOT_AT_START[name]?.test(f));
  if (heavy.length > 0) throw new Error(`build check: ${name} loads ${heavy.slice(0, 3).join(', ')} at start`);
}
function inputsOf(out) {
  return Object.keys(built[out].inputs);
}
// The same for the start-up bundle, which holds all four text commands: none of them loads these at start.
const lightHeavy = Object.keys(light.metafile.outputs['dist.next/light.cjs'].inputs).filter(
  (f) => HEAVY.test(f) || NOT_AT_START.normalize.test(f),
);
if (lightHeavy.length > 0) throw new Error(`build check: light.cjs holds ${lightHeavy.slice(0, 3).join(', ')}`);

// What the bundle imports from node_modules at run time (scripts/check-pack.mjs holds it to the dependencies).
const externals = [
  ...new Set(
    [...Object.values(built), ...Object.values(light.metafile.outputs)].flatMap((o) =>
      o.imports.filter((i) => i.external && !i.path.startsWith('./')).map((i) => i.path),
    ),
  ),
].sort();
writeFileSync(`${next}build.json`, `${JSON.stringify({ builtAt: new Date().toISOString(), externals }, null, 2)}\n`);
rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);

// V8's code cache for light.cjs: a Node process runs the commands once as a one-line run would (so the
// functions they call are compiled) and writes what V8 compiled. A Node of another version (or other V8
// flags) rejects it, and bin/pidgate.js then compiles light.cjs as if there were none.
const cache = spawnSync(process.execPath, [fileURLToPath(new URL('./light-cache.mjs', import.meta.url))], {
  encoding: 'utf8',
});
if (cache.status !== 0)
  console.warn(`pidgate: no code cache for dist/light.cjs (${cache.stderr.trim().split('\n')[0]})`);
const outputs = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length;
console.log(`pidgate: built apps/cli/dist (${outputs} modules) in ${Math.round(performance.now() - started)} ms`);
