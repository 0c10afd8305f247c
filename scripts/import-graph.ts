// The import graph of the workspace's sources, read with the TypeScript compiler's parser, and the three
// checks `import-graph.test.ts` holds the tree to: no runtime import cycle anywhere, no cycle between the
// gateway's folders (type-only imports counted), and nothing reaching past a folder's `index.ts`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One static import or re-export of one file by another (paths relative to the repository root, `/`-separated). */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  /** `import type`, `export type … from`, or an import whose every name is `type`: gone at run time. */
  readonly typeOnly: boolean;
}

/** What a file imports, as written: the module specifier and whether only types come through it. */
export interface ImportSpecifier {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

function namedTypeOnly(elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): boolean {
  return elements.length > 0 && elements.every((e) => e.isTypeOnly);
}

function importTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './x.ts'`: run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && namedTypeOnly(bindings.elements);
}

/**
 * The static imports and re-exports of a module's text (dynamic `import()` loads on demand, so it makes no
 * cycle at load time and is left out). `ts.preProcessFile` lists the specifiers but not whether an import is
 * type-only, so the file is parsed and its top-level statements read.
 */
export function readImports(fileName: string, text: string): ImportSpecifier[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: ImportSpecifier[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      found.push({ specifier: statement.moduleSpecifier.text, typeOnly: importTypeOnly(statement.importClause) });
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const clause = statement.exportClause;
      const typeOnly =
        statement.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && namedTypeOnly(clause.elements));
      found.push({ specifier: statement.moduleSpecifier.text, typeOnly });
    }
  }
  return found;
}

/** A workspace package: its name, its directory, and its exports map as the `@pidgate/source` condition reads it. */
interface WorkspacePackage {
  readonly name: string;
  readonly dir: string;
  readonly exports: Readonly<Record<string, string>>;
}

function sourceTarget(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  if (typeof entry !== 'object' || entry === null) return null;
  const conditions = entry as Record<string, unknown>;
  for (const key of ['@pidgate/source', 'import', 'default']) {
    const target = sourceTarget(conditions[key]);
    if (target) return target;
  }
  return null;
}

function readPackage(dir: string): WorkspacePackage | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; exports?: unknown };
  if (!json.name) return null;
  const exports: Record<string, string> = {};
  const map = typeof json.exports === 'string' ? { '.': json.exports } : (json.exports ?? {});
  for (const [subpath, entry] of Object.entries(map as Record<string, unknown>)) {
    const target = sourceTarget(entry);
    if (target) exports[subpath] = target;
  }
  return { name: json.name, dir, exports };
}

const SOURCE = /\.(ts|tsx|mts)$/;
const DECLARATION = /\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !DECLARATION.test(name)) out.push(path);
  }
  return out;
}

/** The workspace's packages (`packages/*`, `apps/*`) under `root`. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const out: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const pkg = readPackage(join(base, name));
      if (pkg) out.push(pkg);
    }
  }
  return out;
}

/** The file a specifier names, from `fromFile`: relative paths, and workspace packages through their exports. */
function resolveSpecifier(
  specifier: string,
  fromFile: string,
  packages: ReadonlyMap<string, WorkspacePackage>,
): string | null {
  if (specifier.startsWith('.')) {
    const path = resolve(dirname(fromFile), specifier);
    return existsSync(path) ? path : null;
  }
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  const pkg = packages.get(name);
  if (!pkg) return null; // a dependency from node_modules: outside the graph
  const subpath = `.${specifier.slice(name.length)}`;
  const target = pkg.exports[subpath];
  return target ? resolve(pkg.dir, target) : null;
}

function toKey(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/**
 * The import graph of every `.ts`/`.tsx` file under `packages/STAR/src` and `apps/STAR/src` (`STAR` any
 * package): one edge per static import or re-export that names another file of the workspace.
 */
export function buildImportGraph(root: string): ImportEdge[] {
  const packages = workspacePackages(root);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const edges: ImportEdge[] = [];
  for (const pkg of packages) {
    const src = join(pkg.dir, 'src');
    if (!existsSync(src)) continue;
    for (const file of sourceFiles(src)) {
      for (const { specifier, typeOnly } of readImports(file, readFileSync(file, 'utf8'))) {
        const target = resolveSpecifier(specifier, file, byName);
        if (target) edges.push({ from: toKey(root, file), to: toKey(root, target), typeOnly });
      }
    }
  }
  return edges;
}

/**
 * The cycles of a directed graph: one cycle (a closed path `a → b → … → a`) for each strongly connected
 * component that has one, found with Tarjan's algorithm (iterative, linear in nodes and edges).
 */
export function findCycles(edges: readonly { readonly from: string; readonly to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; child: number };
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++] as string;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(child) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = (next.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => cycleIn(component, next));
}

/** A shortest closed path through the component's first node (in sorted order), staying inside the component. */
function cycleIn(component: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const child of next.get(node) ?? []) {
      if (!members.has(child)) continue;
      if (child === start) {
        const back = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) as string) back.push(at);
        back.push(start);
        return [start, ...back.slice(1, -1).reverse(), start];
      }
      if (!cameFrom.has(child)) {
        cameFrom.set(child, node);
        queue.push(child);
      }
    }
  }
  return [start, start];
}

