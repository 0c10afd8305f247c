// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the resolver table's templates use ${urn}-style placeholders.
import { URN_NAMESPACE_RESOLVERS } from '@pidgate/urn';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RESOLVERS_FILE, readResolverTable } from './resolver-table.ts';

// The url column of pidgate normalize (URN_NAMESPACE_RESOLVERS of @pidgate/urn) and the gateway's built-in
// resolver table name the same resolver for each namespace.
describe('the URN resolvers of the url column and of the gateway', () => {
  it('list the same prefixes and URLs', () => {
    const table = readResolverTable(BUILTIN_RESOLVERS_FILE).urn.map((e) => [
      e.prefix.toLowerCase(),
      e.url
        .replace('${urn}', '{urn}')
        .replace('${rest}', '{rest}')
        .replace('${nss}', '{nss}')
        .replace('${key}', '{nss}'),
    ]);
    expect(URN_NAMESPACE_RESOLVERS.map((r) => [r.prefix, r.template])).toEqual(table);
  });
});
