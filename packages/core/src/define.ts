/**
 * One definition per scheme: its grammar functions, where it is found (labels, URL hosts, bare shapes),
 * where it resolves and how it is documented. `defineScheme()` turns a definition into the `Scheme` a
 * registry asks, and keeps the rest beside it, so that `@pidgate/schemes` derives its routing tables,
 * its names and its docs table from the list of definitions instead of keeping them by hand.
 */
import type { Identifier, PidWarning, Scheme } from './identifier.ts';
import type { SchemeOptions } from './options.ts';
import { DEFAULT_PROFILE, type Profile } from './profile.ts';
import type { PidError, Result } from './result.ts';

/**
 * Where a scheme's identifiers are found: necessary conditions of its `recognize`, read by the first look
 * of `@pidgate/schemes` (`route.ts`) to ask about one recognizer per string. Every string the scheme
 * recognizes must meet one of them (`route.test.ts` holds them to the recognizer); a string may meet one
 * and still not be recognized.
 */
export interface SchemeRoute {
  /**
   * Labels at the start of the string, ASCII letters in any case: a word of letters and hyphens, then
   * ":" (`doi:`), " " (`ISBN `) or a digit, written "#" (`PMC#`: `PMC1234567`). Text may follow a ":" label,
   * after any spaces: `urn:doi:`, `info:doi/`, `hdl:10.` (a string that starts so).
   */
  readonly labels?: readonly string[];
  /**
   * The hosts (lower case) of the http(s) URLs it reads, also written without `http(s)://`; `host/path`
   * where only a path starting so is the scheme's (`hdl.handle.net/10.` is a DOI's). A function where the
   * list is built on first use (web-archive replay hosts).
   */
  readonly hosts?: readonly string[] | (() => readonly string[]);
  /**
   * The string may hold its label as a path segment after any URL prefix (`https://n2t.net/ark:/…`: any
   * host, any `scheme://`, or a bare hostname before `/`): the label, as `labels` writes it (`ark:`), and
   * where a bare hostname at the start of the string ends (the index of its "/", or -1).
   */
  readonly segment?: { readonly label: string; bareHostEnd(s: string): number };
  /** A string that starts with a digit and has no label: could it be one of the scheme's? (`10.` for DOIs). */
  readonly bareDigits?: (s: string) => boolean;
  /**
   * A string that starts with a word of letters and hyphens (ending at `wordEnd`) that is no label:
   * could it be one? (arXiv's old-style `hep-th/9901001`.)
   */
  readonly bareWord?: (s: string, wordEnd: number) => boolean;
}

/** How the scheme is documented in `docs/schemes.md` and the README's table. */
export interface SchemeDocs {
  /** What the scheme is called: `ROR ID, Research Organization Registry identifier`. */
  readonly title: string;
  /** The specification followed: `ISO 27729`, `RFC 8141`, a document's name. */
  readonly specification: string;
  /** The package's page about the spec, from the repository's root: `docs/specs/ror.md`. */
  readonly page: string;
  /** One identifier as it is written, for the table (it must parse). */
  readonly example: string;
  /** The package that exports the scheme, where the page's name is not it (`@pidgate/research` for `docs/specs/gnd.md`). */
  readonly package?: string;
}

/** Where an identifier resolves: a URL template with `{id}`, and the `{id}` of a parsed record. */
export interface SchemeResolver<C> {
  /** `https://ror.org/{id}`. */
  readonly template: string;
  /** The text that replaces `{id}`. */
  id(components: C): string;
}

/** The grammar functions of a scheme, in the signature shape every scheme package exports (called without `this`). */
export interface SchemeGrammar<C extends object, Code extends string> {
  /** `parseX`: the record of the parts, or a coded error. Never throws; linear in the input's length. */
  parse(input: string, options?: SchemeOptions): Result<C, PidError<Code>>;
  /** `normalizeX`: the equivalence key. */
  normalize(components: NoInfer<C>, options?: SchemeOptions): string;
  /** `formatX`: `parse(format(c))` gives `c` back. */
  format(components: NoInfer<C>, options?: SchemeOptions): string;
  /**
   * The `standard` equivalence key, where the scheme's own standard groups more than `normalize` does (an
   * ISBN-10 and its ISBN-13; an ISNI and the ORCID iD with its digits). Omit where it is `normalize`'s.
   */
  standardKey?(components: NoInfer<C>, normalized: string, options?: SchemeOptions): string;
  /** Findings about a valid identifier that are not errors. */
  warnings?(components: NoInfer<C>, options?: SchemeOptions): readonly PidWarning[] | undefined;
}

/** Everything about one scheme, written once. */
export interface SchemeDefinition<C extends object, S extends string, Code extends string>
  extends SchemeGrammar<C, Code> {
  readonly name: S;
  /** Dispatch order: lower is asked first. */
  readonly priority: number;
  /** Every error code `parse` can return (the package's `codes.ts`). */
  readonly errorCodes: readonly Code[];
  /** A cheap look at the label only: does this string belong to the scheme? No validation. */
  recognize(input: string): boolean;
  /**
   * The whole identifier in one pass, where the scanner gives the normalized form as it reads (ARK, PWID,
   * PDI, URN): `Scheme.parse` itself, so it must agree with `parse` + `normalize`, and default the
   * profile to `source`.
   */
  identify?(input: string, profile?: Profile): Result<Identifier<C, S>, PidError<Code>>;
  readonly route: SchemeRoute;
  readonly resolver?: SchemeResolver<NoInfer<C>>;
  readonly docs: SchemeDocs;
}

