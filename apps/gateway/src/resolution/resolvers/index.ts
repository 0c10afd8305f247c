import { arkResolver } from './ark.ts';
import { pdiResolver } from './pdi.ts';
import { pwidResolver } from './pwid.ts';
import { asUrnResolver, templateResolver } from './template.ts';
import type { AllResolvers } from './types.ts';
import { urnResolver } from './urn.ts';

/**
 * Every resolver, keyed by scheme name: `resolvers.ark` takes ARKs, `resolvers.pwid` PWIDs. A new scheme adds
 * its row here (the build fails until it does).
 */
export const resolvers: AllResolvers = {
  ark: arkResolver,
  pwid: pwidResolver,
  pdi: pdiResolver,
  urn: urnResolver,
  doi: templateResolver('doi'),
  handle: templateResolver('handle'),
  orcid: templateResolver('orcid'),
  arxiv: templateResolver('arxiv'),
  pmid: templateResolver('pmid'),
  pmcid: templateResolver('pmcid'),
  purl: templateResolver('purl'),
  isbn: asUrnResolver('isbn'),
  issn: asUrnResolver('issn'),
};
