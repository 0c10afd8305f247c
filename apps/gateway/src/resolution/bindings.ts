import type { Identifier, Profile, Registry } from '@pidgate/core';
import type { Binding, Store } from '@pidgate/store';
import { type Description, type Outcome, type StoredRecord, type Story, UNAV } from './resolvers/types.ts';
import { ezidAbout, statusOutcome } from './status.ts';
import { appendToTarget, authorityEnd } from './url.ts';

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
      // EZID's status, owner and other metadata (Dublin Core, DataCite): see ezid/status.ts.
      ...ezidAbout(b),
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

/** Hyphens, which ARK normalization drops (`-`, and U+2010..U+2015 in `modern`). */
function isHyphen(c: number): boolean {
  return c === 45 || (c >= 0x2010 && c <= 0x2015);
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * Where the part of `raw` (the request after `NAAN/`, exactly as sent) that `keyRest` (a bound key after
 * `NAAN/`) stands for ends: `raw` is read alongside `keyRest`, skipping what normalization drops
 * (hyphens; repeated and initial `/` and `.`) and comparing `%`-escapes without regard to case. -1 when
 * `raw` does not start with what the key names in order (a normalization that reorders, such as the
 * `source` profile's sorted suffixes): the caller then falls back to the normalized rest. Linear.
 */
export function rawPrefixEnd(raw: string, keyRest: string): number {
  let i = 0;
  let j = 0;
  let inEscape = 0;
  while (j < keyRest.length) {
    if (i >= raw.length) return -1;
    const c = raw.charCodeAt(i);
    const k = keyRest.charCodeAt(j);
    if (c === k || (inEscape > 0 && isHexDigit(c) && (c | 32) === (k | 32))) {
      inEscape = c === 37 ? 2 : Math.max(0, inEscape - 1);
      i++;
      j++;
      continue;
    }
    const prev = i === 0 ? 47 : raw.charCodeAt(i - 1);
    if (isHyphen(c) || ((c === 47 || c === 46) && (i === 0 || prev === 47 || prev === 46))) {
      i++;
      continue;
    }
    return -1;
  }
  return i;
}

/** The part of a normalized key after `ark:/NAAN/` (or `ark:NAAN/`). */
function keyRestOf(key: string): string {
  const afterLabel = key.startsWith('ark:/') ? 5 : 4;
  const slash = key.indexOf('/', afterLabel);
  return slash === -1 ? '' : key.slice(slash + 1);
}

/**
 * What to append to a bound target for a request: what the client sent after the part the binding names,
 * exactly as sent (N2T's passthrough: `.`-suffixes, hyphens and the query kept); when the request does not
 * spell the key in order, the rest of the normalized identifier as before.
 */
export function passthroughTail(rawRest: string, key: string, normalized: string): string {
  const end = rawPrefixEnd(rawRest, keyRestOf(key));
  if (end !== -1) return rawRest.slice(end);
  return normalized.startsWith(key) ? normalized.slice(key.length) : '';
}

/**
 * Resolve from the institution's bindings: the exact binding, else the longest bound ancestor with the
 * rest of the request appended to its target as sent (suffix passthrough). A tombstone answers 410, for the
 * identifier and everything below it. Null when nothing is bound (the caller goes on to discovery).
 * `rawRest` is the request after `NAAN/` as the client sent it, query included.
 */
export async function fromBindings(
  store: Store,
  id: Identifier,
  registry: Registry | null,
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
  // Reserved (404) and unavailable (410): see ezid/status.ts.
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
  };
}

/**
 * Where a prefix rule is stored: its ARK's storage key with this mark right after `NAAN/`
 * (`ark:/12345/xt2` → `ark:/12345/!xt2`). No ARK holds a `!`, so the key names no identifier; it stays
 * under the NAAN, so token scopes and listings by NAAN cover it.
 */
export const PREFIX_RULE = '!';

/** The stored key of a prefix rule on `arkKey` (a storage key). */
export function prefixRuleKey(arkKey: string): string {
  const slash = arkKey.indexOf('/', 5);
  return slash === -1 ? arkKey : `${arkKey.slice(0, slash + 1)}${PREFIX_RULE}${arkKey.slice(slash + 1)}`;
}

/** The identifier a stored key stands for (a prefix rule's ARK), for scopes and answers. */
export function keyIdentifier(key: string): { identifier: string; prefix: boolean } {
  const slash = key.startsWith('ark:/') ? key.indexOf('/', 5) : -1;
  if (slash !== -1 && key.startsWith(PREFIX_RULE, slash + 1)) {
    return { identifier: key.slice(0, slash + 1) + key.slice(slash + 2), prefix: true };
  }
  return { identifier: key, prefix: false };
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

/**
 * The prefix rules (bindings declared with `?prefix=true`: `ark:/12345/xt2` covers `ark:/12345/xt2rv8b/…`),
 * read from the store and kept in memory by NAAN; read again when older than `ttlMs` (another instance's
 * change counts within that time) and at once after a change made here (`invalidate`).
 */
export class PrefixRules {
  #byNaan = new Map<string, Binding[]>();
  #at = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    /** Prefix rules are read under the institution's own NAANs. */
    readonly own: OwnNaans,
    readonly ttlMs = 5000,
  ) {}

  refresh(): Promise<void> {
    this.#refreshing ??= (async () => {
      await this.own.refresh();
      const byNaan = new Map<string, Binding[]>();
      for (const naan of this.own.list()) {
        const under = `ark:/${naan}/`;
        const list: Binding[] = [];
        let cursor: string | undefined;
        for (;;) {
          const page = await this.store.listBindings({
            prefix: `${under}${PREFIX_RULE}`,
            includeTombstoned: true,
            limit: 1000,
            cursor,
          });
          if (!page.ok) return;
          list.push(...page.value.items);
          if (!page.value.next) break;
          cursor = page.value.next;
        }
        if (list.length > 0)
          byNaan.set(
            under,
            list.sort((a, b) => b.key.length - a.key.length),
          );
      }
      this.#byNaan = byNaan;
      this.#at = Date.now();
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  fresh(): Promise<void> | null {
    return Date.now() - this.#at > this.ttlMs ? this.refresh() : null;
  }

  /** Read the rules again before the next resolution (a rule was just changed here). */
  invalidate(): void {
    this.#at = 0;
  }

  /** The longest prefix rule whose ARK `key` starts with. */
  match(key: string): Binding | null {
    const list = this.#byNaan.get(naanPart(key));
    if (!list) return null;
    for (const b of list) if (key.startsWith(keyIdentifier(b.key).identifier)) return b;
    return null;
  }
}

/** `ark:/NAAN/` of a storage key. */
function naanPart(key: string): string {
  const slash = key.indexOf('/', 5);
  return slash === -1 ? key : key.slice(0, slash + 1);
}

/**
 * The institution's own NAANs (those in the store: `pidgate shoulder add` declares them): ARKs under them
 * never leave the gateway. Read at start and again in the background when older than `ttlMs`, so a NAAN
 * declared by another instance counts within that time.
 */
export class OwnNaans {
  #naans = new Set<string>();
  #at = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    readonly ttlMs = 5000,
  ) {}

  /** Read the NAANs now (a failing store keeps the last set). */
  refresh(): Promise<void> {
    this.#refreshing ??= this.store.listNaans().then(
      (r) => {
        if (r.ok) this.#naans = new Set(r.value.map((n) => n.naan.toLowerCase()));
        this.#at = Date.now();
        this.#refreshing = null;
      },
      () => {
        this.#refreshing = null;
      },
    );
    return this.#refreshing;
  }

  /** A read to wait for when the last one is older than `ttlMs`, else null. */
  fresh(): Promise<void> | null {
    return Date.now() - this.#at > this.ttlMs ? this.refresh() : null;
  }

  /** The NAANs of the last read, lowercased. */
  list(): string[] {
    return [...this.#naans];
  }

  /** Is `naan` one of this institution's? Answers from the last read (see `fresh`). */
  has(naan: string): boolean {
    return this.#naans.has(naan.toLowerCase());
  }
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

/** What `pointsBack` needs to know of the gateway. */
export interface SelfView {
  readonly registry: Registry;
  readonly profile: Profile;
  /** The configured public base URL, if any. */
  readonly baseUrl: string | null;
}

/** The host name of a `host[:port]` (`[v6]:port` too), lowercased; null for none. */
function hostName(host: string | null | undefined): string | null {
  if (!host) return null;
  const colon = host.lastIndexOf(':');
  const name = colon > host.lastIndexOf(']') ? host.slice(0, colon) : host;
  return name.length > 0 ? name.toLowerCase() : null;
}

const baseHosts = new Map<string, string>();
/** The `host[:port]` of a base URL (parsed once per base). */
function baseHost(baseUrl: string): string {
  let host = baseHosts.get(baseUrl);
  if (host === undefined) {
    host = URL.canParse(baseUrl) ? new URL(baseUrl).host : '';
    baseHosts.set(baseUrl, host);
  }
  return host;
}

/** `host[:port]` lowercased, without the scheme's default port. */
function hostOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  return new URL(url).host.toLowerCase();
}

/**
 * Would a redirect to `target` come back to this gateway as an identifier (a loop)? True when the target's
 * host is the gateway's (the `baseUrl`'s host, or `requestHost`, the Host the request came with) and its
 * path below the gateway's base path names an identifier (or is percent-encoded one).
 */
export function pointsBack(target: string, self: SelfView, requestHost?: string | null): boolean {
  // Most targets are elsewhere: a look at the authority's text first, the URL parser only when it may match.
  const end = authorityEnd(target);
  if (end !== -1) {
    const authority = target.slice(target.indexOf('//') + 2, end).toLowerCase();
    const request = hostName(requestHost);
    const base = self.baseUrl ? hostName(baseHost(self.baseUrl)) : null;
    if (!(request && authority.includes(request)) && !(base && authority.includes(base))) return false;
  }
  const host = hostOf(target);
  if (host === null) return false;
  const base = self.baseUrl ? new URL(self.baseUrl) : null;
  const hosts = [base?.host.toLowerCase(), requestHost?.toLowerCase()];
  if (!hosts.includes(host)) return false;
  const url = new URL(target);
  const basePath = base && base.host.toLowerCase() === host ? base.pathname.replace(/\/?$/, '/') : '/';
  const path = url.pathname + url.search;
  if (!path.startsWith(basePath)) return false;
  const rest = path.slice(basePath.length);
  if (self.registry.parse(rest, self.profile).ok) return true;
  try {
    const decoded = decodeURIComponent(rest);
    if (self.registry.parse(decoded, self.profile).ok) return true;
    const q = decoded.indexOf('?');
    return q > 0 && self.registry.parse(decoded.slice(0, q), self.profile).ok;
  } catch {
    return false;
  }
}

/** A redirect that would come back here as an identifier becomes a 404 (`target-loop`); others pass. */
export function refuseLoop(outcome: Outcome, self: SelfView, requestHost?: string | null): Outcome {
  if (outcome.kind !== 'redirect' || !pointsBack(outcome.target, self, requestHost)) return outcome;
  return {
    kind: 'not-found',
    how: outcome.how,
    code: 'target-loop',
    detail: `${outcome.how} points back at this gateway (${outcome.target}): not followed, so there is no loop`,
    trace: [...(outcome.trace ?? []), `refused: ${outcome.target} points back at this gateway`],
  };
}

/** `%`-escapes with lowercase hex digits (`%2F` → `%2f`); everything else as it is. Linear. */
export function lowerHexEscapes(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '%' && i + 2 < s.length && isHexDigit(s.charCodeAt(i + 1)) && isHexDigit(s.charCodeAt(i + 2))) {
      out += `%${(s[i + 1] as string).toLowerCase()}${(s[i + 2] as string).toLowerCase()}`;
      i += 2;
    } else out += c;
  }
  return out;
}

