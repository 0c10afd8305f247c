#!/usr/bin/env node
// Builds every library package and checks what `npm pack` would publish: the built ESM with type
// declarations, README, CHANGELOG and package.json; no test files, no TypeScript sources, no benchmarks.
// Then imports each built package with plain Node (no source condition) to prove the dist works.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const packages = readdirSync(join(root, 'packages'))
  .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) }))
  .filter(({ pkg }) => !pkg.private);

execFileSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });

let failures = 0;
for (const { dir, pkg } of packages) {
  const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: join(root, 'packages', dir),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const files = JSON.parse(out)[0].files.map((f) => f.path);
  const problems = [];
  for (const required of ['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts']) {
    if (!files.includes(required)) problems.push(`missing ${required}`);
  }
  for (const file of files) {
    if (/\.test\.|\.bench\.|(^|\/)(src|bench|test|node_modules)\//.test(file)) problems.push(`must not ship ${file}`);
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) problems.push(`ships a TypeScript source: ${file}`);
  }
  for (const [key, target] of Object.entries(pkg.exports ?? {})) {
    for (const path of [target.types, target.default]) {
      if (!files.includes(path.replace(/^\.\//, '')))
        problems.push(`export ${key} points at ${path}, not in the tarball`);
    }
  }
  try {
    execFileSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(pkg.name)})`], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    problems.push(`the built package does not load: ${String(e.stderr).split('\n').slice(0, 3).join(' ')}`);
  }
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${pkg.name} (${files.length} files)`);
  for (const p of problems) console.log(`     ${p}`);
  failures += problems.length ? 1 : 0;
}
console.log(`pack check: ${packages.length - failures} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
