import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Runs the ```ts examples of a README as tests. In a block, a line `EXPR; // => JSON` asserts that
 * EXPR (awaited) deep-equals the JSON value; other lines run as written. Blocks are written to a
 * cache folder below the repository's node_modules, so their imports resolve as a user's would.
 */
export function readmeExamples(readme: URL): void {
  const path = fileURLToPath(readme);
  const text = readFileSync(path, 'utf8');
  const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const root = findRoot(dirname(path));
  const cache = join(root, 'node_modules', '.cache', 'pidgate-readme');
  const stem = path.slice(root.length + 1).replace(/[^a-z0-9]+/gi, '-');

  describe(`README examples: ${path.slice(root.length + 1)}`, () => {
    it('has examples', () => {
      expect(blocks.length).toBeGreaterThan(0);
    });
    blocks.forEach((block, index) => {
      it(`block ${index + 1} gives the results it shows`, async () => {
        const checks: string[] = [];
        const body = block
          .split('\n')
          .map((line) => {
            const m = /^(.*?);?\s*\/\/ => (.*)$/.exec(line);
            if (!m) return line;
            checks.push(m[2] as string);
            return `__results.push([${JSON.stringify(line)}, await (${m[1]}), ${checks.length - 1}]);`;
          })
          .join('\n');
        mkdirSync(cache, { recursive: true });
        const file = join(cache, `${stem}-${index}.ts`);
        writeFileSync(file, `export const __results: [string, unknown, number][] = [];\n${body}\n`);
        const mod = (await import(/* @vite-ignore */ `${file}?t=${Date.now()}`)) as {
          __results: [string, unknown, number][];
        };
        expect(mod.__results).toHaveLength(checks.length);
        for (const [line, actual, i] of mod.__results) {
          expect(JSON.parse(JSON.stringify(actual ?? null)), line).toEqual(JSON.parse(checks[i] as string));
        }
      });
    });
  });
}

function findRoot(dir: string): string {
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    try {
      const pkg = JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as { workspaces?: unknown };
      if (pkg.workspaces) return d;
    } catch {}
  }
  return dir;
}
