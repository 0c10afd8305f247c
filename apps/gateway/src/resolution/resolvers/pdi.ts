import { canonicalParts, isQuery, matches, type PdiComponents, parsePdi, resourceKey } from '@pidgate/pdi';
import type { PdiVersion, Store } from '@pidgate/store';
import { safeHttpUrl } from '../url.ts';
import { type ListItem, type Outcome, type Resolver, type StoredRecord, UNAV, UNKN } from './types.ts';

/** The most PDIs one query answer lists, and the most stored versions it reads to find them. */
export const PDI_LIST_MAX = 1000;
const PDI_SCAN_MAX = 20_000;

/** The fully qualified PDI of a stored version: `urn:pdi://series/yyyy/mm/dd/id.format.version`. */
export function qualifiedPdi(v: PdiVersion): string {
  return `${v.resourceKey}.${v.format}.${v.version}`;
}

/** What the store keys a PDI on: its resource key, and the canonical format and version (when given). */
export interface PdiSelector {
  readonly resource: string;
  /** Lowercase, escapes decoded (`TEXT`, `%74ext` → `text`). */
  readonly format: string | undefined;
  readonly version: number | undefined;
}

/**
 * The store's key of a PDI (its canonical parts: `@pidgate/pdi` `canonicalParts`), or null when it names a
 * version no binding can have (beyond 2^53 - 1: the store's versions are safe integers, never rounded).
 */
export function pdiSelector(c: PdiComponents): PdiSelector | null {
  const parts = canonicalParts(c);
  let version: number | undefined;
  if (parts.version !== null) {
    version = Number(parts.version);
    if (!Number.isSafeInteger(version) || String(version) !== parts.version) return null;
  }
  return { resource: resourceKey(c), format: parts.format ?? undefined, version };
}

/** A store error that is the database's fault (503), not the question's. */
export function isStorageFailure(code: string): boolean {
  return code === 'storage-error' || code === 'store-closed';
}

function recordOf(v: PdiVersion): StoredRecord {
  return {
    erc: v.erc,
    support: null,
    about: { resource: v.resourceKey, format: v.format, version: v.version, createdAt: v.createdAt },
  };
}

/** The longest fixed start of a query's normalized form, up to a `/`: the key range to read. */
function queryPrefix(normalized: string): string {
  const star = normalized.indexOf('*');
  const head = star === -1 ? normalized : normalized.slice(0, star);
  return head.slice(0, head.lastIndexOf('/') + 1);
}

async function list(store: Store, query: PdiComponents, normalized: string): Promise<Outcome> {
  const prefix = queryPrefix(normalized);
  const items: ListItem[] = [];
  let cursor: string | undefined;
  let scanned = 0;
  const trace = [`bindings: versions under ${prefix}`];
  for (;;) {
    const page = await store.listPdi({ prefix, cursor, limit: 1000 });
    if (!page.ok) return failed(page.error.message, trace);
    for (const v of page.value.items) {
      const pdi = qualifiedPdi(v);
      const parsed = parsePdi(pdi);
      if (parsed.ok && matches(query, parsed.value)) {
        if (items.length === PDI_LIST_MAX) return { kind: 'list', how: 'bindings', items, truncated: true, trace };
        items.push({ identifier: pdi, target: v.target, createdAt: v.createdAt });
      }
    }
    scanned += page.value.items.length;
    if (!page.value.next) return { kind: 'list', how: 'bindings', items, truncated: false, trace };
    if (scanned >= PDI_SCAN_MAX) return { kind: 'list', how: 'bindings', items, truncated: true, trace };
    cursor = page.value.next;
  }
}

function failed(detail: string, trace: string[]): Outcome {
  return { kind: 'failed', status: 503, how: 'bindings', code: 'storage-error', detail, trace };
}

/**
 * PDI: from the bindings this gateway holds, per resource, format and version (never changed: a change is
 * a new version). Without a version, the highest one (without a format, the latest made in any format),
 * named in `Content-Location`. A PDI with wildcards is a query: the list of matching PDIs.
 */
export const pdiResolver: Resolver<'pdi'> = {
  scheme: 'pdi',
  async resolve(id, s): Promise<Outcome> {
    const c = id.components;
    const notBound: Outcome = {
      kind: 'not-found',
      how: 'pdi-bindings',
      code: 'pdi-not-bound',
      detail: `no binding for ${id.normalized}: PDIs resolve only through bindings this gateway holds`,
    };
    const store = s.reads ?? s.store;
    if (!store) return notBound;
    if (isQuery(c)) return list(store, c, id.normalized);
    const selector = pdiSelector(c);
    if (selector === null) return notBound;
    const found = await store.getPdi(selector.resource, selector.format, selector.version);
    // Only a failing database is 503: a format or version the store cannot hold is simply not bound.
    if (!found.ok) return isStorageFailure(found.error.code) ? failed(found.error.message, []) : notBound;
    const v = found.value;
    const target = safeHttpUrl(v.target);
    if (!target) return notBound;
    const qualified = qualifiedPdi(v);
    return {
      kind: 'redirect',
      target,
      status: 302,
      how: 'binding',
      record: recordOf(v),
      ...(c.version === null ? { contentLocation: qualified } : {}),
      trace: [`bindings: ${qualified}`],
    };
  },
  describe(_id, outcome) {
    if (outcome.kind === 'redirect' && outcome.record) {
      const erc = outcome.record.erc;
      const pick = (k: string, d: string) => erc[k] ?? d;
      return {
        erc: {
          ...erc,
          who: pick('who', UNAV),
          what: pick('what', UNAV),
          when: pick('when', UNAV),
          where: outcome.target,
        },
        support: { who: UNKN, what: '(:unav) PDI versions are never changed', when: UNAV, where: UNAV },
        extra: { binding: outcome.record.about ?? {} },
      };
    }
    return {
      erc: { who: UNKN, what: UNAV, when: UNAV, where: UNAV },
      support: { who: UNKN, what: '(:unav) no binding held by this gateway', when: UNAV, where: UNAV },
    };
  },
};
