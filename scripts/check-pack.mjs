#!/usr/bin/env node
// `npm run check:pack`: what the workspace would publish, checked. Fails (exit 1) on any of:
//  - a library package whose tarball lacks its built ESM, types, README, CHANGELOG; ships a test file,
//    a test helper (`*.test-helpers.*`, `testing/`, `*.fixture.*`), a benchmark, or a TypeScript
//    source; exports `./bench`, or exports a path that is not in the tarball; or does not load with
//    plain Node (no source condition);
//  - an import a package's runtime code makes (src/, not tests, test helpers or benchmarks) of a
//    package it does not declare in its dependencies (or peerDependencies);
//  - runtime dependencies at the monorepo root;
//  - two version ranges for one dependency across the workspace;
//  - the `pidgate` package (apps/cli: CLI and gateway bundled): a tarball with sources or without its
//    bundle, data and bin, an import left in the bundle that is not one of its dependencies; and it
//    must install from its tarball into an empty directory (`npm install -g --prefix`; the npm
//    registry is the only network used; install scripts off, so no native build is downloaded) and
//    run there: --version, normalize, and serve answering a redirect, stopped by SIGTERM.
// `--skip-install` leaves out the last step (no network).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const workspaces = ['packages', 'apps'].flatMap((parent) =>
  readdirSync(join(root, parent))
    .filter((dir) => existsSync(join(root, parent, dir, 'package.json')))
    .map((dir) => ({ dir: join(parent, dir), pkg: readJson(join(root, parent, dir, 'package.json')) })),
);
const libraries = workspaces.filter(({ dir, pkg }) => dir.startsWith('packages/') && !pkg.private);

/** Files that are never part of a package's runtime: tests, test helpers, fixtures, benchmarks. */
const DEV_FILE = /\.test\.|\.test-helpers\.|\.fixture\.|\.bench\.|(^|\/)(testing|bench|test|__tests__)\//;

let failures = 0;
function report(name, problems, detail = '') {
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${name}${detail ? ` (${detail})` : ''}`);
  for (const p of problems) console.log(`     ${p}`);
  failures += problems.length ? 1 : 0;
}

function packFiles(cwd) {
  const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out)[0].files.map((f) => f.path);
}

// 1. The library packages' tarballs, built from clean (tsc leaves files it no longer emits in dist/).
for (const { dir } of libraries) rmSync(join(root, dir, 'dist'), { recursive: true, force: true });
execFileSync(npm, ['run', 'build', '--', '--force'], { cwd: root, stdio: 'inherit' });
for (const { dir, pkg } of libraries) {
  const files = packFiles(join(root, dir));
  const problems = [];
  for (const required of ['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts']) {
    if (!files.includes(required)) problems.push(`missing ${required}`);
  }
  for (const file of files) {
    if (DEV_FILE.test(file) || /(^|\/)(src|node_modules)\//.test(file)) problems.push(`must not ship ${file}`);
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) problems.push(`ships a TypeScript source: ${file}`);
  }
  for (const [key, target] of Object.entries(pkg.exports ?? {})) {
    if (key === './bench' || key.startsWith('./bench/')) {
      if (target.default || target.types || target.import) problems.push(`exports ${key} publicly`);
      continue;
    }
    // A dev-only entry (test helpers) resolves only under the workspace's source condition.
    if (target.default === undefined && target.types === undefined) continue;
    for (const path of [target.types, target.default]) {
      if (path && !files.includes(path.replace(/^\.\//, '')))
        problems.push(`export ${key} points at ${path}, not in the tarball`);
    }
    if (DEV_FILE.test(target.default ?? '')) problems.push(`export ${key} is a test helper, published`);
  }
  try {
    execFileSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(pkg.name)})`], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    problems.push(`the built package does not load: ${String(e.stderr).split('\n').slice(0, 3).join(' ')}`);
  }
  report(pkg.name, problems, `${files.length} files`);
}

// 2. Runtime imports declared where they are made; nothing at the root; one range per dependency.
const builtins = new Set(builtinModules);
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
/** The bare specifiers a module imports at run time: static and dynamic imports and re-exports, not `import type`. */
function runtimeImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specs = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) specs.push(node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly)
      specs.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

