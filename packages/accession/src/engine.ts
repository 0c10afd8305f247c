/**
 * What the life-science accessions share: an accession is written bare (`GSE55396`), after a
 * compact-identifier prefix (`geo:GSE55396`, identifiers.org's prefixes) or at the end of one of its
 * authority's page URLs (`https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396`, with or without
 * `http(s)://`). Each scheme gives its own grammar (`check`, char-code loops) and a cheap look at the
 * accession's first characters (`shape`); this file reads the label, cuts the accession and builds the
 * scheme with `defineScheme()`. Never throws; linear in the input's length.
 */
import {
  compareParsed,
  type DefinedScheme,
  defineScheme,
  err,
  httpSchemeLength,
  type Identifier,
  isDigit,
  type PidError,
  type Result,
  type SchemeDocs,
  type SchemeOptions,
  wordAt,
} from '@pidgate/core';

/** How an accession is written: bare, after a compact-identifier prefix, or in a URL. */
export type AccessionForm = 'bare' | 'curie' | 'url';

/** An accession as written: the parts, not normalized. */
export interface AccessionComponents {
  readonly form: AccessionForm;
  /** `""`, `geo:` (any case), or the URL up to the accession (`https://www.ebi.ac.uk/ena/browser/view/`). */
  readonly label: string;
  /** The accession as written (the authorities write it in upper case; versions and isoforms kept). */
  readonly id: string;
  /** A URL's trailing "/", or "". */
  readonly rest: string;
}

/** The kinds of rule an accession breaks; a scheme's codes are `<scheme>-<kind>` for the kinds it has. */
export type AccessionKind = 'label' | 'prefix' | 'digits' | 'length' | 'version' | 'character' | 'trailing';

/** A broken rule, as a scheme's grammar reports it. */
export interface Broken<K extends AccessionKind> {
  readonly kind: K;
  readonly message: string;
  readonly offset: number;
}

/** Everything one accession scheme says about itself. */
export interface AccessionDefinition<N extends string, K extends AccessionKind> {
  readonly name: N;
  readonly priority: number;
  /** The kinds of rule it checks: every `<name>-<kind>` is one of its error codes ('label', 'trailing' always). */
  readonly kinds: readonly K[];
  /** Compact-identifier prefixes, lower case with their ":" (`geo:`). */
  readonly curies: readonly string[];
  /** Page URLs without `http(s)://`, lower case, up to the accession (`www.ensembl.org/id/`). */
  readonly urls: readonly string[];
  /** How to write it, for the label error: `GSE55396, geo:GSE55396 or https://…`. */
  readonly written: string;
  /** A cheap look at the first characters at `start`: could an accession of this scheme start there? (Also the bare route.) */
  shape(s: string, start: number): boolean;
  /** The first rule the accession in `s` from `start` to `end` breaks, or null. */
  check(s: string, start: number, end: number): Broken<K> | null;
  /** The resolver URL template and what replaces `{id}` (the accession, unless said otherwise). */
  readonly resolver: { readonly template: string; id?(c: AccessionComponents): string };
  readonly docs: SchemeDocs;
}