interface ArkKeyParts {
  readonly naan: string;
  readonly name: string;
  readonly qualifier?: string;
}

/** Could `source` normalization put the `.` components of `written` in another order than `modern` keeps? */
function mayReorder(written: string): boolean {
  const dot = written.indexOf('.');
  if (dot === -1) return false;
  return written.indexOf('.', dot + 1) !== -1 || written.indexOf('/', dot) !== -1;
}

/**
 * The one key an ARK is stored under, whatever the profile the gateway runs with: today's normalization
 * (`modern`: hyphens dropped, structural characters tidied, suffixes kept in order, NAAN lowercased),
 * written with the `ark:/` label and `%`-escapes in lowercase hex. `ark:/12345/x` and `ark:12345/x` are one
 * key forever, and a database keeps working when the profile changes. An ARK `modern` refuses (a `source`-
 * only character such as `#`) keeps its `source` form. Other schemes: their normalized form.
 */
export function storageKey(id: Identifier, registry: Registry): string {
  if (id.scheme !== 'ark') return id.normalized;
  let normalized = id.normalized;
  // `source` and `modern` normalize alike but for the order of `.` components (sorted suffixes, moved
  // period-left/slash-right parts): with at most one `.` and no `/` after it, the parse can be skipped.
  const c = id.components as ArkKeyParts;
  if (id.profile !== 'modern' && mayReorder(`${c.name}${c.qualifier ?? ''}`)) {
    const modern = registry.parse(`ark:/${c.naan}/${c.name}${c.qualifier ?? ''}`, 'modern');
    if (modern.ok && modern.value.scheme === 'ark') normalized = modern.value.normalized;
  }
  const rest = normalized.startsWith('ark:/') ? normalized.slice(5) : normalized.slice(4);
  return `ark:/${lowerHexEscapes(rest)}`;
}

/**
 * The keys a request for `id` may be bound under, longest first: the storage key and its ancestors, and in
 * `source` also the profile's own normalized form and its ancestors (a key written in an equivalent
 * `source` spelling, such as sorted suffixes).
 */
export function storageCandidates(id: Identifier, key: string): string[] {
  const own = arkCandidates(key);
  if (id.profile === 'modern' || id.normalized === key || !id.normalized.startsWith('ark:/')) return own;
  const seen = new Set(own);
  const more = arkCandidates(id.normalized).filter((k) => !seen.has(k));
  return [...own, ...more].sort((a, b) => b.length - a.length).slice(0, MAX_CANDIDATES);
}
