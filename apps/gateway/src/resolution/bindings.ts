import type { AnyIdentifier, SchemesRegistry } from '@pidgate/schemes';
import type { Binding, Store } from '@pidgate/store';
import { storageCandidates } from './candidates.ts';
import type { Commitments } from './commitments.ts';
import { keyIdentifier, type PrefixRules } from './prefix-rules.ts';
import { passthroughTail } from './raw-prefix.ts';
import { type Description, type Outcome, type StoredRecord, type Story, UNAV } from './resolvers/types.ts';
import { ezidAbout, statusOutcome } from './status.ts';
import { storageKey } from './storage-key.ts';
import { appendToTarget } from './url.ts';

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
      // EZID's status, owner and other metadata (Dublin Core, DataCite): see status.ts.
      ...ezidAbout(b),
    },
  };
}

/**
 * Resolve from the institution's bindings: the exact binding, else the longest bound ancestor with the
 * rest of the request appended to its target as sent (suffix passthrough). A tombstone answers 410, for the
 * identifier and everything below it. Null when nothing is bound (the caller goes on to discovery).
 * `rawRest` is the request after `NAAN/` as the client sent it, query included.
 */
export async function fromBindings(
  store: Store,
  id: AnyIdentifier,
  registry: SchemesRegistry | null,
  rawRest: string,
  trace: string[],
  rules?: PrefixRules | null,
): Promise<Outcome | null> {
  const key = registry ? storageKey(id, registry) : id.normalized;
  const hit = await store.longestBound(storageCandidates(id, key));
  if (!hit.ok && hit.error.code !== 'not-found') {
    trace.push(`bindings: ${hit.error.code}`);
    return { kind: 'failed', status: 503, how: 'bindings', code: 'storage-error', detail: hit.error.message, trace };
  }
  // A prefix rule (shoulder-level, no separator needed) wins when it names more of the identifier.
  const stale = rules?.fresh();
  if (stale) await stale;
  const rule = rules?.match(key) ?? null;
  const ruleKey = rule ? keyIdentifier(rule.key).identifier : '';
  if (rule && (!hit.ok || ruleKey.length > hit.value.key.length)) return fromRule(rule, ruleKey, key, rawRest, trace);
  if (!hit.ok) {
    trace.push('bindings: none');
    return null;
  }
  const b = hit.value;
  const normalized = key.startsWith(b.key) ? key : id.normalized;
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
  // Reserved (404) and unavailable (410): see status.ts.
  const held = statusOutcome(b, normalized, exact, recordOf(b), trace);
  if (held) return held;
  const tail = passthroughTail(rawRest, b.key, normalized);
  const target = appendToTarget(b.target, tail);
  if (!target) {
    trace.push(`bindings: ${b.key} + ${JSON.stringify(tail)} gave no http(s) URL on the target's origin`);
    return {
      kind: 'not-found',
      how: 'bindings',
      code: 'suffix-refused',
      detail: `${b.key} is bound, but what follows it cannot be appended to its target`,
      trace,
    };
  }
  trace.push(tail === '' ? `bindings: ${b.key}` : `bindings: ${b.key} + passthrough ${tail}`);
  return {
    kind: 'redirect',
    target,
    status: b.status,
    how: exact ? 'binding' : 'binding-suffix',
    record: recordOf(b),
    trace,
    ...(exact && tail === '' ? { stored: b.target } : {}),
  };
}

function fromRule(rule: Binding, ruleKey: string, key: string, rawRest: string, trace: string[]): Outcome {
  if (rule.tombstoned) {
    trace.push(`bindings: prefix rule ${ruleKey} was deleted`);
    return {
      kind: 'gone',
      how: 'bindings',
      code: 'tombstoned',
      detail: `the prefix rule ${ruleKey}, which covers ${key}, was deleted`,
      record: recordOf(rule),
      trace,
    };
  }
  const tail = passthroughTail(rawRest, ruleKey, key);
  const target = appendToTarget(rule.target, tail);
  if (!target) {
    trace.push(`bindings: prefix rule ${ruleKey} + ${JSON.stringify(tail)} gave no http(s) URL on its origin`);
    return {
      kind: 'not-found',
      how: 'bindings',
      code: 'suffix-refused',
      detail: `${ruleKey} is a prefix rule, but what follows it cannot be appended to its target`,
      trace,
    };
  }
  trace.push(`bindings: prefix rule ${ruleKey} + passthrough ${tail}`);
  return { kind: 'redirect', target, status: rule.status, how: 'binding-prefix', record: recordOf(rule), trace };
}

function story(record: StoredRecord['erc'], where: string): Story {
  const pick = (k: string) => record[k] ?? (k === 'where' ? where : UNAV);
  return { ...record, who: pick('who'), what: pick('what'), when: pick('when'), where: pick('where') };
}

/** `?`/`??`/`?info` from a stored record: its ERC, its commitment (or `(:unav)`), and the binding's dates. */
export function describeStored(
  outcome: Extract<Outcome, { kind: 'redirect' | 'gone' }>,
  commitments?: Commitments | null,
): Description {
  const record = outcome.record as StoredRecord;
  const where = outcome.kind === 'redirect' ? outcome.target : UNAV;
  // No commitment of its own: the statement set for its shoulder or NAAN, if any.
  const boundAs = record.about?.['boundAs'];
  const shared = !record.support && typeof boundAs === 'string' ? (commitments?.for(boundAs) ?? null) : null;
  return {
    erc: story(record.erc, where),
    support: record.support
      ? story(record.support, UNAV)
      : shared
        ? story(shared.statement, UNAV)
        : { who: UNAV, what: '(:unav) no commitment was recorded', when: UNAV, where: UNAV },
    extra: { binding: record.about ?? {} },
  };
}
