import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  cycleText,
  findCycles,
  folderGraph,
  type ImportEdge,
  pastTheDoor,
  readImports,
} from './import-graph.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GATEWAY = 'apps/gateway/src';

const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });

describe('readImports', () => {
  it.each([
    ["import { a } from './a.ts';", { specifier: './a.ts', typeOnly: false }],
    ["import type { A } from './a.ts';", { specifier: './a.ts', typeOnly: true }],
    ["import { type A, type B } from './a.ts';", { specifier: './a.ts', typeOnly: true }],
    ["import { type A, b } from './a.ts';", { specifier: './a.ts', typeOnly: false }],
    ["import d, { type A } from './a.ts';", { specifier: './a.ts', typeOnly: false }],
    ["import * as a from './a.ts';", { specifier: './a.ts', typeOnly: false }],
    ["import './a.ts';", { specifier: './a.ts', typeOnly: false }],
    ["export { a } from './a.ts';", { specifier: './a.ts', typeOnly: false }],
    ["export type { A } from './a.ts';", { specifier: './a.ts', typeOnly: true }],
    ["export { type A } from './a.ts';", { specifier: './a.ts', typeOnly: true }],
    ["export * from './a.ts';", { specifier: './a.ts', typeOnly: false }],
  ])('%s', (text, expected) => {
    expect(readImports('x.ts', text)).toEqual([expected]);
  });

  it('leaves out dynamic imports (loaded on demand, no cycle at load time) and plain exports', () => {
    expect(readImports('x.ts', "const m = await import('./a.ts');\nexport const x = 1;\nexport { m };")).toEqual([]);
  });

  it('reads JSX files', () => {
    expect(readImports('x.tsx', "import { A } from './a.tsx';\nexport const B = () => <A />;")).toEqual([
      { specifier: './a.tsx', typeOnly: false },
    ]);
  });
});

describe('findCycles', () => {
  it('finds none in a graph without one', () => {
    expect(findCycles([edge('a', 'b'), edge('b', 'c'), edge('a', 'c')])).toEqual([]);
  });

  it('names the files of a cycle in import order, back to the first', () => {
    const cycles = findCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')]);
    expect(cycles).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycleText(cycles[0] as string[])).toBe('a → b → c → a');
  });

  it('finds a file that imports itself', () => {
    expect(findCycles([edge('a', 'a')])).toEqual([['a', 'a']]);
  });

  it('finds one cycle per tangle, the shortest through its first file', () => {
    const cycles = findCycles([
      edge('x', 'y'),
      edge('y', 'x'),
      edge('p', 'q'),
      edge('q', 'r'),
      edge('r', 'p'),
      edge('q', 'p'),
    ]);
    expect(cycles.map(cycleText).sort()).toEqual(['p → q → p', 'x → y → x']);
  });

  it('walks a long chain without running out of stack', () => {
    const chain = Array.from({ length: 50_000 }, (_, i) => edge(`n${i}`, `n${i + 1}`));
    expect(findCycles(chain)).toEqual([]);
    expect(findCycles([...chain, edge('n50000', 'n0')])[0]).toHaveLength(50_002);
  });
});

describe('folderGraph and pastTheDoor', () => {
  const src = 'apps/g/src';
  const graph = [
    edge(`${src}/http/respond.ts`, `${src}/web/index.ts`, true),
    edge(`${src}/web/routes.tsx`, `${src}/http/problem.ts`),
    edge(`${src}/web/routes.tsx`, `${src}/web/layout.tsx`),
    edge(`${src}/app.ts`, `${src}/http/index.ts`),
    edge(`${src}/http/x.test.ts`, `${src}/app.ts`),
    edge(`${src}/http/index.ts`, `${src}/testing/helpers.ts`),
    edge(`${src}/console/testing.ts`, `${src}/app.ts`),
  ];

  it('a type-only import between two folders counts: http/ ⇄ web/ is a cycle', () => {
    const cycles = findCycles(folderGraph(graph, src)).map(cycleText);
    expect(cycles).toEqual(['http/ → web/ → http/']);
  });

  it('tests and test helpers are no part of the folder graph', () => {
    expect(folderGraph(graph, src)).not.toContainEqual({ from: 'http/', to: 'app.ts' });
    expect(folderGraph(graph, src).some((e) => e.to === 'testing/')).toBe(false);
    // a folder's own test helpers (console/testing.ts) too
    expect(folderGraph(graph, src)).not.toContainEqual({ from: 'console/', to: 'app.ts' });
  });

  it('an import from outside a folder must go through its index.ts; inside, files import each other', () => {
    expect(pastTheDoor(graph, src, ['testing'])).toEqual([edge(`${src}/web/routes.tsx`, `${src}/http/problem.ts`)]);
  });
});

describe('this repository', () => {
  const graph = buildImportGraph(ROOT);

  it('reads the workspace: gateway files and imports between packages', () => {
    expect(graph.some((e) => e.from.startsWith(`${GATEWAY}/`))).toBe(true);
    expect(graph.some((e) => e.from.startsWith('apps/cli/src/') && e.to === `${GATEWAY}/index.ts`)).toBe(true);
  });

  it('has no runtime import cycle (type-only imports left out)', () => {
    const cycles = findCycles(graph.filter((e) => !e.typeOnly)).map(cycleText);
    expect(cycles, `runtime import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('has no cycle between the gateway folders, type-only imports counted', () => {
    const cycles = findCycles(folderGraph(graph, GATEWAY)).map(cycleText);
    expect(cycles, `cycles between folders of ${GATEWAY}:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('has no cycle between two files of the gateway either, type-only imports counted', () => {
    const inGateway = graph.filter((e) => e.from.startsWith(`${GATEWAY}/`) && e.to.startsWith(`${GATEWAY}/`));
    const cycles = findCycles(inGateway).map(cycleText);
    expect(cycles, `cycles between files of ${GATEWAY}:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('reaches no gateway folder past its index.ts (testing/ holds test helpers, imported file by file)', () => {
    const past = pastTheDoor(graph, GATEWAY, ['testing']).map((e) => `${e.from} → ${e.to}`);
    expect(past, `imports past a folder's index.ts:\n${past.join('\n')}`).toEqual([]);
  });

  it("keeps the gateway's resolution/ free of HTTP: no hono, no node:http, in any file but tests", () => {
    const dir = join(ROOT, GATEWAY, 'resolution');
    const files = (d: string): string[] =>
      readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : [join(d, n)]));
    const http = files(dir)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .flatMap((f) => readImports(f, readFileSync(f, 'utf8')).map((i) => `${f.slice(ROOT.length)}: ${i.specifier}`))
      .filter((line) => /: (hono|@hono\/|node:http)/.test(line));
    expect(http).toEqual([]);
  });
});
