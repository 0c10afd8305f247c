import type { LinkClass, LinkResult, LinkTarget } from '@pidgate/store';
import type { ProbeResult } from './probe.ts';

/**
 * No false alarms: a target is broken only after it has failed `failuresNeeded` checks in a row, the
 * first and the last at least `windowMs` apart; a failing target is checked again every
 * `windowMs / (failuresNeeded - 1)`, so the checks that decide are spread over the window. "Try later"
 * (429, 503) is neither a failure nor a success. One success clears everything at once.
 */

export interface WindowRule {
  /** Between two checks of a target that answers, and of a broken one. */
  readonly periodMs: number;
  readonly windowMs: number;
  readonly failuresNeeded: number;
}

/** Classes that are no failure: the target answers (`redirected`: somewhere else, but it answers). */
const FINE: ReadonlySet<LinkClass> = new Set(['ok', 'redirected']);
/** A "try later" with no `Retry-After` is asked again after this long (or the period, if shorter). */
const TRY_LATER_MS = 3_600_000;
/** The shortest wait before a target is checked again. */
const MIN_AGAIN_MS = 60_000;

/** Classes that change nothing: "try later", and a target the SSRF guard refused (no request was sent). */
const NEUTRAL: ReadonlySet<LinkClass> = new Set(['try-later', 'blocked-address']);

export const isFailure = (cls: LinkClass): boolean => !FINE.has(cls) && !NEUTRAL.has(cls);

/** The wait between the checks of a failing target. */
export function retryInterval(rule: WindowRule): number {
  return Math.max(MIN_AGAIN_MS, rule.windowMs / Math.max(1, rule.failuresNeeded - 1));
}

/** The target's state after a check at `now`, and when it is due again. */
export function nextState(target: LinkTarget, probe: ProbeResult, now: Date, rule: WindowRule): LinkResult {
  const at = now.toISOString();
  const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const check = {
    target: target.target,
    at,
    class: probe.class,
    status: probe.status,
    finalUrl: probe.finalUrl,
    chain: probe.chain,
    durationMs: probe.durationMs,
    detail: probe.detail,
  };
  if (FINE.has(probe.class)) {
    return {
      state: 'ok',
      firstFailureAt: null,
      lastFailureAt: null,
      failures: 0,
      brokenAt: null,
      dueAt: after(rule.periodMs),
      check,
    };
  }
  if (probe.class === 'blocked-address') {
    // Not the target's failure: the configuration forbids the address. Its state stays; asked again next round.
    return {
      state: target.state,
      firstFailureAt: target.firstFailureAt,
      lastFailureAt: target.lastFailureAt,
      failures: target.failures,
      brokenAt: target.brokenAt,
      dueAt: after(rule.periodMs),
      check,
    };
  }
  if (probe.class === 'try-later') {
    const wait = Math.min(Math.max(probe.retryAfterMs ?? TRY_LATER_MS, MIN_AGAIN_MS), rule.periodMs);
    return {
      state: target.state,
      firstFailureAt: target.firstFailureAt,
      lastFailureAt: target.lastFailureAt,
      failures: target.failures,
      brokenAt: target.brokenAt,
      dueAt: after(Math.max(wait, MIN_AGAIN_MS)),
      check,
    };
  }
  const failures = target.failures + 1;
  const first = target.firstFailureAt ?? at;
  const broken = failures >= rule.failuresNeeded && now.getTime() - Date.parse(first) >= rule.windowMs;
  return {
    state: broken ? 'broken' : 'failing',
    firstFailureAt: first,
    lastFailureAt: at,
    failures,
    brokenAt: broken ? (target.brokenAt ?? at) : null,
    dueAt: after(broken ? rule.periodMs : Math.min(retryInterval(rule), rule.periodMs)),
    check,
  };
}
