import { Registry, type Scheme } from '@pidgate/core';

/**
 * The first characters (ASCII, lower case) a scheme's recognizer can accept, by scheme name: a registry
 * asks only the schemes that can claim a string starting so. A scheme not listed here is asked for every
 * string. `dispatch.test.ts` holds this table to the recognizers: for every input, asking the candidates
 * picks the same scheme as asking every scheme in order.
 */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
export const FIRST_CHARACTERS: Readonly<Record<string, string>> = {
  pwid: 'uph', // urn:pwid:, pwid:, http(s) replay URLs
  doi: '1diuh', // 10., doi:, info:doi/ info:hdl/, urn:doi:, http(s) and hdl:
  handle: 'hi', // hdl:, http(s), info:hdl/
  purl: 'h',
  orcid: `ho${DIGITS}`,
  arxiv: `${LETTERS}${DIGITS}`, // arXiv:, http(s), bare new style, bare old style (an archive name)
  ark: LETTERS, // ark:, or any URL scheme before the label
  pmid: 'ph',
  pmcid: 'ph',
  pdi: 'up',
  isbn: `i${DIGITS}`,
  issn: `i${DIGITS}`,
  urn: 'uh', // urn:, and the URLs of public URN resolvers (https://nbn-resolving.org/urn:...)
};

/**
 * A `Registry` whose `detect` looks at the first character before asking recognizers: the same answers,
 * in the same priority order, with fewer recognizers asked per string.
 */
export class DispatchRegistry<T extends Scheme = Scheme> extends Registry<T> {
  readonly #byFirst: (readonly T[])[] = [];
  readonly #others: readonly T[];

  constructor(schemes: Iterable<T>) {
    super(schemes);
    const unlisted = (s: T) => FIRST_CHARACTERS[s.name] === undefined;
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c).toLowerCase();
      this.#byFirst[c] = this.schemes.filter((s) => unlisted(s) || (FIRST_CHARACTERS[s.name] as string).includes(ch));
    }
    this.#others = this.schemes.filter(unlisted);
  }

  override detect(input: string): T | undefined {
    const c = input.charCodeAt(0);
    const candidates = c < 128 ? (this.#byFirst[c] as readonly T[]) : this.#others;
    for (let i = 0; i < candidates.length; i++) {
      const scheme = candidates[i] as T;
      if (scheme.recognize(input)) return scheme;
    }
    return undefined;
  }
}
