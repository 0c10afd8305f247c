import { Registry, type Scheme } from '@pidgate/core';
import { schemes } from './list.ts';
import { possibleSchemes, SCHEME_BIT } from './route.ts';

/**
 * The bit of each scheme object `route.ts` knows, by identity: another scheme, even one with the same
 * name, is not routed (it is asked for every string).
 */
const ROUTED: ReadonlyMap<Scheme, number> = new Map<Scheme, number>(schemes.map((s) => [s, SCHEME_BIT[s.name]]));

/**
 * A `Registry` whose `detect` first looks at the string's label, or its URL's host (`route.ts`), and asks
 * only the schemes that could claim it, in priority order: the same answers as asking every scheme in
 * turn, with about one recognizer asked per string. A scheme `route.ts` does not know is asked for every
 * string, in its place in the order.
 */
export class DispatchRegistry<T extends Scheme = Scheme> extends Registry<T> {
  /** The candidates for each set of `possibleSchemes` bits, made the first time the set is seen. */
  readonly #candidates: (readonly T[] | undefined)[] = [];

  /** The schemes asked, in order, about `input`: those `possibleSchemes` leaves, and every unrouted one. */
  candidates(input: string): readonly T[] {
    const bits = possibleSchemes(input);
    return this.#candidates[bits] ?? this.#list(bits);
  }

  #list(bits: number): readonly T[] {
    const list = this.schemes.filter((s) => {
      const bit = ROUTED.get(s);
      return bit === undefined || (bits & bit) !== 0;
    });
    this.#candidates[bits] = list;
    return list;
  }

  override detect(input: string): T | undefined {
    const candidates = this.candidates(input);
    for (let i = 0; i < candidates.length; i++) {
      const scheme = candidates[i] as T;
      if (scheme.recognize(input)) return scheme;
    }
    return undefined;
  }
}
