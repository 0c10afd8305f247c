import type { PidError, Profile, Result } from '@pidgate/core';
import type { ArchiveRegistry } from '@pidgate/pwid';
import type { AnyIdentifier, SchemeName, SchemesRegistry } from '@pidgate/schemes';
import type { Store } from '@pidgate/store';
import type { Config } from '../../config/index.ts';
import type { Metrics } from '../../observability/index.ts';
import type { FailedCode, GoneCode, MaptrFailureCode, NotFoundCode } from '../codes.ts';
import type { Commitments } from '../commitments.ts';
import type { ArchiveFinder, FallbackModes } from '../fallback-types.ts';
import type { NaanLookup } from '../naan.ts';
import type { PrefixRules } from '../prefix-rules.ts';
import type { ResolverTable } from '../resolver-table.ts';

/** An ERC record as stored: element → value(s); the commitment separately. */
export interface StoredRecord {
  readonly erc: Readonly<Record<string, string | readonly string[]>>;
  readonly support: Readonly<Record<string, string | readonly string[]>> | null;
  /** The binding's timestamps and version, for `?info`. */
  readonly about?: Readonly<Record<string, unknown>>;
}

/** One member of a set a query names (a PDI with wildcards). */
export interface ListItem {
  readonly identifier: string;
  readonly target: string;
  readonly createdAt: string;
}

/** What resolving one identifier gave. `how` names the source that answered (or failed). */
export type Outcome =
  | {
      readonly kind: 'redirect';
      /** The stored binding's record, when the target came from this gateway's bindings. */
      readonly record?: StoredRecord;
      /** The fully qualified identifier that was resolved (a PDI without a version), for `Content-Location`. */
      readonly contentLocation?: string;
      /** An absolute http(s) URL, already percent-encoded for a header. */
      readonly target: string;
      readonly status: 301 | 302 | 303 | 307 | 308;
      readonly how: string;
      /** Extra `Link` header values (Memento: original, timegate, timemap). */
      readonly links?: readonly string[];
      /** Steps taken to find the target (NAAN table, DNS names asked, fallback). */
      readonly trace?: readonly string[];
      /** An exact binding's target as stored (the link checker's key), for the web-archive fallback. */
      readonly stored?: string;
      /** A redirect to a capture instead of a broken target: the `Pidgate-Fallback` header (fallback.ts). */
      readonly fallback?: string;
    }
  | {
      readonly kind: 'restricted';
      readonly how: string;
      readonly explanation: string;
      /** Where to apply for access (an http(s) URL), or null when the archive names none. */
      readonly accessUrl: string | null;
      readonly archive: string;
      readonly trace?: readonly string[];
    }
  | {
      /** Nothing bound, nothing found: 404. */
      readonly kind: 'not-found';
      readonly how: string;
      readonly code: NotFoundCode;
      readonly detail: string;
      readonly trace?: readonly string[];
    }
  | {
      /** The identifier was bound and deleted (tombstoned): 410 Gone, with its record. */
      readonly kind: 'gone';
      readonly how: string;
      readonly code: GoneCode;
      readonly detail: string;
      readonly record: StoredRecord;
      readonly trace?: readonly string[];
    }
  | {
      /** A query (a PDI with wildcards): the identifiers it names. */
      readonly kind: 'list';
      readonly how: string;
      readonly items: readonly ListItem[];
      /** True when there were more than the gateway lists at once. */
      readonly truncated: boolean;
      readonly trace?: readonly string[];
    }
  | {
      /** Discovery failed upstream: 502 (bad answer) or 504 (no answer in time); 503 the store failed. */
      readonly kind: 'failed';
      readonly status: 502 | 503 | 504;
      readonly how: string;
      readonly code: FailedCode;
      readonly detail: string;
      readonly trace?: readonly string[];
    };

/** What a query (a PDI with wildcards) names: the matching identifiers, and whether there are more. */
export type ListOutcome = Extract<Outcome, { kind: 'list' }>;

/** Who, what, when and where (an ERC's four elements, ARK §7). `(:unav)`-style codes where unknown. */
export interface Story {
  readonly who: string | readonly string[];
  readonly what: string | readonly string[];
  readonly when: string | readonly string[];
  readonly where: string | readonly string[];
  /** Any other ERC elements of a stored record, in the order given. */
  readonly [element: string]: string | readonly string[];
}

