import type { Profile } from '@pidgate/core';
import type { AnyIdentifier, AnyResult, SchemesRegistry } from '@pidgate/schemes';
import { fallbackFor, infoHealth } from './fallback.ts';
import type { FallbackAnswer, TargetHealth } from './fallback-types.ts';
import { refuseLoop, type SelfView } from './loop.ts';
import type { Outcome, Resolver, ResolverServices, Resolvers } from './resolvers/types.ts';
import { type Inflection, parseRequest, splitInflection } from './target.ts';

/**
 * The one resolution pipeline: a request target (or an identifier typed into a form or sent in a batch)
 * to what the gateway makes of it. Every route that resolves calls `resolveTarget`, and the fast path in
 * front of Hono calls it too; `resolution-response.ts` turns the result into the HTTP answer.
 *
 *   target ─ split the inflection ─ parse (registry, profile) ─ resolver of the scheme ─ resolve ─ loop check
 *
 * `/.info/ID` is read as `/ID?info`; a path the parser refuses that names a prefix of a scheme's identifiers
 * (`/ark:/12345`) goes to that scheme's resolver (`Resolver.prefix`) and is described, never redirected.
 *
 * It reads nothing of the request but the target (and, for the loop check, the Host header), and writes
 * nothing but one in-memory count (`deps.tally`, usage statistics): metrics, the log line and the
 * Response are the caller's.
 */
export type Resolution =
  /** Not an identifier of any scheme (`unknown-scheme`), or a malformed one: the parser's error. */
  | { readonly kind: 'unparseable'; readonly identifier: string; readonly error: ParseError }
  /** `?` after the identifier that is none of `?`, `??`, `?info` (`/ark:/12025/x???`). */
  | { readonly kind: 'unknown-inflection'; readonly identifier: string; readonly offset: number }
  /** A scheme the registry parses but no resolver answers for. */
  | { readonly kind: 'no-resolver'; readonly identifier: string; readonly id: AnyIdentifier }
  /** What the scheme's resolver found (a redirect, a list, not found, gone, restricted, failed). */
  | {
      readonly kind: 'outcome';
      readonly identifier: string;
      readonly id: AnyIdentifier;
      readonly resolver: Resolver;
      readonly outcome: Outcome;
      /** The web-archive fallback answered instead of the redirect to a broken target (fallback.ts). */
      readonly fallback?: FallbackAnswer;
    }
  /**
   * `?`, `??` or `?info` (or `/.info/ID`): describe the identifier, with what resolving it found. A request
   * for a prefix its resolver knows (`Resolver.prefix`: an ARK's NAAN alone) is always described.
   */
  | {
      readonly kind: 'describe';
      readonly identifier: string;
      readonly id: AnyIdentifier;
      readonly resolver: Resolver;
      readonly inflection: Inflection;
      readonly outcome: Outcome;
      /** `?info` of an identifier bound to a checked target: its state, and captures when broken (fallback.ts). */
      readonly health?: TargetHealth;
    };

/** Why the registry refused a request's identifier (a scheme's error code, or the core's dispatch code). */
export type ParseError = Extract<AnyResult, { ok: false }>['error'];

/** What the pipeline needs of the gateway's services. */
export interface PipelineDeps extends ResolverServices {
  /** The registry requests are parsed with. */
  readonly registry: SchemesRegistry;
  /** The resolver of each scheme the gateway resolves. */
  readonly resolvers: Resolvers;
  /** What the gateway knows of itself, for the loop check. */
  readonly self: SelfView;
  /** Usage statistics (stats/): counts each counted resolution (`countResolution`); absent or null: off. */
  readonly tally?: ResolutionTally | null;
}

/** Where the pipeline counts resolutions: one call per counted resolution, in memory (stats/counter.ts). */
export interface ResolutionTally {
  count(key: string): void;
}