/** The source files a package runs: those reachable from its entry points by relative imports. */
function reachable(entries) {
  const seen = new Set();
  const queue = entries.filter((f) => existsSync(f));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (!spec.startsWith('.')) continue;
      const target = join(file, '..', spec);
      if (existsSync(target) && statSync(target).isFile()) queue.push(target);
    }
  }
  return [...seen];
}
for (const { dir, pkg } of workspaces) {
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    // The pidgate package bundles what it builds from (see apps/cli/scripts/build.mjs).
    ...(pkg.name === 'pidgate' ? Object.keys(pkg.devDependencies ?? {}) : []),
  ]);
  const problems = [];
  // Entry points: what the package exports (its source files), and the CLI's commands and worker.
  const exported = Object.entries(pkg.exports ?? {})
    .filter(([key]) => key === '.' || !DEV_FILE.test(key.slice(2) + '/'))
    .map(([, target]) => join(root, dir, target['@pidgate/source'] ?? target.default ?? ''));
  const entries = [...exported, ...['src/main.ts', 'src/normalize-worker.ts'].map((f) => join(root, dir, f))];
  for (const file of reachable(entries)) {
    const rel = relative(join(root, dir), file);
    if (DEV_FILE.test(rel)) problems.push(`${rel}, a test or benchmark file, is part of the runtime`);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) continue;
      const name = packageOf(spec);
      if (spec.startsWith('node:') || builtins.has(name) || name === pkg.name) continue;
      if (!declared.has(name)) problems.push(`${rel} imports ${spec}, not in its dependencies`);
    }
  }
  report(`${pkg.name}: runtime imports declared`, [...new Set(problems)]);
}
const rootPkg = readJson(join(root, 'package.json'));
report(
  'monorepo root: no runtime dependencies',
  Object.keys(rootPkg.dependencies ?? {}).map(
    (d) => `the root depends on ${d}: declare it in the package that imports it`,
  ),
);
const ranges = new Map();
for (const { pkg } of [{ pkg: rootPkg }, ...workspaces]) {
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (!ranges.has(name)) ranges.set(name, new Map());
      ranges.get(name).set(range, [...(ranges.get(name).get(range) ?? []), pkg.name]);
    }
  }
}
report(
  'one version range per dependency',
  [...ranges]
    .filter(([, byRange]) => byRange.size > 1)
    .map(([name, byRange]) => `${name}: ${[...byRange].map(([r, who]) => `${r} (${who.join(', ')})`).join(' vs ')}`),
);

// 3. The pidgate package.
const cliDir = join(root, 'apps/cli');
const cli = readJson(join(cliDir, 'package.json'));
{
  execFileSync(process.execPath, [join(cliDir, 'scripts/build.mjs')], { stdio: 'inherit' });
  const files = packFiles(cliDir);
  const problems = [];
  for (const required of [
    'package.json',
    'README.md',
    'CHANGELOG.md',
    'bin/pidgate.js',
    'bin/package.json',
    'dist/main.js',
    'dist/light.cjs',
  ]) {
    if (!files.includes(required)) problems.push(`missing ${required}`);
  }
  for (const prefix of ['dist/normalize-worker.js', 'dist/assets/', 'data/']) {
    if (!files.some((f) => f.startsWith(prefix))) problems.push(`missing ${prefix}`);
  }
  if (cli.private) problems.push('is private');
  if (cli.bin?.pidgate !== './bin/pidgate.js') problems.push('bin.pidgate is not ./bin/pidgate.js');
  for (const file of files) {
    if (/(^|\/)(src|bench|scripts|node_modules)\//.test(file) || DEV_FILE.test(file))
      problems.push(`must not ship ${file}`);
    if (file.endsWith('.ts')) problems.push(`ships a TypeScript source: ${file}`);
  }
  // What the bundle still imports from node_modules, as esbuild recorded it (dist/build.json).
  const deps = new Set(Object.keys(cli.dependencies ?? {}));
  const { externals } = readJson(join(cliDir, 'dist/build.json'));
  for (const spec of externals) {
    const name = packageOf(spec);
    if (spec.startsWith('node:') || builtins.has(name)) continue;
    if (!deps.has(name)) problems.push(`the bundle imports ${spec}, not a dependency of pidgate`);
  }
  report('pidgate: tarball', [...new Set(problems)], `${files.length} files`);
}

if (!process.argv.includes('--skip-install')) {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-pack-'));
  const problems = [];
  try {
    const tgz = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: cliDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = join(dir, JSON.parse(tgz)[0].filename);
    const prefix = join(dir, 'global');
    execFileSync(
      npm,
      ['install', '-g', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', tarball],
      { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const bin = join(prefix, 'bin', 'pidgate');
    const env = { ...process.env, PIDGATE_SOURCE: '', NODE_OPTIONS: '' };
    const run = (args, input) => execFileSync(bin, args, { cwd: dir, input, encoding: 'utf8', env });
    if (run(['--version']).trim() !== cli.version) problems.push('pidgate --version does not print the version');
    const line = JSON.parse(run(['normalize'], 'ARK:/12345/x\n'));
    if (line.normalized !== 'ark:/12345/x') problems.push(`normalize gave ${JSON.stringify(line)}`);
    const port = await freePort();
    const server = spawn(bin, ['serve', '--port', String(port), '--host', '127.0.0.1'], {
      cwd: dir,
      env: { ...env, PIDGATE_STORE_ENABLED: 'false', PIDGATE_MAPTR_ENABLED: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((r) => server.once('exit', (code) => r(code)));
    let status = 0;
    for (let i = 0; i < 200 && status === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = await fetch(`http://127.0.0.1:${port}/urn:nbn:de:bvb:19-146642`, { redirect: 'manual' }).then(
        (r) => r.status,
        () => 0,
      );
    }
    if (status !== 302) problems.push(`serve answered ${status}, not 302`);
    server.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) problems.push(`serve exited ${code} on SIGTERM`);
  } catch (e) {
    problems.push(`install or run failed: ${String(e.message).split('\n').slice(0, 3).join(' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report('pidgate: installs from its tarball and runs', problems);
}

async function freePort() {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

console.log(`pack check: ${failures === 0 ? 'passed' : `${failures} failed`}`);
process.exit(failures ? 1 : 0);
