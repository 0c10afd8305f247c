/**
 * The changes to what resolution reads, as a feed each instance listens to: the binding keys written, the
 * NAAN and commitment lists, or `flush` (too many keys in one transaction, a truncate, a change from a
 * connection that cannot name its keys). PostgreSQL sends them with NOTIFY from triggers (migration 15,
 * `pg-changes.ts`), so no write path can forget one; SQLite raises them in-process from temporary triggers
 * on its own connection and turns another connection's commit into `flush` (`sqlite-changes.ts`).
 */
export type StoreChange =
  | { readonly kind: 'keys'; readonly keys: readonly string[] }
  | { readonly kind: 'naans' }
  | { readonly kind: 'commitments' }
  | { readonly kind: 'flush' };

/**
 * What a listener hears: a change, or the feed going `down` (the channel was lost: changes may have been
 * missed, so nothing read earlier may be trusted) and coming back `up` (listening again).
 */
export type ChangeEvent = StoreChange | { readonly kind: 'down'; readonly reason: string } | { readonly kind: 'up' };

export interface ChangeFeed {
  /** True while changes are being received: a cache may serve only then. */
  readonly live: boolean;
  /** PostgreSQL: the backend process id of the listening connection, while connected (tests end it). */
  readonly pid?: number | null;
  /** Hear every event from now on; returns the unsubscribe. */
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  /** Look for changes made elsewhere that are not pushed (SQLite: another connection's commit); cheap. */
  poll(): void;
  close(): Promise<void>;
}

/** The NOTIFY channel of migration 15's triggers; the payload starts with the table's schema. */
export const CHANGE_CHANNEL = 'pidgate_changes';

/**
 * A payload of migration 15's trigger, for the store in `schema`: `<schema> key <key>`, `<schema> naans`,
 * `<schema> commitments`, `<schema> flush`. Null for another schema's or an unknown payload.
 */
export function parseChangePayload(payload: string, schema: string): StoreChange | null {
  if (!payload.startsWith(`${schema} `)) return null;
  const rest = payload.slice(schema.length + 1);
  if (rest.startsWith('key ')) return { kind: 'keys', keys: [rest.slice(4)] };
  if (rest === 'naans') return { kind: 'naans' };
  if (rest === 'commitments') return { kind: 'commitments' };
  if (rest === 'flush') return { kind: 'flush' };
  return null;
}

/** Listeners of a feed, each called in turn; one that throws does not stop the others. */
export class Listeners {
  readonly #set = new Set<(event: ChangeEvent) => void>();

  add(listener: (event: ChangeEvent) => void): () => void {
    this.#set.add(listener);
    return () => this.#set.delete(listener);
  }

  emit(event: ChangeEvent): void {
    for (const l of this.#set) {
      try {
        l(event);
      } catch {
        // a listener's own failure is its own
      }
    }
  }
}
