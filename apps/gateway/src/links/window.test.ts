import type { LinkClass, LinkTarget } from '@pidgate/store';
import { describe, expect, it } from 'vitest';
import type { ProbeResult } from './probe.ts';
import { nextState, retryInterval, type WindowRule } from './window.ts';

// The window rule alone, on a clock the test moves: days are counted by hand, never taken from the code.
const DAY = 86_400_000;
const RULE: WindowRule = { periodMs: 30 * DAY, windowMs: 14 * DAY, failuresNeeded: 3 };
const T0 = Date.parse('2026-03-01T00:00:00Z');
const day = (n: number) => new Date(T0 + n * DAY);

const fresh: LinkTarget = {
  target: 'https://example.org/x',
  state: 'unchecked',
  lastClass: null,
  lastStatus: null,
  lastCheckedAt: null,
  firstFailureAt: null,
  lastFailureAt: null,
  failures: 0,
  brokenAt: null,
  dueAt: day(0).toISOString(),
  checks: 0,
};

const answer = (cls: LinkClass, retryAfterMs: number | null = null): ProbeResult => ({
  class: cls,
  status: null,
  finalUrl: null,
  chain: [],
  durationMs: 1,
  detail: cls,
  retryAfterMs,
});

/** Apply one check at `when`, as the store would keep it. */
function step(target: LinkTarget, cls: LinkClass, when: Date, rule = RULE, retryAfter: number | null = null) {
  const r = nextState(target, answer(cls, retryAfter), when, rule);
  const next: LinkTarget = {
    ...target,
    state: r.state,
    lastClass: cls,
    firstFailureAt: r.firstFailureAt,
    lastFailureAt: r.lastFailureAt,
    failures: r.failures,
    brokenAt: r.brokenAt,
    dueAt: r.dueAt,
    checks: target.checks + 1,
  };
  return next;
}

describe('the window rule', () => {
  it('retries a failing target every 7 days (14 / (3 - 1)), so three checks span the window', () => {
    expect(retryInterval(RULE)).toBe(7 * DAY);
    const once = step(fresh, 'client-error', day(0));
    expect(once).toMatchObject({ state: 'failing', failures: 1, dueAt: day(7).toISOString() });
  });

  it('marks a target broken only on the third failure, 14 days after the first', () => {
    let t = step(fresh, 'client-error', day(0));
    t = step(t, 'timeout', day(7));
    expect(t).toMatchObject({ state: 'failing', failures: 2 });
    t = step(t, 'dns', day(14));
    expect(t).toMatchObject({
      state: 'broken',
      failures: 3,
      firstFailureAt: day(0).toISOString(),
      lastFailureAt: day(14).toISOString(),
      brokenAt: day(14).toISOString(),
      dueAt: day(44).toISOString(),
    });
  });

  it('is not fooled by many failures in a short time', () => {
    let t = fresh;
    for (let i = 0; i < 10; i++) t = step(t, 'server-error', day(i));
    expect(t).toMatchObject({ state: 'failing', failures: 10 });
    t = step(t, 'server-error', day(14));
    expect(t.state).toBe('broken');
  });

  it('nor by a long time with too few failures', () => {
    let t = step(fresh, 'client-error', day(0));
    t = step(t, 'client-error', day(20));
    expect(t).toMatchObject({ state: 'failing', failures: 2 });
  });

  it('clears a broken target at the first success, and counts again from zero', () => {
    let t = step(fresh, 'client-error', day(0));
    t = step(t, 'client-error', day(7));
    t = step(t, 'client-error', day(14));
    expect(t.state).toBe('broken');
    t = step(t, 'redirected', day(15));
    expect(t).toMatchObject({
      state: 'ok',
      failures: 0,
      firstFailureAt: null,
      lastFailureAt: null,
      brokenAt: null,
      dueAt: day(45).toISOString(),
    });
    t = step(t, 'client-error', day(16));
    expect(t).toMatchObject({ state: 'failing', failures: 1, firstFailureAt: day(16).toISOString() });
  });

  it('never counts "try later" (429, 503) as a failure, however long it lasts', () => {
    let t = fresh;
    for (let i = 0; i <= 60; i++) t = step(t, 'try-later', day(i));
    expect(t).toMatchObject({ state: 'unchecked', failures: 0 });
    // A failing target stays failing, with its count, through "try later".
    let f = step(fresh, 'timeout', day(0));
    f = step(f, 'try-later', day(7));
    f = step(f, 'try-later', day(8));
    expect(f).toMatchObject({ state: 'failing', failures: 1, firstFailureAt: day(0).toISOString() });
  });

  it('asks again after Retry-After (at least a minute, at most a period), or after an hour', () => {
    const at = day(0);
    const due = (retryAfter: number | null) =>
      Date.parse(step(fresh, 'try-later', at, RULE, retryAfter).dueAt) - at.getTime();
    expect(due(120_000)).toBe(120_000);
    expect(due(1000)).toBe(60_000);
    expect(due(null)).toBe(3_600_000);
    expect(due(90 * DAY)).toBe(30 * DAY);
  });

  it('with one failure needed, still waits out the window', () => {
    const rule = { ...RULE, failuresNeeded: 1 };
    let t = step(fresh, 'client-error', day(0), rule);
    expect(t).toMatchObject({ state: 'failing', dueAt: day(14).toISOString() });
    t = step(t, 'client-error', day(14), rule);
    expect(t.state).toBe('broken');
    const none = { ...RULE, windowMs: 0, failuresNeeded: 1 };
    expect(step(fresh, 'client-error', day(0), none).state).toBe('broken');
  });
});
