import { arkResolver } from './ark.ts';
import { pdiResolver } from './pdi.ts';
import { pwidResolver } from './pwid.ts';
import { templateResolvers } from './template.ts';
import type { Resolver } from './types.ts';
import { urnResolver } from './urn.ts';

export type { Description, Outcome, Resolver, ResolverServices, Story } from './types.ts';

/** Every resolver, one per scheme name. A new scheme adds its resolver here and nowhere else. */
export const resolvers: readonly Resolver[] = [
  arkResolver as Resolver,
  pwidResolver as unknown as Resolver,
  pdiResolver as unknown as Resolver,
  urnResolver as unknown as Resolver,
  ...templateResolvers,
];

export function resolverMap(list: readonly Resolver[] = resolvers): ReadonlyMap<string, Resolver> {
  return new Map(list.map((r) => [r.scheme, r]));
}