export interface ResolveOptions {
  /** The profile to parse with; the gateway's (`config.profile`) by default. */
  readonly profile?: Profile;
  /**
   * How `target` is written: `path`, a request target (`/ID`, `/ID?`, `/ID??`, `/ID?info`, read as
   * `parseRequest` reads it: percent-decoded once when it names nothing, an ARK's query kept), or
   * `identifier`, an identifier as given in a form or a batch (parsed as it is, no inflection).
   */
  readonly form?: 'path' | 'identifier';
  /**
   * Refuse a redirect back at this gateway (`target-loop`), as seen by a request with this Host header
   * (undefined when it sent none). Without it, a redirect is reported as found (the batch API).
   */
  readonly loopCheck?: { readonly host: string | undefined };
}

/** An identifier read from a request target, with its inflection. */
interface Read {
  readonly identifier: string;
  readonly id: AnyIdentifier;
  readonly inflection: Inflection | null;
}

/** A request for a prefix (`ark:/12345`): described, with what resolving the prefix found. */
interface PrefixRead extends Read {
  readonly resolver: Resolver;
  readonly outcome: Outcome | Promise<Outcome>;
}

/** The N2T introspection path: `/.info/ID` asks what `/ID?info` asks (arks.org resolver, CDLUC3/resolver). */
export const INFO_PATH = '/.info/';

/**
 * The identifier and its inflection as written, or why the path holds none; for a request that names only
 * a prefix of a scheme's identifiers (`/ark:/12345`), the prefix to describe.
 */
function readTarget(
  deps: PipelineDeps,
  target: string,
  profile: Profile,
  form: 'path' | 'identifier',
): Resolution | Read | PrefixRead {
  if (form === 'identifier') {
    const parsed = deps.registry.parse(target, profile);
    if (!parsed.ok) return { kind: 'unparseable', identifier: target, error: parsed.error };
    return { identifier: target, id: parsed.value, inflection: null };
  }
  // `/.info/ID` (and `/.info/ID?info`, `/.info/ID??`: the inflection is already asked for) is `/ID?info`.
  const info = target.startsWith(INFO_PATH) && target.length > INFO_PATH.length;
  const path = info ? target.slice(INFO_PATH.length - 1) : target;
  // `/ID???`, `/ID??info`: what is left after the inflection still ends in `?` (read before any decoding).
  if (path.endsWith('???') || path.endsWith('??info')) {
    const written = splitInflection(path).identifier;
    return { kind: 'unknown-inflection', identifier: written, offset: written.length - 1 };
  }
  const read = parseRequest(deps.registry, path, profile);
  const inflection = info ? '?info' : read.inflection;
  if (read.parsed.ok) return { identifier: read.identifier, id: read.parsed.value, inflection };
  const prefix = prefixRequest(deps, read.identifier, profile);
  if (prefix) return { ...prefix, identifier: read.identifier, inflection: inflection ?? '?info' };
  return { kind: 'unparseable', identifier: read.identifier, error: read.parsed.error };
}

/** `written` as a request for a prefix of its scheme's identifiers (`ark:/12345`), if its resolver knows it as one. */
function prefixRequest(
  deps: PipelineDeps,
  written: string,
  profile: Profile,
): Omit<PrefixRead, 'identifier' | 'inflection'> | null {
  const colon = written.indexOf(':');
  if (colon <= 0) return null;
  const name = written.slice(0, colon).toLowerCase();
  const resolver = resolverNamed(deps.resolvers, name);
  const found = resolver?.prefix?.(written, deps.registry, profile, deps) ?? null;
  return resolver && found ? { resolver, id: found.id, outcome: found.outcome } : null;
}

/** The resolver registered under `name` (a label as written, lowercased), if any. */
function resolverNamed(resolvers: Resolvers, name: string): Resolver | undefined {
  for (const resolver of Object.values(resolvers)) if (resolver?.scheme === name) return resolver;
  return undefined;
}

