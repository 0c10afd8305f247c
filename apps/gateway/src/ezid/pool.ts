import type { Profile, Result } from '@pidgate/core';
import { ok } from '@pidgate/core';
import type { SchemesRegistry } from '@pidgate/schemes';
import type { Store } from '@pidgate/store';
import { mint } from '../admin/index.ts';

/** Identifiers minted ahead per shoulder and process (one counter reservation for this many mints). */
export const MINT_BLOCK = 32;

/**
 * Identifiers minted ahead, a block at a time (`mint` in minter.ts: one atomic reservation in the database
 * for the whole block), and handed out one per EZID mint request. Two gateways never get the same counter
 * value, so never the same identifier; the names of a block a process did not hand out before it stopped
 * are skipped, which a NOID minter allows (its names are opaque, never reissued).
 */
export class MintPool {
  readonly #ready = new Map<string, string[]>();
  readonly #refilling = new Map<string, Promise<Result<void>>>();

  constructor(
    readonly store: Store,
    readonly registry: SchemesRegistry,
    readonly profile: Profile,
    readonly block = MINT_BLOCK,
  ) {}

  /** The next identifier of the shoulder (its normalized key). */
  async next(shoulder: string): Promise<Result<string>> {
    // Every refill adds at least one name or fails, so this ends; requests that waited on a refill another
    // request started may find its names taken and wait on the next one.
    for (;;) {
      const id = this.#ready.get(shoulder)?.shift();
      if (id !== undefined) return ok(id);
      const refilled = await this.#refill(shoulder);
      if (!refilled.ok) return refilled;
    }
  }

  #refill(shoulder: string): Promise<Result<void>> {
    let pending = this.#refilling.get(shoulder);
    if (!pending) {
      pending = this.#mint(shoulder).finally(() => this.#refilling.delete(shoulder));
      this.#refilling.set(shoulder, pending);
    }
    return pending;
  }

  async #mint(shoulder: string): Promise<Result<void>> {
    let minted = await mint(this.store, this.registry, this.profile, shoulder, this.block);
    // A bounded template with fewer names left than a block: one at a time until it is spent.
    if (!minted.ok && minted.error.code === 'mint-exhausted') {
      minted = await mint(this.store, this.registry, this.profile, shoulder, 1);
    }
    if (!minted.ok) return minted;
    const ready = this.#ready.get(shoulder) ?? [];
    ready.push(...minted.value);
    this.#ready.set(shoulder, ready);
    return ok(undefined);
  }
}