/** The `Scheme` a registry asks, with the rest of its definition beside it. */
export interface DefinedScheme<C extends object = object, S extends string = string, Code extends string = string>
  extends Scheme<C, S, Code> {
  readonly route: SchemeRoute;
  readonly docs: SchemeDocs;
  /** The resolver's URL template, or undefined where the scheme names none. */
  readonly resolverTemplate: string | undefined;
  /** The grammar's `parse`: the record of the parts. */
  parseComponents(input: string, options?: SchemeOptions): Result<C, PidError<Code>>;
  normalize(components: C, options?: SchemeOptions): string;
  /** Are `a` and `b` equivalent (equal `normalized`)? The first parse error when either is not one. */
  compare(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<Code>>;
  /** The URL where the identifier resolves, or undefined where the scheme names no resolver. */
  resolve(components: C): string | undefined;
  /** The text that replaces `{id}` in the resolver's template (`05dxps055`), or undefined without a resolver. */
  resolverId(components: C): string | undefined;
}

/** The options of each profile, made once (`Scheme.parse` takes a profile; the grammar, options). */
const OPTIONS: Readonly<Record<Profile, SchemeOptions>> = {
  source: { profile: 'source' },
  modern: { profile: 'modern' },
};

/**
 * A defined scheme. One class, so that every scheme object has the same shape and a registry's calls of
 * `recognize` and `parse` across schemes read their properties monomorphically; `parse` is the
 * definition's own `identify` where it has one (no call in between), else `identifyWith`.
 */
class Defined<C extends object, S extends string, Code extends string> implements DefinedScheme<C, S, Code> {
  readonly name: S;
  readonly priority: number;
  readonly errorCodes: readonly Code[];
  readonly recognize: (input: string) => boolean;
  readonly parse: (input: string, profile?: Profile) => Result<Identifier<C, S>, PidError<Code>>;
  readonly route: SchemeRoute;
  readonly docs: SchemeDocs;
  readonly resolverTemplate: string | undefined;
  readonly parseComponents: (input: string, options?: SchemeOptions) => Result<C, PidError<Code>>;
  readonly normalize: (components: C, options?: SchemeOptions) => string;
  readonly #d: SchemeDefinition<C, S, Code>;
  // the optional grammar functions as fields of this class: read monomorphically on the parse path
  readonly #standardKey: SchemeDefinition<C, S, Code>['standardKey'];
  readonly #warnings: SchemeDefinition<C, S, Code>['warnings'];

  constructor(d: SchemeDefinition<C, S, Code>) {
    this.name = d.name;
    this.priority = d.priority;
    this.errorCodes = d.errorCodes;
    this.recognize = d.recognize;
    this.parse = d.identify ?? ((input, profile = DEFAULT_PROFILE) => this.identifyWith(input, profile));
    this.route = d.route;
    this.docs = d.docs;
    this.resolverTemplate = d.resolver?.template;
    this.parseComponents = d.parse;
    this.normalize = d.normalize;
    this.#d = d;
    this.#standardKey = d.standardKey;
    this.#warnings = d.warnings;
  }

  /** The identifier of `input` from the grammar functions: parse, normalize, and the standard key and warnings where defined. */
  identifyWith(input: string, profile: Profile): Result<Identifier<C, S>, PidError<Code>> {
    const options = OPTIONS[profile];
    const parsed = this.parseComponents(input, options);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    const normalized = this.normalize(components, options);
    const standardKey = this.#standardKey;
    const standard = standardKey === undefined ? undefined : standardKey(components, normalized, options);
    const warningsOf = this.#warnings;
    const warnings = warningsOf === undefined ? undefined : warningsOf(components, options);
    const scheme = this.name;
    if (warnings !== undefined) {
      const value = { scheme, input, profile, normalized, components, warnings };
      return {
        ok: true,
        value: standard === undefined || standard === normalized ? value : { ...value, standardKey: standard },
      };
    }
    return {
      ok: true,
      value:
        standard === undefined || standard === normalized
          ? { scheme, input, profile, normalized, components }
          : { scheme, input, profile, normalized, components, standardKey: standard },
    };
  }

  format(components: C, profile: Profile = DEFAULT_PROFILE): string {
    return this.#d.format(components, OPTIONS[profile]);
  }

  compare(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<Code>> {
    const profile = options?.profile ?? DEFAULT_PROFILE;
    const x = this.parse(a, profile);
    if (!x.ok) return x;
    const y = this.parse(b, profile);
    if (!y.ok) return y;
    return { ok: true, value: x.value.normalized === y.value.normalized };
  }

  resolve(components: C): string | undefined {
    const resolver = this.#d.resolver;
    return resolver?.template.replace('{id}', resolver.id(components));
  }

  resolverId(components: C): string | undefined {
    return this.#d.resolver?.id(components);
  }
}

/**
 * The `Scheme` of a definition, with its routing, resolver and docs metadata: what a scheme package
 * exports as `xScheme`, and what `@pidgate/schemes` registers and derives its tables from.
 */
export function defineScheme<C extends object, S extends string, Code extends string>(
  d: SchemeDefinition<C, S, Code>,
): DefinedScheme<C, S, Code> {
  return new Defined(d);
}