/** The signature shape of one accession scheme, built by `accessionScheme`. */
export interface AccessionScheme<N extends string, Code extends string> {
  readonly scheme: DefinedScheme<AccessionComponents, N, Code>;
  readonly errorCodes: readonly Code[];
  parse(input: string, options?: SchemeOptions): Result<AccessionComponents, PidError<Code>>;
  normalize(c: Pick<AccessionComponents, 'id'>, options?: SchemeOptions): string;
  format(c: AccessionComponents, options?: SchemeOptions): string;
  compare(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<Code>>;
}

export type AccessionIdentifier<N extends string> = Identifier<AccessionComponents, N>;

/** `A`–`Z`. */
export const isUpper = (c: number): boolean => c >= 65 && c <= 90;

/** Is `s` at `i` one of the upper-case letters of `set`? */
export const upperIn = (s: string, i: number, set: string): boolean => {
  const c = s.charCodeAt(i);
  return isUpper(c) && set.indexOf(String.fromCharCode(c)) >= 0;
};

/** Does `s` hold `word` at `i` exactly (case kept)? */
export function exactAt(s: string, i: number, word: string): boolean {
  if (s.length < i + word.length) return false;
  for (let k = 0; k < word.length; k++) if (s.charCodeAt(i + k) !== word.charCodeAt(k)) return false;
  return true;
}

/** The index after a run of digits from `i` (before `end`). */
export function digitsEnd(s: string, i: number, end: number): number {
  while (i < end && isDigit(s.charCodeAt(i))) i++;
  return i;
}

/**
 * The digits from `start` to `end` (at least `min`, exactly `exact` when given) and an optional
 * `.version` (digits) when `version` is 'optional' or 'required': the first rule broken, or null.
 */
export function digitsRule<K extends AccessionKind>(
  s: string,
  start: number,
  end: number,
  rule: { min: number; exact?: number; version: 'none' | 'optional' | 'required'; what: string },
): Broken<K | 'digits' | 'version'> | null {
  const after = digitsEnd(s, start, end);
  const count = after - start;
  const wanted = rule.exact === undefined ? `${rule.min} or more digits` : `${rule.exact} digits`;
  if (
    count < rule.min ||
    (rule.exact !== undefined && count !== rule.exact) ||
    (after < end && s.charCodeAt(after) !== 46)
  ) {
    return {
      kind: 'digits',
      message: `${rule.what} is followed by ${wanted}`,
      offset: after < end && count >= rule.min ? after : start + count,
    };
  }
  if (after === end) {
    return rule.version === 'required'
      ? { kind: 'version', message: `${rule.what} ends with a version: ".1"`, offset: end }
      : null;
  }
  // a "." follows the digits
  if (rule.version === 'none') {
    return { kind: 'digits', message: `${rule.what} is followed by ${wanted} and nothing else`, offset: after };
  }
  const v = digitsEnd(s, after + 1, end);
  if (v === after + 1 || v !== end) {
    return { kind: 'version', message: 'a version is "." and digits, at the end', offset: v };
  }
  return null;
}

/** `http(s)://` and one of `urls`, or one of them without a scheme: the label's length, or 0. */
function urlLabel(s: string, urls: readonly string[]): number {
  const http = httpSchemeLength(s);
  for (const url of urls) if (wordAt(s, http, url)) return http + url.length;
  return 0;
}

/** The label at the start of `s`: its form and length (0 for a bare accession), or null when the shape is not the scheme's. */
function labelOf<N extends string, K extends AccessionKind>(
  d: AccessionDefinition<N, K>,
  s: string,
): { form: AccessionForm; length: number } | null {
  const url = urlLabel(s, d.urls);
  if (url > 0) return { form: 'url', length: url };
  for (const curie of d.curies) if (wordAt(s, 0, curie)) return { form: 'curie', length: curie.length };
  return null;
}

/** Build an accession scheme from its definition: the four functions and the `defineScheme()` record. */
export function accessionScheme<N extends string, K extends AccessionKind>(
  d: AccessionDefinition<N, K>,
): AccessionScheme<N, `${N}-${K}`> {
  type Code = `${N}-${K}`;
  const code = (kind: K): Code => `${d.name}-${kind}` as Code;
  const errorCodes = d.kinds.map(code);

  const parse = (input: string, _options?: SchemeOptions): Result<AccessionComponents, PidError<Code>> => {
    const label = labelOf(d, input) ?? (d.shape(input, 0) ? { form: 'bare' as const, length: 0 } : null);
    if (!label) return err(code('label' as K), `written ${d.written}`, 0);
    const start = label.length;
    let end = start;
    while (end < input.length && input.charCodeAt(end) !== 47) end++;
    const rest = input.slice(end);
    const bad = d.check(input, start, end);
    if (bad) return err(code(bad.kind), bad.message, bad.offset);
    if (rest !== '' && (rest !== '/' || label.form !== 'url')) {
      return err(code('trailing' as K), 'nothing but one "/" may follow the accession in a URL', end);
    }
    return { ok: true, value: { form: label.form, label: input.slice(0, start), id: input.slice(start, end), rest } };
  };
  const normalize = (c: Pick<AccessionComponents, 'id'>, _options?: SchemeOptions): string => c.id;
  const format = (c: AccessionComponents, _options?: SchemeOptions): string => `${c.label}${c.id}${c.rest}`;
  const compare = (a: string, b: string, options?: SchemeOptions) => compareParsed(parse, normalize, a, b, options);
  const hosts = d.urls;
  const curies = d.curies;
  const scheme = defineScheme({
    name: d.name,
    priority: d.priority,
    errorCodes,
    recognize: (input: string) => {
      const label = labelOf(d, input);
      // a compact-identifier prefix is the scheme's alone; an authority's page URL may serve several
      if (label?.form === 'curie') return true;
      return d.shape(input, label === null ? 0 : label.length);
    },
    parse,
    normalize,
    format,
    route: {
      hosts,
      // a bare accession (its shape is a few char-code tests), or a compact-identifier prefix (longer than
      // a label's six letters: `bioproject:`): what `recognize` reads of a string without a URL
      bareWord: (s: string) => d.shape(s, 0) || curieAt(s, curies),
    },
    resolver: { template: d.resolver.template, id: d.resolver.id ?? ((c) => c.id) },
    docs: d.docs,
  });
  return { scheme, errorCodes, parse, normalize, format, compare };
}

/**
 * Does one of `curies` (`geo:`, `insdc.sra:`) start `s`, as `wordAt` reads it? The routing asks this of every
 * string that starts with a word (`ark:/…`, `urn:…`): the curie's last character (its ":") is compared
 * first, which turns nearly every string away without reading its start.
 */
function curieAt(s: string, curies: readonly string[]): boolean {
  for (let i = 0; i < curies.length; i++) {
    const curie = curies[i] as string;
    const last = curie.charCodeAt(curie.length - 1);
    const got = s.charCodeAt(curie.length - 1);
    // `wordAt`'s own test of that character, or a superset of it (a letter in either case)
    if (got !== last && (got | 0x20) !== last) continue;
    if (wordAt(s, 0, curie)) return true;
  }
  return false;
}

/** A digit at `i`? (For the bare routes: the word of letters ends where the digits start.) */
export const digitAt = (s: string, i: number): boolean => isDigit(s.charCodeAt(i));
