import type { FallbackMode, Store } from '@pidgate/store';
import type { ArchiveFinder, Capture, FallbackAnswer, FallbackModes, TargetHealth } from './fallback-types.ts';
import type { Outcome } from './resolvers/types.ts';

/**
 * The web-archive fallback of a broken target (issue 25). The link checker (links/, `store.links`) says which
 * targets are broken, by the window rule; for such a target `?info` lists the latest captures the configured
 * archives hold (`ArchiveFinder`, built by archive/ and passed in: resolution/ sends nothing anywhere itself),
 * and under a shoulder that opted in (`store.fallbacks`) resolution answers a page that says the target is
 * gone and links the latest capture, or redirects to it, saying so in a header. Never silently: a redirect
 * carries `Pidgate-Fallback` and the original target in `Link`; with no capture found the page says so.
 */

/**
 * The fallback settings of the shoulders (`store.fallbacks`), kept in memory, as `Commitments` keeps the
 * commitment statements: read at start, after a change made here (`refresh`), and again in the background
 * when older than `ttlMs`. A resolution never waits for the read; with no shoulder opted in it costs a look
 * at an empty list.
 */
export class ShoulderFallbacks implements FallbackModes {
  #list: readonly { readonly key: string; readonly mode: FallbackMode }[] = [];
  #at = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    readonly ttlMs = 5000,
  ) {}

  refresh(): Promise<void> {
    this.#refreshing ??= this.store.fallbacks.list().then(
      (r) => {
        if (r.ok) this.#list = r.value.filter((s) => s.mode !== 'none').sort((a, b) => b.key.length - a.key.length);
        this.#at = Date.now();
        this.#refreshing = null;
      },
      () => {
        this.#refreshing = null;
      },
    );
    return this.#refreshing;
  }

  /** The mode of the longest shoulder that covers the storage key `key` (`none` when none opted in). */
  modeFor(key: string): FallbackMode {
    if (Date.now() - this.#at > this.ttlMs) void this.refresh();
    for (const s of this.#list) if (key.startsWith(s.key)) return s.mode;
    return 'none';
  }
}

/** The services the fallback needs (optional members of `ResolverServices`). */
export interface FallbackServices {
  readonly store: Store | null;
  readonly fallbacks?: FallbackModes | null;
  readonly archiveFinder?: ArchiveFinder | null;
}

type Redirect = Extract<Outcome, { kind: 'redirect' }>;

/** The binding's own target and key, when the redirect is to an exact binding's stored target. */
function boundTarget(o: Redirect): { readonly key: string; readonly target: string } | null {
  if (o.how !== 'binding' || o.stored === undefined) return null;
  const key = o.record?.about?.['boundAs'];
  return typeof key === 'string' ? { key, target: o.stored } : null;
}

/** The checker's view of a target, with captures when broken; null when it was never checked (or the store failed). */
export async function targetHealth(services: FallbackServices, target: string): Promise<TargetHealth | null> {
  if (!services.store) return null;
  const got = await services.store.links.get(target);
  if (!got.ok || got.value.state === 'unchecked') return null;
  const t = got.value;
  const health: TargetHealth = {
    target,
    state: t.state,
    lastClass: t.lastClass,
    lastStatus: t.lastStatus,
    lastChecked: t.lastCheckedAt,
    brokenSince: t.brokenAt,
  };
  if (t.state !== 'broken') return health;
  const finder = services.archiveFinder;
  const report = finder?.enabled ? await finder.captures(target) : { captures: [], archives: [] };
  return { ...health, captures: report.captures, archives: report.archives };
}

/** `?info` of an identifier bound to a checked target: the target's state (and captures, when broken). */
export function infoHealth(services: FallbackServices, outcome: Outcome): Promise<TargetHealth | null> | null {
  if (outcome.kind !== 'redirect' || !services.store) return null;
  const bound = boundTarget(outcome);
  return bound ? targetHealth(services, bound.target) : null;
}

/**
 * Resolution of an identifier under a shoulder that opted in, whose target is broken: the fallback answer
 * (the page, or the redirect to the latest capture), else null (resolve as usual). Null at once (no await)
 * when the identifier's shoulder did not opt in.
 */
export function fallbackFor(
  services: FallbackServices,
  outcome: Outcome,
): Promise<{ outcome: Outcome; fallback: FallbackAnswer } | null> | null {
  if (outcome.kind !== 'redirect' || !services.fallbacks) return null;
  const bound = boundTarget(outcome);
  if (!bound) return null;
  const mode = services.fallbacks.modeFor(bound.key);
  if (mode === 'none') return null;
  return targetHealth(services, bound.target).then((health) => {
    if (!health || health.state !== 'broken') return null;
    const trace = [...(outcome.trace ?? []), `fallback: ${bound.target} is broken since ${health.brokenSince}`];
    const latest = health.captures?.[0];
    const fallback: FallbackAnswer = { mode, original: bound.target, health };
    if (mode === 'archive-redirect' && latest) {
      trace.push(`fallback: the latest capture, ${latest.pwid}`);
      return {
        fallback,
        outcome: {
          kind: 'redirect',
          target: latest.url,
          status: 302,
          how: 'archive-fallback',
          links: [
            `<${bound.target}>; rel="original"`,
            `<${latest.url}>; rel="memento"; datetime="${httpDate(latest)}"`,
          ],
          fallback: `archive; broken-since="${health.brokenSince ?? ''}"; pwid="${latest.pwid.replace(/["\\]/g, '')}"`,
          trace,
        },
      };
    }
    trace.push(latest ? `fallback: a page linking ${latest.pwid}` : 'fallback: no capture found; a page says so');
    return {
      fallback,
      outcome: {
        kind: 'not-found',
        how: 'archive-fallback',
        code: 'target-broken',
        detail: `the target of this identifier, ${bound.target}, has not answered since ${health.brokenSince}; ${
          latest
            ? `its latest capture in a web archive is from ${latest.datetime}`
            : 'no web archive has a capture of it'
        }`,
        trace,
      },
    };
  });
}

const httpDate = (c: Capture) => new Date(c.datetime).toUTCString();