/**
 * Resolve a request target: parse it, find the scheme's resolver, resolve, refuse loops. A describe
 * request (`?`, `??`, `?info`) is resolved too (the description tells what resolving found), except that
 * a failing store (503) answers as it is: nothing is described from half the sources.
 */
export function resolveTarget(deps: PipelineDeps, target: string, options: ResolveOptions = {}): Promise<Resolution> {
  try {
    return Promise.resolve(resolveTargetNow(deps, target, options));
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * `resolveTarget`, answering at once (not through a Promise) when the resolver does: the NAAN table,
 * PWID and URN resolve without waiting, the store and DNS do not. The fast path calls this form, so a
 * redirect it can answer costs no promise; it may throw where `resolveTarget` rejects.
 */
export function resolveTargetNow(
  deps: PipelineDeps,
  target: string,
  options: ResolveOptions = {},
): Resolution | Promise<Resolution> {
  const read = readTarget(deps, target, options.profile ?? deps.config.profile, options.form ?? 'path');
  if ('kind' in read) return read;
  if ('outcome' in read) {
    // A prefix is described, never redirected: no loop to refuse.
    const { outcome, resolver } = read;
    return outcome instanceof Promise
      ? outcome.then((o) => resolved(deps, read, resolver, o, {}))
      : resolved(deps, read, resolver, outcome, {});
  }
  const resolver: Resolver | undefined = deps.resolvers[read.id.scheme];
  if (resolver === undefined) return { kind: 'no-resolver', identifier: read.identifier, id: read.id };
  const found = resolver.resolve(read.id, deps);
  return found instanceof Promise
    ? found.then((o) => resolved(deps, read, resolver, o, options))
    : resolved(deps, read, resolver, found, options);
}

/**
 * The resolution of what the resolver found: the loop check, then `outcome` or `describe`. A redirect to a
 * broken target under a shoulder that opted in becomes the web-archive fallback, and `?info` of a bound
 * identifier carries its target's state (fallback.ts); both wait for the store only when they apply.
 */
function resolved(
  deps: PipelineDeps,
  read: Read,
  resolver: Resolver,
  found: Outcome,
  options: ResolveOptions,
): Resolution | Promise<Resolution> {
  const { identifier, id, inflection } = read;
  const outcome = options.loopCheck ? refuseLoop(found, deps.self, options.loopCheck.host) : found;
  if (inflection === null || (outcome.kind === 'failed' && outcome.status === 503)) {
    if (deps.tally && outcome.kind === 'redirect' && options.form !== 'identifier')
      countResolution(deps.tally, outcome);
    const plain: Resolution = { kind: 'outcome', identifier, id, resolver, outcome };
    const fallback = inflection === null ? fallbackFor(deps, outcome) : null;
    return fallback
      ? fallback.then((f) => (f ? { ...plain, outcome: f.outcome, fallback: f.fallback } : plain))
      : plain;
  }
  const describe: Resolution = { kind: 'describe', identifier, id, resolver, inflection, outcome };
  const health = inflection === '?info' ? infoHealth(deps, outcome) : null;
  return health ? health.then((h) => (h ? { ...describe, health: h } : describe)) : describe;
}

/**
 * Usage statistics count a request for an identifier at the gateway (`form: 'path'`: the identifier route
 * and the fast path, not the batch API nor the lookup form) that redirects through a binding of this
 * gateway: under the binding's key (an exact binding, the bound ancestor of a suffix passthrough, a prefix
 * rule), or a PDI's resource. Not counted: misses, redirects found elsewhere (NAAN table, Maptr, resolver
 * table, PWID archives), tombstones, reserved and unavailable identifiers, `?`/`??`/`?info`, loops refused.
 */
function countResolution(tally: ResolutionTally, outcome: Extract<Outcome, { kind: 'redirect' }>): void {
  const about = outcome.record?.about;
  if (!about) return;
  const key = about['boundAs'] ?? about['resource'];
  if (typeof key === 'string') tally.count(key);
}
