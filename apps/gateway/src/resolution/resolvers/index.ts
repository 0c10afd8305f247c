import { type SchemeName, schemes } from '@pidgate/schemes';
import { arkResolver } from './ark.ts';
import { pdiResolver } from './pdi.ts';
import { pwidResolver } from './pwid.ts';
import { asUrnResolver, templateResolver } from './template.ts';
import type { AllResolvers, Resolver } from './types.ts';
import { urnResolver } from './urn.ts';

/** The resolvers with rules of their own; every other scheme resolves through its URL template. */
const OWN_RULES: Partial<AllResolvers> = {
  ark: arkResolver,
  pwid: pwidResolver,
  pdi: pdiResolver,
  urn: urnResolver,
  isbn: asUrnResolver('isbn'),
  issn: asUrnResolver('issn'),
};

/**
 * Every resolver, keyed by scheme name: `resolvers.ark` takes ARKs, `resolvers.pwid` PWIDs. A scheme with no
 * rules of its own (DOI, Handle, ORCID, ROR, ...) gets `templateResolver`: the resolver table's entry, else
 * its definition's `resolver` template. So a new scheme needs no row here.
 */
export const resolvers: AllResolvers = withTemplates(OWN_RULES);

function withTemplates(own: Partial<AllResolvers>): AllResolvers {
  const all: Partial<Record<SchemeName, Resolver<SchemeName>>> = { ...own };
  for (const { name } of schemes) all[name] ??= templateResolver(name);
  // every name of `schemes` has a row now: the mapped type cannot follow the loop
  return all as AllResolvers;
}
