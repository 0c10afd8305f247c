import { arkScheme } from '@pidgate/ark';
import { arxivScheme } from '@pidgate/arxiv';
import type { Registry, Scheme } from '@pidgate/core';
import { doiScheme } from '@pidgate/doi';
import { handleScheme } from '@pidgate/handle';
import { isbnScheme, issnScheme } from '@pidgate/isbn';
import { orcidScheme } from '@pidgate/orcid';
import { pdiScheme } from '@pidgate/pdi';
import { pmcidScheme, pmidScheme } from '@pidgate/pubmed';
import { purlScheme } from '@pidgate/purl';
import { pwidScheme } from '@pidgate/pwid';
import { urnScheme } from '@pidgate/urn';
import { DispatchRegistry } from './dispatch.ts';

export { DispatchRegistry, FIRST_CHARACTERS } from './dispatch.ts';

/**
 * Every scheme pidgate knows, in one list. Dispatch order comes from each scheme's priority:
 * schemes told apart by a URL's host (web-archive replay URLs of PWIDs, doi.org, hdl.handle.net,
 * PURL services, orcid.org, arxiv.org) are asked before ARK, which recognizes `ark:` after any URL
 * prefix; DOI before Handle (a handle in the `10.` directory is a DOI); PWID, PDI and DOI (`urn:doi:`)
 * before the generic URN rule; bare ISBNs and ISSNs (digits only) after every labelled scheme.
 */
export const schemes: readonly Scheme[] = [
  pwidScheme as Scheme,
  doiScheme as Scheme,
  handleScheme as Scheme,
  purlScheme as Scheme,
  orcidScheme as Scheme,
  arxivScheme as Scheme,
  arkScheme as Scheme,
  pmidScheme as Scheme,
  pmcidScheme as Scheme,
  pdiScheme as Scheme,
  isbnScheme as Scheme,
  issnScheme as Scheme,
  urnScheme as Scheme,
];

/** The registry the CLI and the gateway use (dispatching on the first character, see `dispatch.ts`). */
export const registry: Registry = new DispatchRegistry(schemes);
