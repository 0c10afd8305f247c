// What an import may bind (docs/accounts.md, "Import"): the ownership rule for whoever imports, and only
// under the NAANs this instance serves unless foreign ones are allowed (`pidgate import --allow-foreign`).
// It wraps the store the importer writes through (`importLines`' `store`), so the importer is unchanged.
// The ownership rule itself is the store's, checked in each batch's transaction (`acting`).
import type { ImportItem, ImportItemResult, Principal, Store, StoreError, StoreResult } from '@pidgate/store';

export interface ImportPolicy {
  /** Who imports (the ownership rule applies), or null for the operator at the command line. */
  readonly principal: Principal | null;
  /** True: bind under any NAAN (`--allow-foreign`); false: only under the NAANs in the store. */
  readonly allowForeign: boolean;
}

/** What the guard refused, for the import summary. */
export interface ImportRefusals {
  foreign: number;
  notOwner: number;
  /** The foreign NAANs met, sorted (at most 20 kept). */
  readonly foreignNaans: Set<string>;
}

/** The NAAN of an ARK key (`ark:/12345/x` → `12345`), lowercased; null for anything else. */
export function naanOf(key: string): string | null {
  const m = /^ark:\/?([^/]+)/.exec(key);
  return m ? (m[1] as string).toLowerCase() : null;
}

/** The store's answers to an item the importer may not bind (a put answers `not-found` only for a hidden one). */
const REFUSED: ReadonlySet<string> = new Set(['not-owner', 'ownership-change', 'not-found']);

const refusal = (code: string, message: string): StoreError => ({ code, message, offset: null }) as StoreError;

/**
 * The store with its `importBindings` guarded by the policy: every other method is the store's own. A
 * refused item is reported to `onResult` like a failed write (code `foreign-naan`, `not-owner`,
 * `ownership-change`) and counted in `refusals`.
 */
export function guardImports(store: Store, policy: ImportPolicy, refusals: ImportRefusals): Store {
  let naans: Set<string> | null = null;
  const home = async (): Promise<StoreResult<Set<string>>> => {
    if (naans) return { ok: true, value: naans };
    const listed = await store.listNaans();
    if (!listed.ok) return listed;
    naans = new Set(listed.value.map((n) => n.naan.toLowerCase()));
    return { ok: true, value: naans };
  };

  async function decide(item: ImportItem): Promise<StoreResult<ImportItem | StoreError>> {
    if (!policy.allowForeign) {
      const own = await home();
      if (!own.ok) return own;
      const naan = naanOf(item.key);
      if (naan === null || !own.value.has(naan)) {
        refusals.foreign++;
        if (naan && refusals.foreignNaans.size < 20) refusals.foreignNaans.add(naan);
        return {
          ok: true,
          value: refusal(
            'foreign-naan',
            `${item.key} is not under a NAAN this instance serves (--allow-foreign binds it)`,
          ),
        };
      }
    }
    return { ok: true, value: item };
  }

  const importBindings: Store['importBindings'] = async (items, options) => {
    const all: ImportItem[] = [];
    for await (const item of items) all.push(item);
    const allowed: ImportItem[] = [];
    const indexOf: number[] = [];
    const refused: ImportItemResult[] = [];
    for (let i = 0; i < all.length; i++) {
      const item = all[i] as ImportItem;
      const decided = await decide(item);
      if (!decided.ok) return decided;
      if ('code' in decided.value) {
        const r: ImportItemResult = { index: i, key: item.key, ok: false, error: decided.value };
        refused.push(r);
        options?.onResult?.(r);
      } else {
        indexOf.push(i);
        allowed.push(decided.value);
      }
    }
    const p = policy.principal;
    const summary = await store.importBindings(allowed, {
      ...options,
      ...(p ? { acting: { principal: p } } : {}),
      onResult: (r) => {
        const index = indexOf[r.index] as number;
        if (r.ok || !REFUSED.has(r.error.code)) return options?.onResult?.({ ...r, index });
        refusals.notOwner++;
        // A hidden (reserved) identifier is refused as any other not the importer's: no hint that it is reserved.
        const error =
          r.error.code === 'not-found'
            ? refusal('not-owner', `only its owner, co-owners, group or an administrator may bind ${r.key}`)
            : r.error;
        options?.onResult?.({ ...r, index, error });
      },
    });
    if (!summary.ok) return summary;
    const s = summary.value;
    return {
      ok: true,
      value: {
        ...s,
        total: all.length,
        failed: s.failed + refused.length,
        failures: [...refused, ...s.failures].slice(0, 1000),
      },
    };
  };

  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'importBindings') return importBindings;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

export const noRefusals = (): ImportRefusals => ({ foreign: 0, notOwner: 0, foreignNaans: new Set() });