/** What a resolver can tell about an identifier for `?` (the expression), `??` (the commitment) and `?info`. */
export interface Description {
  readonly erc: Story;
  readonly support: Story;
  /** Anything else worth showing in `?info` (the NAAN record, the archive, the delegation). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** The institution's own NAANs (those in the store): ARKs under them never leave the gateway. */
export interface OwnNaanSet {
  has(naan: string): boolean;
  /** A read to wait for when the set is stale, else null. */
  fresh(): Promise<void> | null;
}

export interface MaptrAnswer {
  readonly nmahs: readonly string[];
  readonly trace: readonly string[];
  readonly cached: boolean;
}

export interface MaptrDiscoverer {
  discover(naan: string): Promise<Result<MaptrAnswer, PidError<MaptrFailureCode>>>;
}

/** The services resolvers use; built once at start (see deps.ts). */
export interface ResolverServices {
  readonly config: Config;
  readonly metrics: Metrics;
  readonly naan: NaanLookup;
  readonly maptr: MaptrDiscoverer | null;
  /** The PWID archive registry. */
  readonly archives: ArchiveRegistry;
  /** The institution's bindings (null when the gateway runs without a store). */
  readonly store: Store | null;
  /**
   * The store resolution reads through, when not `store` itself: the binding cache and the read replica
   * (`ResolutionReads` of `@pidgate/store`, built in deps.ts).
   */
  readonly reads?: Store | null;
  /** The institution's own NAANs (absent or null without a store). */
  readonly own?: OwnNaanSet | null;
  /** The prefix rules among the bindings (absent or null without a store). */
  readonly rules?: PrefixRules | null;
  /** The `??` commitment statements of NAANs and shoulders (absent or null without a store). */
  readonly commitments?: Commitments | null;
  /** The registry and profile the gateway parses with (storage keys are computed with it). */
  readonly self?: { readonly registry: SchemesRegistry };
  /** Where URN namespaces and other schemes resolve: built-in `data/resolvers.json` and `resolvers.file`. */
  readonly resolverTable: ResolverTable;
  /** The shoulders' web-archive fallback settings (absent or null without a store; fallback.ts). */
  readonly fallbacks?: FallbackModes | null;
  /** Asks the configured web archives for a broken target's captures (absent or null: none asked). */
  readonly archiveFinder?: ArchiveFinder | null;
}

/** Each registered scheme's identifier, by scheme name. */
type IdentifierByScheme = { readonly [I in AnyIdentifier as I['scheme']]: I };

/** The identifier of one scheme: `SchemeIdentifier<'ark'>` has `ArkComponents`. */
export type SchemeIdentifier<S extends SchemeName> = IdentifierByScheme[S];

/**
 * One scheme's resolution behaviour. The router knows nothing of schemes: it parses through the
 * registry and hands the identifier to the resolver registered under the identifier's scheme name
 * (`Resolvers`), so the resolver of `'ark'` receives ARKs (`ArkComponents`), and so on.
 */
export interface Resolver<S extends SchemeName = SchemeName> {
  readonly scheme: S;
  resolve(id: SchemeIdentifier<S>, services: ResolverServices): Outcome | Promise<Outcome>;
  describe(id: SchemeIdentifier<S>, outcome: Outcome, services: ResolverServices): Description;
  /**
   * A request that names only a prefix of the scheme's identifiers (an ARK's NAAN: `ark:/12345`), which
   * the parser refuses: the identifier to describe it as and what resolving the prefix finds, or null
   * when `written` is no such prefix. Such a request is always described (`?info`), never redirected.
   */
  prefix?(
    written: string,
    registry: SchemesRegistry,
    profile: Profile,
    services: ResolverServices,
  ): PrefixRequest<S> | null;
}

/** What `Resolver.prefix` makes of a request for a prefix. */
export interface PrefixRequest<S extends SchemeName = SchemeName> {
  readonly id: SchemeIdentifier<S>;
  readonly outcome: Outcome | Promise<Outcome>;
}

/** The resolvers of a gateway by scheme name; a scheme without one answers 404 `no-resolver`. */
export type Resolvers = { readonly [S in SchemeName]?: Resolver<S> };

/** One resolver for every registered scheme: a new scheme does not compile until it has one. */
export type AllResolvers = { readonly [S in SchemeName]: Resolver<S> };

export const UNAV = '(:unav) unavailable';
export const UNKN = '(:unkn) unknown';
