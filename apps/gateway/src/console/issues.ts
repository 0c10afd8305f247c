/**
 * The dashboard's "identifier issues": identifiers that need someone's attention. The sources: what the
 * store itself knows (identifiers made unavailable, with the reason given; identifiers reserved for a long
 * time, never made public: forgotten?) and the link checker's state (`targetSource`: identifiers whose
 * target failed its last check, broken ones apart; console/links.tsx lists them all with filters).
 */
import type { StatsScope, Store } from '@pidgate/store';

export type IssueKind = 'unavailable' | 'long-reserved' | 'target-failing' | 'target-broken';

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

/**
 * The link checker's (issue 25): one issue per identifier in scope whose target failed its last check,
 * `target-broken` when it failed past the window (links.md), else `target-failing`; broken ones first.
 */
export const targetSource: IssueSource = {
  name: 'target-failing',
  async collect(store, scope, _now, limit) {
    const filter = scope.owners === null ? {} : { scope: { owners: scope.owners, groups: scope.groups } };
    const broken = await store.links.report({ ...filter, broken: true, limit });
    const all = await store.links.report({ ...filter, limit });
    if (!broken.ok || !all.ok) return [];
    const rows = [...broken.value, ...all.value.filter((r) => r.state !== 'broken')];
    const issues: Issue[] = [];
    for (const r of rows) {
      const what = `${r.lastClass ?? 'failure'}${r.lastStatus !== null ? `, HTTP ${r.lastStatus}` : ''}`;
      const ends = r.finalUrl && r.finalUrl !== r.target ? `; the redirects end at ${r.finalUrl}` : '';
      for (const i of r.identifiers) {
        if (issues.length >= limit) return issues;
        issues.push(
          r.state === 'broken'
            ? {
                key: i.key,
                kind: 'target-broken',
                detail: `Target broken (${what}): ${r.target}, failing since ${r.firstFailureAt ?? 'unknown'}, last failure ${r.lastFailureAt ?? 'unknown'}${ends}`,
                since: r.brokenAt ?? r.firstFailureAt ?? r.lastCheckedAt ?? '',
              }
            : {
                key: i.key,
                kind: 'target-failing',
                detail: `Target failing (${what}), not broken yet: ${r.target}, last failure ${r.lastFailureAt ?? 'unknown'}${ends}`,
                since: r.firstFailureAt ?? r.lastCheckedAt ?? '',
              },
        );
      }
    }
    return issues;
  },
};

/** Every source of issues, in the order the dashboard lists them. */
export const ISSUE_SOURCES: readonly IssueSource[] = [targetSource, unavailableSource, longReservedSource];

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
