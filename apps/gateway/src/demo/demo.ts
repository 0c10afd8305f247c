import type { Profile } from '@pidgate/core';
import type { SchemesRegistry } from '@pidgate/schemes';
import type { Store, StoreResult } from '@pidgate/store';
import { storageKey } from '../resolution/index.ts';

/**
 * Demo identifiers, as EZID has them: identifiers under a test shoulder (EZID's are `ark:/99999/fk4` and
 * `doi:10.5072/FK2`) are marked as demo identifiers wherever the console shows them, and are purged a
 * configured number of days after they were created (`demo.expiryDays`, 14 by default, EZID's two weeks).
 */

/** The actor recorded in the history of every purged demo identifier. */
export const DEMO_PURGE_ACTOR = 'demo-purge';

const DAY_MS = 86_400_000;

export interface DemoPolicy {
  /** The test shoulders as storage keys (plain string prefixes). */
  readonly prefixes: readonly string[];
  /** The test shoulders as configured (for people: `doi:10.5072/FK2`). */
  readonly shoulders: readonly string[];
  readonly expiryDays: number;
}

/** The configured test shoulders as the keys identifiers under them are stored with (unparseable ones are kept as written). */
export function demoPolicy(
  registry: SchemesRegistry,
  profile: Profile,
  demo: { readonly shoulders: readonly string[]; readonly expiryDays: number },
): DemoPolicy {
  const prefixes = demo.shoulders.map((s) => {
    const parsed = registry.parse(s, profile);
    return parsed.ok ? storageKey(parsed.value, registry) : s;
  });
  return { prefixes, shoulders: [...demo.shoulders], expiryDays: demo.expiryDays };
}

/** Is this key a demo identifier's? */
export function isDemo(policy: DemoPolicy, key: string): boolean {
  return policy.prefixes.some((p) => key.startsWith(p));
}

/** When a demo identifier created at `createdAt` expires (ISO 8601). */
export function demoExpiry(policy: DemoPolicy, createdAt: string): string {
  return new Date(Date.parse(createdAt) + policy.expiryDays * DAY_MS).toISOString();
}

/** Demo identifiers created before this instant have expired. */
export function demoCutoff(policy: DemoPolicy, now: Date): string {
  return new Date(now.getTime() - policy.expiryDays * DAY_MS).toISOString();
}

/** Purge every expired demo identifier (in rounds of `batch`); the keys purged. */
export async function purgeDemo(
  store: Store,
  policy: DemoPolicy,
  now: Date,
  batch = 1000,
): Promise<StoreResult<string[]>> {
  const purged: string[] = [];
  if (policy.prefixes.length === 0) return { ok: true, value: purged };
  const cutoff = demoCutoff(policy, now);
  for (;;) {
    const round = await store.purgeCreatedBefore(policy.prefixes, cutoff, DEMO_PURGE_ACTOR, { limit: batch });
    if (!round.ok) return round;
    purged.push(...round.value.purged);
    if (!round.value.more) return { ok: true, value: purged };
  }
}

export interface DemoSweepOptions {
  readonly store: Store;
  readonly policy: DemoPolicy;
  /** Minutes between sweeps; 0: none. The first runs one interval after the start. */
  readonly intervalMinutes: number;
  /** The clock (tests pass their own). */
  readonly now?: () => Date;
  /** Told the outcome of every sweep. */
  readonly onSweep?: (outcome: StoreResult<string[]>) => void;
}

export interface DemoSweep {
  /** Run one sweep now (also what the timer runs); sweeps never overlap. */
  sweep(): Promise<StoreResult<string[]>>;
  stop(): void;
}

/** A periodic purge of expired demo identifiers while the gateway runs (the timer does not keep the process alive). */
export function startDemoSweep(options: DemoSweepOptions): DemoSweep {
  const now = options.now ?? (() => new Date());
  let running: Promise<StoreResult<string[]>> | null = null;
  const sweep = (): Promise<StoreResult<string[]>> => {
    running ??= purgeDemo(options.store, options.policy, now()).then((outcome) => {
      running = null;
      options.onSweep?.(outcome);
      return outcome;
    });
    return running;
  };
  const timer =
    options.intervalMinutes > 0 && options.policy.prefixes.length > 0
      ? setInterval(() => void sweep(), options.intervalMinutes * 60_000)
      : null;
  timer?.unref();
  return {
    sweep,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
