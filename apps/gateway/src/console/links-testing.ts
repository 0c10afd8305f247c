// Link-checker state for the console's tests (not part of the door): identifiers of alice, of bob and of
// alice's group, whose targets are broken, failing or fine, written through the store's own link API
// (sync, claim, finish) as the checker writes it.
import type { LinkClass, LinkHop, Store } from '@pidgate/store';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

export const LINK_SEED = {
  /** alice's, broken: a 301 to a page that answers 404. */
  aliceBroken: { key: 'ark:/99999/fk4dead1', target: 'https://dead.example/a', final: 'https://dead.example/moved' },
  /** alice's, failing (a timeout), not broken yet. */
  aliceFailing: { key: 'ark:/99999/fk4slow1', target: 'https://slow.example/x' },
  /** alice's, answering. */
  aliceOk: { key: 'ark:/99999/fk4fine1', target: 'https://fine.example/' },
  /** carol's, in alice's group `library`: failing with a server error. */
  groupFailing: { key: 'ark:/99999/fk4grp1', target: 'https://group.example/' },
  /** bob's, broken (the host name does not resolve). */
  bobBroken: { key: 'ark:/99999/fk5gone1', target: 'https://bob.example/gone' },
} as const;

interface Step {
  readonly state: 'ok' | 'failing' | 'broken';
  readonly cls: LinkClass;
  readonly status: number | null;
  readonly chain: LinkHop[];
  readonly finalUrl: string | null;
  readonly daysAgo: number;
}

export async function seedLinks(store: Store): Promise<void> {
  const s = LINK_SEED;
  const at = ago(30);
  const item = (key: string, target: string, owner: string, ownerGroup: string) => ({
    key,
    target,
    owner,
    ownerGroup,
    createdAt: at,
    updatedAt: at,
  });
  const imported = await store.importBindings([
    item(s.aliceBroken.key, s.aliceBroken.target, 'alice', 'library'),
    item(s.aliceFailing.key, s.aliceFailing.target, 'alice', 'library'),
    item(s.aliceOk.key, s.aliceOk.target, 'alice', 'library'),
    item(s.groupFailing.key, s.groupFailing.target, 'carol', 'library'),
    item(s.bobBroken.key, s.bobBroken.target, 'bob', 'archive'),
  ]);
  if (!imported.ok) throw new Error(imported.error.message);
  const synced = await store.links.sync(ago(20));
  if (!synced.ok) throw new Error(synced.error.message);
  const dead = (status: number | null): LinkHop[] => [
    { url: s.aliceBroken.target, method: 'HEAD', status: 301 },
    { url: s.aliceBroken.final, method: 'HEAD', status },
  ];
  const steps: Record<string, Step[]> = {
    [s.aliceBroken.target]: [
      {
        state: 'failing',
        cls: 'client-error',
        status: 404,
        chain: dead(404),
        finalUrl: s.aliceBroken.final,
        daysAgo: 16,
      },
      {
        state: 'broken',
        cls: 'client-error',
        status: 410,
        chain: dead(410),
        finalUrl: s.aliceBroken.final,
        daysAgo: 1,
      },
    ],
    [s.aliceFailing.target]: [
      {
        state: 'failing',
        cls: 'timeout',
        status: null,
        chain: [{ url: s.aliceFailing.target, method: 'HEAD', status: null }],
        finalUrl: null,
        daysAgo: 2,
      },
    ],
    [s.aliceOk.target]: [
      {
        state: 'ok',
        cls: 'ok',
        status: 200,
        chain: [{ url: s.aliceOk.target, method: 'HEAD', status: 200 }],
        finalUrl: s.aliceOk.target,
        daysAgo: 2,
      },
    ],
    [s.groupFailing.target]: [
      {
        state: 'failing',
        cls: 'server-error',
        status: 500,
        chain: [{ url: s.groupFailing.target, method: 'GET', status: 500 }],
        finalUrl: s.groupFailing.target,
        daysAgo: 3,
      },
    ],
    [s.bobBroken.target]: [
      { state: 'failing', cls: 'dns', status: null, chain: [], finalUrl: null, daysAgo: 20 },
      { state: 'broken', cls: 'dns', status: null, chain: [], finalUrl: null, daysAgo: 1 },
    ],
  };
  // Round by round: every target with a step left is due, claimed, and finished with that step.
  const state = new Map<string, { first: string | null; failures: number }>();
  for (let round = 0; round < 2; round++) {
    const claimed = await store.links.claim('test', 100, ago(0), 600);
    if (!claimed.ok) throw new Error(claimed.error.message);
    for (const t of claimed.value) {
      const list = steps[t.target] ?? [];
      const step = list[round];
      if (!step) throw new Error(`${t.target} claimed with no step left`);
      const last = round === list.length - 1;
      const now = ago(step.daysAgo);
      const failed = step.state !== 'ok';
      const before = state.get(t.target) ?? { first: null, failures: 0 };
      const first = failed ? (before.first ?? now) : null;
      const failures = failed ? before.failures + 1 : 0;
      state.set(t.target, { first, failures });
      const done = await store.links.finish(
        'test',
        {
          state: step.state,
          firstFailureAt: first,
          lastFailureAt: failed ? now : null,
          failures,
          brokenAt: step.state === 'broken' ? now : null,
          dueAt: last ? ago(-7) : ago(0.5),
          check: {
            target: t.target,
            at: now,
            class: step.cls,
            status: step.status,
            finalUrl: step.finalUrl,
            chain: step.chain,
            durationMs: 5,
            detail: step.status !== null ? `HTTP ${step.status}` : step.cls,
          },
        },
        20,
      );
      if (!done.ok) throw new Error(done.error.message);
    }
  }
}
