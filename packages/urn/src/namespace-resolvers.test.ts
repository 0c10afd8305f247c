import { describe, expect, it } from 'vitest';
import { urnResolverUrl } from './namespace-resolvers.ts';

describe('urnResolverUrl: the resolver of a URN namespace', () => {
  it.each([
    ['urn:nbn:de:bvb:19-146642', 'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642'],
    ['urn:nbn:fi-fe19981001', 'https://urn.fi/urn:nbn:fi-fe19981001'],
    ['urn:nbn:se:uu:diva-3475', 'https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475'],
    ['urn:ietf:rfc:2648', 'https://www.rfc-editor.org/rfc/rfc2648'],
    ['urn:isbn:9780395363416', 'https://openlibrary.org/isbn/9780395363416'],
    ['urn:issn:0259-000X', 'https://portal.issn.org/resource/ISSN/0259-000X'],
    ['urn:doi:10.1000/182', 'https://doi.org/10.1000/182'],
    ['urn:nbn:de:x y', 'https://nbn-resolving.org/urn:nbn:de:x%20y'],
    // "$&" and "$'" are text in an NSS, not String.replace's replacement patterns
    ["urn:nbn:de:a$&b$'c", "https://nbn-resolving.org/urn:nbn:de:a$&b$'c"],
    ['urn:ietf:rfc:$&', 'https://www.rfc-editor.org/rfc/rfc$&'],
    // the longest prefix wins, and an NSS prefix ends at ":" or "-"
    ['urn:ietf:id:draft-x', 'https://datatracker.ietf.org/doc/draft-x'],
    ['urn:NBN:DE:x', 'https://nbn-resolving.org/urn:NBN:DE:x'],
  ])('%s → %s', (urn, url) => {
    expect(urnResolverUrl(urn)).toBe(url);
  });

  it.each([
    'urn:example:a',
    'urn:nbn:first:1',
    'urn:ietf:rfcx:1',
    'urn:nbn:',
    'urn:',
    'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    'ark:/1/x',
  ])('%s has none', (urn) => {
    expect(urnResolverUrl(urn)).toBeUndefined();
  });
});
