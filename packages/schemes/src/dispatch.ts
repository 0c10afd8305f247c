import { DEFAULT_PROFILE, err, type Profile, Registry, type RegistryResult, type Scheme } from '@pidgate/core';
import { intersect } from './bitset.ts';
import { schemes } from './list.ts';
import { possibleSchemes, SCHEME_BIT } from './route.ts';

/**
 * The bit of each scheme object `route.ts` knows, by identity: another scheme, even one with the same
 * name, is not routed (it is asked for every string).
 */
const ROUTED: ReadonlyMap<Scheme, number> = new Map<Scheme, number>(schemes.map((s) => [s, SCHEME_BIT[s.name]]));

/**
 * Schemes whose bare forms overlap: a string that both read (grammar and check digit) names no one
 * scheme, and is refused with `ambiguous-scheme`, naming both; where only one of them reads it, it is
 * that one's. Every other overlap is settled by priority on purpose (a DOI is a handle, an ORCID iD an
 * ISNI: docs/schemes.md). The one place such pairs are listed.
 */
export const CONTESTED: readonly (readonly [string, string])[] = [
  // `P4310320990`: a Wikidata property's number, or an OpenAlex publisher's
  ['wikidata', 'openalex'],
  // `P12345`, `Q12345`: a UniProt accession, or a Wikidata property's or item's number (or an OpenAlex publisher's)
  ['wikidata', 'uniprot'],
  ['openalex', 'uniprot'],
];

/**
 * A bare number that no scheme reads (no check digit of a scheme with a bare form accepts it) is tried
 * with these labels: the schemes whose grammar accepts it are named in an `ambiguous-scheme` refusal, as
 * none of them is written bare by its authority (or, for GND and ISSN, bare only with a hyphen).
 */
export const BARE_NUMBER_LABELS: readonly (readonly [scheme: string, label: string])[] = [
  ['gnd', 'gnd:'],
  ['issn', 'issn:'],
  ['pmid', 'pmid:'],
  ['viaf', 'viaf:'],
];

/** Is `s` a bare number: digits, an optional hyphen, and a last digit or X (`4079154-3`, `12082125`)? */
function bareNumber(s: string): boolean {
  let hyphens = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    if (c === 45 && i > 0 && i < s.length - 1 && ++hyphens === 1) continue;
    if ((c | 0x20) === 120 && i === s.length - 1 && i > 0) continue;
    return false;
  }
  return s.length > 0;
}

/**
 * A `Registry` whose `detect` first looks at the string's label, or its URL's host (`route.ts`), and asks
 * only the schemes that could claim it, in priority order: the same answers as asking every scheme in
 * turn, with about one recognizer asked per string. A scheme `route.ts` does not know is asked for every
 * string, in its place in the order.
 */
export class DispatchRegistry<T extends Scheme = Scheme> extends Registry<T> {
  /** The candidates for each set of `possibleSchemes` bits, made the first time the set is seen. */
  readonly #candidates: (readonly T[] | undefined)[] = [];
  /** The same for sets past the 31st scheme's bit (an array index would be a property name there). */
  readonly #wideCandidates = new Map<number, readonly T[]>();

  /** The schemes asked, in order, about `input`: those `possibleSchemes` leaves, and every unrouted one. */
  candidates(input: string): readonly T[] {
    const bits = possibleSchemes(input);
    return (bits < 2 ** 31 ? this.#candidates[bits] : this.#wideCandidates.get(bits)) ?? this.#list(bits);
  }

  #list(bits: number): readonly T[] {
    const list = this.schemes.filter((s) => {
      const bit = ROUTED.get(s);
      return bit === undefined || intersect(bits, bit) !== 0;
    });
    if (bits < 2 ** 31) this.#candidates[bits] = list;
    else this.#wideCandidates.set(bits, list);
    return list;
  }

  /** Each contested scheme's partners (`CONTESTED`). */
  readonly #partners: ReadonlyMap<string, ReadonlySet<string>> = partnersOf(CONTESTED);
  /** The scheme the last `detect` found: `parse` asks its partners without detecting again. */
  #detected: T | undefined;

  override detect(input: string): T | undefined {
    const candidates = this.candidates(input);
    for (let i = 0; i < candidates.length; i++) {
      const scheme = candidates[i] as T;
      if (scheme.recognize(input)) {
        this.#detected = scheme;
        return scheme;
      }
    }
    this.#detected = undefined;
    return undefined;
  }

  /**
   * The registry's parse, and then: a string a contested scheme reads that its partner reads too is
   * refused as `ambiguous-scheme` (read as the partner's where only the partner reads it); a bare number
   * nothing reads is refused as `ambiguous-scheme` naming the schemes whose labelled form would read it.
   */
  override parse(input: string, profile: Profile = DEFAULT_PROFILE): RegistryResult<T> {
    this.#detected = undefined;
    const result = super.parse(input, profile);
    // set by `detect`, which `super.parse` calls
    const scheme = this.#detected as T | undefined;
    if (scheme !== undefined) {
      const partners = this.#partners.get(scheme.name);
      return partners === undefined ? result : this.#contest(input, profile, scheme, result, partners);
    }
    return !result.ok && result.error.code === 'unknown-scheme' ? (this.#bareNumber(input, profile) ?? result) : result;
  }

  #contest(
    input: string,
    profile: Profile,
    first: T,
    result: RegistryResult<T>,
    partners: ReadonlySet<string>,
  ): RegistryResult<T> {
    const read: [T, RegistryResult<T>][] = result.ok ? [[first, result]] : [];
    for (const other of this.candidates(input)) {
      if (other === first || !partners.has(other.name) || !other.recognize(input)) continue;
      const r = other.parse(input, profile) as RegistryResult<T>;
      if (r.ok) read.push([other, r]);
    }
    if (read.length === 0) return result;
    if (read.length === 1) return (read[0] as [T, RegistryResult<T>])[1];
    const named = read.map(([s, r]) => `${s.name} (${r.ok ? r.value.normalized : ''})`);
    return err('ambiguous-scheme', `the identifier could be ${orList(named)}: write it with its label or URL`, 0);
  }

  #bareNumber(input: string, profile: Profile): RegistryResult<T> | null {
    if (!bareNumber(input)) return null;
    const named: string[] = [];
    for (const [name, label] of BARE_NUMBER_LABELS) {
      const r = this.get(name)?.parse(`${label}${input}`, profile);
      if (r?.ok) named.push(`${name} (${r.value.normalized})`);
    }
    if (named.length === 0) return null;
    return err(
      'ambiguous-scheme',
      `a bare number names no scheme: it could be ${orList(named)}; write it with its label or URL`,
      0,
    );
  }
}

/** `a`, `a or b`, `a, b or c`. */
function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function partnersOf(pairs: readonly (readonly [string, string])[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    map.set(a, (map.get(a) ?? new Set()).add(b));
    map.set(b, (map.get(b) ?? new Set()).add(a));
  }
  return map;
}
