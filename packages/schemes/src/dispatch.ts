import { arkScheme } from '@pidgate/ark';
import { arxivScheme } from '@pidgate/arxiv';
import { Registry, type Scheme } from '@pidgate/core';
import { doiScheme } from '@pidgate/doi';
import { handleScheme } from '@pidgate/handle';
import { isbnScheme, issnScheme } from '@pidgate/isbn';
import { orcidScheme } from '@pidgate/orcid';
import { pdiScheme } from '@pidgate/pdi';
import { pmcidScheme, pmidScheme } from '@pidgate/pubmed';
import { purlScheme } from '@pidgate/purl';
import { pwidScheme } from '@pidgate/pwid/scheme';
import { urnScheme } from '@pidgate/urn';
import { possibleSchemes, SCHEME_BIT } from './route.ts';

/**
 * The bit of each scheme object `route.ts` knows, by identity: another scheme, even one with the same
 * name, is not routed (it is asked for every string).
 */
const ROUTED: ReadonlyMap<Scheme, number> = new Map<Scheme, number>([
  [pwidScheme, SCHEME_BIT.pwid],
  [doiScheme, SCHEME_BIT.doi],
  [handleScheme, SCHEME_BIT.handle],
  [purlScheme, SCHEME_BIT.purl],
  [orcidScheme, SCHEME_BIT.orcid],
  [arxivScheme, SCHEME_BIT.arxiv],
  [arkScheme, SCHEME_BIT.ark],
  [pmidScheme, SCHEME_BIT.pmid],
  [pmcidScheme, SCHEME_BIT.pmcid],
  [pdiScheme, SCHEME_BIT.pdi],
  [isbnScheme, SCHEME_BIT.isbn],
  [issnScheme, SCHEME_BIT.issn],
  [urnScheme, SCHEME_BIT.urn],
]);

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
