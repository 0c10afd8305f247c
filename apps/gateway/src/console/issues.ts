/**
 * The dashboard's "identifier issues": identifiers that need someone's attention. No target-health checker
 * exists yet, so the sources today are what the store itself knows: identifiers made unavailable (with the
 * reason given) and identifiers reserved for a long time (never made public: forgotten?). A future link
 * checker adds one `IssueSource` to `ISSUE_SOURCES` (reading its own results: failing targets, redirect
 * loops, TLS errors), and the dashboard lists its issues with the others, with no change to the page.
 */
import type { StatsScope, Store } from '@pidgate/store';

export type IssueKind = 'unavailable' | 'long-reserved' | 'target-failing';

export interface Issue {
  readonly key: string;
  readonly kind: IssueKind;
  /** One sentence for people. */
  readonly detail: string;
  /** Since when (ISO 8601). */
  readonly since: string;
}

export interface IssueSource {
  readonly name: string;
  collect(store: Store, scope: StatsScope, now: Date, limit: number): Promise<Issue[]>;
}

/** Reserved for longer than this is listed (EZID's reserved identifiers are meant to be made public). */
export const LONG_RESERVED_DAYS = 30;

export const unavailableSource: IssueSource = {
  name: 'unavailable',
  async collect(store, scope, _now, limit) {
    const found = await store.findBindings(scope, { status: 'unavailable', limit });
    if (!found.ok) return [];
    return found.value.map((b) => ({
      key: b.key,
      kind: 'unavailable' as const,
      detail: b.statusReason ? `Unavailable: ${b.statusReason}` : 'Unavailable, no reason given',
      since: b.updatedAt,
    }));
  },
};

export const longReservedSource: IssueSource = {
  name: 'long-reserved',
  async collect(store, scope, now, limit) {
    const before = new Date(now.getTime() - LONG_RESERVED_DAYS * 86_400_000).toISOString();
    const found = await store.findBindings(scope, { status: 'reserved', createdBefore: before, limit });
    if (!found.ok) return [];
    return found.value.map((b) => ({
      key: b.key,
      kind: 'long-reserved' as const,
      detail: `Reserved for more than ${LONG_RESERVED_DAYS} days: make it public, or delete it if it is not needed`,
      since: b.createdAt,
    }));
  },
};

/** Every source of issues, in the order the dashboard lists them. */
export const ISSUE_SOURCES: readonly IssueSource[] = [unavailableSource, longReservedSource];

/** The issues of every source, at most `limit` from each. */
export async function collectIssues(
  store: Store,
  scope: StatsScope,
  now: Date,
  limit = 20,
  sources: readonly IssueSource[] = ISSUE_SOURCES,
): Promise<Issue[]> {
  const lists = await Promise.all(sources.map((s) => s.collect(store, scope, now, limit)));
  return lists.flat();
}
