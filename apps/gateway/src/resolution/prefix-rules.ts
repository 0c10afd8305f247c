import type { Binding, Store } from '@pidgate/store';
import type { OwnNaans } from './own-naans.ts';

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

/**
 * The prefix rules (bindings declared with `?prefix=true`: `ark:/12345/xt2` covers `ark:/12345/xt2rv8b/…`),
 * read from the store and kept in memory by NAAN; read again when older than `ttlMs` (another instance's
 * change counts within that time) and at once after a change made here (`invalidate`).
 */
export class PrefixRules {
  /**
   * Per `ark:/NAAN/`: each rule by the ARK it covers (`keyIdentifier`, worked out once per read, not per
   * request), and the shortest and longest of those ARKs' lengths.
   */
  #byNaan = new Map<string, RulesOfNaan>();
  #at = 0;
  /** Bumped by `invalidate`. */
  #gen = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    /** Prefix rules are read under the institution's own NAANs. */
    readonly own: OwnNaans,
    readonly ttlMs = 5000,
  ) {}

  refresh(): Promise<void> {
    const gen = this.#gen;
    this.#refreshing ??= (async () => {
      await this.own.refresh();
      const byNaan = new Map<string, RulesOfNaan>();
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
        if (list.length > 0) byNaan.set(under, rulesOfNaan(list));
      }
      this.#byNaan = byNaan;
      // A change heard while reading: this read may predate it, so it does not count as fresh.
      this.#at = gen === this.#gen ? Date.now() : 0;
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  /** True while the store's change feed is down (deps.ts): every resolution waits for a new read. */
  down = false;

  fresh(): Promise<void> | null {
    return this.down || Date.now() - this.#at > this.ttlMs ? this.refresh() : null;
  }

  /** Read the rules again before the next resolution (a rule was just changed here). */
  invalidate(): void {
    this.#at = 0;
    this.#gen++;
  }

  /**
   * The longest prefix rule whose ARK `key` starts with: `key`'s own prefixes, longest first, looked up by
   * the ARK they would be (as many lookups as the rules' lengths span, whatever the number of rules).
   */
  match(key: string): Binding | null {
    const rules = this.#byNaan.get(naanPart(key));
    if (!rules) return null;
    for (let n = Math.min(key.length, rules.longest); n >= rules.shortest; n--) {
      const b = rules.byArk.get(n === key.length ? key : key.slice(0, n));
      if (b !== undefined) return b;
    }
    return null;
  }
}

/** The rules under one NAAN, by the ARK each covers. */
interface RulesOfNaan {
  readonly byArk: Map<string, Binding>;
  readonly shortest: number;
  readonly longest: number;
}

function rulesOfNaan(list: readonly Binding[]): RulesOfNaan {
  const byArk = new Map<string, Binding>();
  let shortest = Number.POSITIVE_INFINITY;
  let longest = 0;
  for (const b of list) {
    const ark = keyIdentifier(b.key).identifier;
    // Two stored keys never stand for the same ARK (the mark is put in one place); the first read wins.
    if (!byArk.has(ark)) byArk.set(ark, b);
    shortest = Math.min(shortest, ark.length);
    longest = Math.max(longest, ark.length);
  }
  return { byArk, shortest, longest };
}

/** `ark:/NAAN/` of a storage key. */
function naanPart(key: string): string {
  const slash = key.indexOf('/', 5);
  return slash === -1 ? key : key.slice(0, slash + 1);
}
