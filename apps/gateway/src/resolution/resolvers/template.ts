import type { DefinedScheme } from '@pidgate/core';
import { type AnyIdentifier, type SchemeName, schemes } from '@pidgate/schemes';
import { urnScheme } from '@pidgate/urn';
import type { SchemeResolverEntry } from '../resolver-table.ts';
import { encodeComponent, fillTemplate, safeHttpUrl } from '../url.ts';
import type { Description, Outcome, Resolver, ResolverServices } from './types.ts';
import { UNAV, UNKN } from './types.ts';
import { urnResolver } from './urn.ts';

/** The scheme definitions by name: their `resolver` is the default where the resolver table has no entry. */
const DEFINITIONS: ReadonlyMap<string, DefinedScheme> = new Map(
  schemes.map((s): [string, DefinedScheme] => [s.name, s]),
);

/** A path of segments, each percent-encoded, the "/" between them kept (`10.1000/a#b` → `10.1000/a%23b`). */
function encodePath(s: string): string {
  return s.split('/').map(encodeComponent).join('/');
}

/** What follows a fixed label in the normalized string (`doi:10.1000/182` → `10.1000/182`). */
function after(label: string, id: AnyIdentifier): string {
  return id.normalized.slice(label.length);
}

/** `prefix` and `suffix` as written (decoded): DOIs and handles. */
function prefixSuffix(
  id: AnyIdentifier,
  c: { readonly prefix: string; readonly suffix: string },
  label: string,
): Record<string, string> {
  const whole = c.prefix && c.suffix ? `${c.prefix}/${c.suffix}` : id.normalized.slice(label.length);
  return { id: encodePath(whole), prefix: encodeComponent(c.prefix), suffix: encodePath(c.suffix) };
}

/**
 * The placeholders a scheme's template can use, each percent-encoded for a URL: `${id}` always (the
 * identifier without its label, as its resolver expects it), `${normalized}` always, and per scheme
 * `${prefix}`/`${suffix}` (DOI, Handle) or `${host}`/`${path}` (PURL; the path without its first "/").
 */
function schemeValues(id: AnyIdentifier): Record<string, string> {
  switch (id.scheme) {
    case 'doi':
      return prefixSuffix(id, id.components, 'doi:');
    case 'handle':
      return prefixSuffix(id, id.components, 'hdl:');
    case 'orcid':
      return { id: after('https://orcid.org/', id) };
    case 'arxiv':
      return { id: encodePath(after('arXiv:', id)) };
    case 'pmid':
      return { id: after('pmid:', id) };
    case 'pmcid':
      return { id: id.normalized };
    // a bare ISBN's or ISSN's normalized is its URN: `${id}` is the number (`9780395363416`, `0259-000X`)
    case 'isbn':
      return { id: encodeComponent(after('urn:isbn:', id)) };
    case 'issn':
      return { id: encodeComponent(after('urn:issn:', id)) };
    case 'purl': {
      const rest = id.normalized.slice('https://'.length);
      const slash = rest.indexOf('/');
      return { id: id.normalized, host: rest.slice(0, slash), path: rest.slice(slash + 1) };
    }
    default: {
      // the scheme's own definition says what its resolver calls the identifier (ROR: `05dxps055`)
      const own = DEFINITIONS.get(id.scheme)?.resolverId(id.components);
      return { id: encodePath(own ?? id.normalized) };
    }
  }
}

/** The template values of an identifier: the scheme's, and `${normalized}`. */
export function templateValuesOf(id: AnyIdentifier): Record<string, string> {
  return { normalized: encodeComponent(id.normalized), ...schemeValues(id) };
}

/** Where the scheme's own definition (`defineScheme({ resolver })`) says the identifier resolves, if it says. */
function definitionTarget(id: AnyIdentifier): string | null {
  const url = DEFINITIONS.get(id.scheme)?.resolve(id.components);
  return url === undefined ? null : safeHttpUrl(url);
}

function entryOf(id: AnyIdentifier, services: Pick<ResolverServices, 'resolverTable'>): SchemeResolverEntry | null {
  return services.resolverTable.schemes[id.scheme] ?? null;
}

/**
 * One resolver for every scheme whose identifiers resolve through a URL template: the resolver table's
 * `schemes[name]` entry (`data/resolvers.json`, with the operator's `resolvers.file` merged over it),
 * filled with `fillTemplate`. A scheme with no entry is 404 `no-resolver`.
 */
export function templateResolver<S extends SchemeName>(scheme: S): Resolver<S> {
  return {
    scheme,
    resolve(id, services): Outcome {
      const entry = entryOf(id, services);
      if (!entry) {
        const target = definitionTarget(id);
        if (target) {
          return { kind: 'redirect', target, status: 302, how: 'scheme-definition', trace: [`scheme ${scheme}`] };
        }
        return {
          kind: 'not-found',
          how: 'resolver-table',
          code: 'no-resolver',
          detail: `no resolver is configured for ${scheme} identifiers; an operator can add one under "schemes" in resolvers.file`,
        };
      }
      const target = safeHttpUrl(fillTemplate(entry.url, templateValuesOf(id)));
      if (!target) {
        return {
          kind: 'failed',
          status: 502,
          how: 'resolver-table',
          code: 'bad-target',
          detail: 'the resolver template gave no http(s) URL',
        };
      }
      return { kind: 'redirect', target, status: 302, how: 'resolver-table', trace: [`resolver table ${scheme}`] };
    },
    describe(id, outcome, services): Description {
      const entry = entryOf(id, services);
      const definition = DEFINITIONS.get(scheme);
      return {
        erc: { who: UNKN, what: UNAV, when: UNAV, where: outcome.kind === 'redirect' ? outcome.target : UNAV },
        support: {
          who: entry?.name ?? definition?.docs.title ?? UNKN,
          what: entry?.note ?? `(:unkn) commitment made by the ${scheme} registration agency`,
          when: UNKN,
          where: entry?.url ?? definition?.resolverTemplate ?? UNAV,
        },
        extra: {
          resolver: entry
            ? { scheme, url: entry.url, name: entry.name ?? null, note: entry.note ?? null, source: 'resolver-table' }
            : definition?.resolverTemplate
              ? { scheme, url: definition.resolverTemplate, source: 'scheme-definition' }
              : { scheme, url: null, note: `no entry for ${scheme} under "schemes" in the resolver table` },
        },
      };
    },
  };
}

/**
 * A bare ISBN or ISSN is its `urn:isbn:` / `urn:issn:` identifier (its `normalized` is that URN): it
 * resolves exactly as the URN does, through `urn.delegations` and the resolver table's `urn` entries,
 * unless the table has an entry for the scheme itself under `schemes`.
 */
export function asUrnResolver<S extends 'isbn' | 'issn'>(scheme: S): Resolver<S> {
  const viaTable = templateResolver(scheme);
  const urnOf = (id: AnyIdentifier) => {
    const r = urnScheme.parse(id.normalized);
    return r.ok ? r.value : null;
  };
  const own = (services: ResolverServices) => services.resolverTable.schemes[scheme] !== undefined;
  return {
    scheme,
    resolve(id, services) {
      const urn = urnOf(id);
      if (own(services) || !urn) return viaTable.resolve(id, services);
      return urnResolver.resolve(urn, services);
    },
    describe(id, outcome, services) {
      const urn = urnOf(id);
      if (own(services) || !urn) return viaTable.describe(id, outcome, services);
      return urnResolver.describe(urn, outcome, services);
    },
  };
}
