// `pidgate import`'s NAAN check (docs/accounts.md, "Import"): only ARKs under the NAANs this instance serves
// are bound unless --allow-foreign; the summary says how many were refused and under which NAANs.
import { guardImports, type ImportRefusals, importLines, noRefusals } from '@pidgate/gateway';

type Run = Parameters<typeof importLines>[1];

/** `importLines` through the store guarded by the NAAN check (the operator at the CLI may bind any owner). */
export async function guardedImport(
  batches: Parameters<typeof importLines>[0],
  allowForeign: boolean,
  run: Run,
): Promise<{ totals: Awaited<ReturnType<typeof importLines>>; refusals: ImportRefusals }> {
  const refusals = noRefusals();
  const store = guardImports(run.store, { principal: null, allowForeign }, refusals);
  const totals = await importLines(batches, { ...run, store });
  return { totals, refusals };
}

/** The summary's words about foreign NAANs. */
export function foreignSummary(refusals: ImportRefusals, allowForeign: boolean): string {
  if (allowForeign) return ' (--allow-foreign: ARKs under any NAAN were bound)';
  if (refusals.foreign === 0) return '';
  const naans = [...refusals.foreignNaans].sort().join(', ');
  return `; ${refusals.foreign} not bound as foreign-naan (under NAANs this instance does not serve: ${naans}; --allow-foreign binds them)`;
}
