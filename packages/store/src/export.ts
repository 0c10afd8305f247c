import type { StoreResult } from './codes.ts';
import type { Binding, ListOptions, Page } from './store.ts';

/**
 * Every binding and tombstone (under `prefix`, when given), fetched a keyset page at a time: constant
 * memory, and no read transaction or connection held between pages (other calls may run while a caller
 * consumes it).
 */
export async function* exportPages(
  list: (options: ListOptions) => Promise<StoreResult<Page<Binding>>>,
  pageSize = 1000,
  prefix = '',
): AsyncGenerator<StoreResult<Binding>> {
  let cursor: string | undefined;
  for (;;) {
    const page = await list({ prefix, cursor, limit: pageSize, includeTombstoned: true });
    if (!page.ok) {
      yield page;
      return;
    }
    for (const binding of page.value.items) yield { ok: true, value: binding };
    if (page.value.next === null) return;
    cursor = page.value.next;
  }
}
