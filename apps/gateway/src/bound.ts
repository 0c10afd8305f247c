import type { Binding, Store } from '@pidgate/store';
import { type Description, type Outcome, type StoredRecord, type Story, UNAV } from './resolvers/types.ts';
import { safeHttpUrl } from './url.ts';

/** The stored binding as the record `?`, `??` and `?info` show (and a 410 carries). */
export function recordOf(b: Binding): StoredRecord {
  return {
    erc: b.erc,
    support: b.support,
    about: {
      boundAs: b.key,
      version: b.version,
      createdAt: b.createdAt,
      updatedAt: b.updatedAt,
      ...(b.deletedAt ? { deletedAt: b.deletedAt } : {}),
    },
  };
}

/** The most candidates asked of the store at once (the store's own limit is 512). */
const MAX_CANDIDATES = 512;

/**
 * The normalized ARK and its ancestors at a `/` or `.` boundary inside Name and Qualifier, longest first:
 * `ark:/12025/654/s3.pdf` → itself, `ark:/12025/654/s3`, `ark:/12025/654`. Never the bare NAAN.
 */
export function arkCandidates(normalized: string): string[] {
  const afterLabel = normalized.startsWith('ark:/') ? 5 : 4;
  const nameStart = normalized.indexOf('/', afterLabel) + 1;
  const out = [normalized];
  if (nameStart === 0) return out;
  for (let i = normalized.length - 1; i > nameStart && out.length < MAX_CANDIDATES; i--) {
    const c = normalized.charCodeAt(i);
    if (c === 47 || c === 46) {
      const candidate = normalized.slice(0, i);
      if (candidate !== out[out.length - 1]) out.push(candidate);
    }
  }
  return out;
}

/**
 * Resolve from the institution's bindings: the exact binding, else the longest bound ancestor with the
 * rest of the identifier appended to its target (suffix passthrough). A tombstone answers 410, for the
 * identifier and everything below it. Null when nothing is bound (the caller goes on to discovery).
 */
export async function fromBindings(store: Store, normalized: string, trace: string[]): Promise<Outcome | null> {
  const hit = await store.longestBound(arkCandidates(normalized));
  if (!hit.ok) {
    if (hit.error.code === 'not-found') {
      trace.push('bindings: none');
      return null;
    }
    trace.push(`bindings: ${hit.error.code}`);
    return { kind: 'failed', status: 503, how: 'bindings', code: 'storage-error', detail: hit.error.message, trace };
  }
  const b = hit.value;
  const exact = b.key === normalized;
  if (b.tombstoned) {
    trace.push(`bindings: ${b.key} was deleted ${b.deletedAt ?? ''}`.trim());
    return {
      kind: 'gone',
      how: 'bindings',
      code: 'tombstoned',
      detail: exact
        ? `${normalized} was deleted; it will not be bound again`
        : `${b.key}, which contains ${normalized}, was deleted`,
      record: recordOf(b),
      trace,
    };
  }
  const rest = exact ? '' : normalized.slice(b.key.length);
  const target = safeHttpUrl(b.target + rest);
  if (!target) {
    trace.push(`bindings: ${b.key} gave no http(s) URL`);
    return null;
  }
  trace.push(exact ? `bindings: ${b.key}` : `bindings: ${b.key} + suffix ${rest}`);
  return {
    kind: 'redirect',
    target,
    status: b.status,
    how: exact ? 'binding' : 'binding-suffix',
    record: recordOf(b),
    trace,
  };
}

function story(record: StoredRecord['erc'], where: string): Story {
  const pick = (k: string) => record[k] ?? (k === 'where' ? where : UNAV);
  return { ...record, who: pick('who'), what: pick('what'), when: pick('when'), where: pick('where') };
}

/** `?`/`??`/`?info` from a stored record: its ERC, its commitment (or `(:unav)`), and the binding's dates. */
export function describeStored(outcome: Extract<Outcome, { kind: 'redirect' | 'gone' }>): Description {
  const record = outcome.record as StoredRecord;
  const where = outcome.kind === 'redirect' ? outcome.target : UNAV;
  return {
    erc: story(record.erc, where),
    support: record.support
      ? story(record.support, UNAV)
      : { who: UNAV, what: '(:unav) no commitment was recorded', when: UNAV, where: UNAV },
    extra: { binding: record.about ?? {} },
  };
}
