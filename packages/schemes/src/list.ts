import {
  arrayexpressScheme,
  bioprojectScheme,
  biosampleScheme,
  ensemblScheme,
  genomeScheme,
  geoScheme,
  refseqScheme,
  sraScheme,
  uniprotScheme,
} from '@pidgate/accession';
import { adsScheme } from '@pidgate/ads';
import { arkScheme } from '@pidgate/ark';
import { arxivScheme } from '@pidgate/arxiv';
import { doiScheme } from '@pidgate/doi';
import { handleScheme } from '@pidgate/handle';
import { isbnScheme, issnScheme } from '@pidgate/isbn';
import { isniScheme } from '@pidgate/isni';
import { orcidScheme } from '@pidgate/orcid';
import { pdiScheme } from '@pidgate/pdi';
import { pmcidScheme, pmidScheme } from '@pidgate/pubmed';
import { purlScheme } from '@pidgate/purl';
import { pwidScheme } from '@pidgate/pwid/scheme';
import {
  asclScheme,
  cstrScheme,
  gndScheme,
  halScheme,
  istcScheme,
  lsidScheme,
  openalexScheme,
  rridScheme,
  viafScheme,
  wikidataScheme,
} from '@pidgate/research';
import { rorScheme } from '@pidgate/ror';
import { swhScheme } from '@pidgate/swh';
import { urnScheme } from '@pidgate/urn';

/**
 * Every scheme pidgate knows, each built with `defineScheme()`: one line registers a scheme. The routing
 * tables (`route.ts`), the names, the `unknown-scheme` message and `docs/schemes.md` are derived from
 * this list. Dispatch order comes from each scheme's priority, not from the order here: schemes told
 * apart by a URL's host (web-archive replay URLs of PWIDs, doi.org, hdl.handle.net, PURL services,
 * orcid.org, arxiv.org) are asked before ARK, which recognizes `ark:` after any URL prefix; DOI before
 * Handle (a handle in the `10.` directory is a DOI); PWID, PDI and DOI (`urn:doi:`) before the generic
 * URN rule; bare ISBNs and ISSNs (digits only) after every labelled scheme.
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
  rorScheme,
  isniScheme,
  gndScheme,
  viafScheme,
  wikidataScheme,
  openalexScheme,
  lsidScheme,
  istcScheme,
  halScheme,
  asclScheme,
  cstrScheme,
  rridScheme,
  adsScheme,
  swhScheme,
  geoScheme,
  sraScheme,
  bioprojectScheme,
  biosampleScheme,
  ensemblScheme,
  uniprotScheme,
  refseqScheme,
  genomeScheme,
  arrayexpressScheme,
] as const;