/** A cycle on one line: `a → b → a`. */
export function cycleText(cycle: readonly string[]): string {
  return cycle.join(' → ');
}

/** Where a file of an app sits: the folder under `src/` it is in, or null for a file at the top of `src/`. */
export function folderOf(srcDir: string, file: string): string | null {
  if (!file.startsWith(`${srcDir}/`)) return null;
  const rest = file.slice(srcDir.length + 1);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

/**
 * A test file, or a test helper (the `testing/` folder, or a folder's own `testing.ts` such as
 * `console/testing.ts`): part of no capability's dependencies.
 */
export function isTest(srcDir: string, file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /\/testing\.tsx?$/.test(file) || folderOf(srcDir, file) === 'testing';
}

/**
 * The graph between the folders of `srcDir` (`apps/gateway/src`): a node per folder, and per file at the top
 * of `src/` (the composition root: each its own node), an edge per import between two of them, type-only
 * imports included. Tests and test helpers are left out: nothing imports them.
 */
export function folderGraph(edges: readonly ImportEdge[], srcDir: string): { from: string; to: string }[] {
  const node = (file: string) => {
    const folder = folderOf(srcDir, file);
    return folder === null ? file.slice(srcDir.length + 1) : `${folder}/`;
  };
  const seen = new Set<string>();
  const out: { from: string; to: string }[] = [];
  for (const e of edges) {
    if (!e.from.startsWith(`${srcDir}/`) || !e.to.startsWith(`${srcDir}/`)) continue;
    if (isTest(srcDir, e.from) || isTest(srcDir, e.to)) continue;
    const from = node(e.from);
    const to = node(e.to);
    if (from === to || seen.has(`${from}\n${to}`)) continue;
    seen.add(`${from}\n${to}`);
    out.push({ from, to });
  }
  return out;
}

/**
 * Imports that reach into a folder of `srcDir` from outside it past its door (`FOLDER/index.ts`). Folders
 * in `exempt` (test helpers) may be imported file by file.
 */
export function pastTheDoor(
  edges: readonly ImportEdge[],
  srcDir: string,
  exempt: readonly string[] = [],
): ImportEdge[] {
  return edges.filter((e) => {
    if (!e.from.startsWith(`${srcDir}/`) || !e.to.startsWith(`${srcDir}/`)) return false;
    const target = folderOf(srcDir, e.to);
    if (target === null || exempt.includes(target) || folderOf(srcDir, e.from) === target) return false;
    return e.to !== `${srcDir}/${target}/index.ts`;
  });
}
