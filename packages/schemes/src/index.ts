import { arkScheme } from '@pidgate/ark';
import { arxivScheme } from '@pidgate/arxiv';
import type { CoreErrorCode, ErrorCodeOf, IdentifierOf, PidError, Registry, Result, SchemeNameOf } from '@pidgate/core';
import { doiScheme } from '@pidgate/doi';
import { handleScheme } from '@pidgate/handle';
import { isbnScheme, issnScheme } from '@pidgate/isbn';
import { orcidScheme } from '@pidgate/orcid';
import { pdiScheme } from '@pidgate/pdi';
import { pmcidScheme, pmidScheme } from '@pidgate/pubmed';
import { purlScheme } from '@pidgate/purl';
import { pwidScheme } from '@pidgate/pwid/scheme';
import { urnScheme } from '@pidgate/urn';
import { DispatchRegistry } from './dispatch.ts';

export { DispatchRegistry } from './dispatch.ts';
export { possibleSchemes, SCHEME_BIT } from './route.ts';

/**
 * Every scheme pidgate knows, in one list. Dispatch order comes from each scheme's priority:
 * schemes told apart by a URL's host (web-archive replay URLs of PWIDs, doi.org, hdl.handle.net,
 * PURL services, orcid.org, arxiv.org) are asked before ARK, which recognizes `ark:` after any URL
 * prefix; DOI before Handle (a handle in the `10.` directory is a DOI); PWID, PDI and DOI (`urn:doi:`)
 * before the generic URN rule; bare ISBNs and ISSNs (digits only) after every labelled scheme.
 */
export const schemes = [
  pwidScheme,
  doiScheme,
  handleScheme,
  purlScheme,
  orcidScheme,
  arxivScheme,
  arkScheme,
  pmidScheme,
  pmcidScheme,
  pdiScheme,
  isbnScheme,
  issnScheme,
  urnScheme,
] as const;

/** The type of any one registered scheme: the union of the schemes' own types. */
export type RegisteredScheme = (typeof schemes)[number];

/** The name of a registered scheme: `'pwid' | 'doi' | … | 'urn'`. */
export type SchemeName = SchemeNameOf<RegisteredScheme>;

/**
 * An identifier of any registered scheme, discriminated on `scheme`: after `id.scheme === 'ark'`,
 * `id.components` is an `ArkComponents`.
 */
export type AnyIdentifier = IdentifierOf<RegisteredScheme>;

/** Every error code `registry.parse` can return: the schemes' own and the core's dispatch codes. */
export type AnyErrorCode = ErrorCodeOf<RegisteredScheme> | CoreErrorCode;

/** What `registry.parse` returns. */
export type AnyResult = Result<AnyIdentifier, PidError<AnyErrorCode>>;

/** A registry of the registered schemes, or of some of them: `parse` gives an `AnyResult`. */
export type SchemesRegistry = Registry<RegisteredScheme>;

/** The registry the CLI and the gateway use (dispatching on the label or the URL host, see `route.ts`). */
export const registry: DispatchRegistry<RegisteredScheme> = new DispatchRegistry(schemes);
