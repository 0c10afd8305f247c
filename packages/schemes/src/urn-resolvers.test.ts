import { describe, expect, it } from 'vitest';
import { registry } from './index.ts';

// Issue 11: the registry every program uses reads URN resolver URLs as the URN they carry.
describe('URN resolver URLs through the shared registry', () => {
  it.each([
    ['https://nbn-resolving.org/urn:nbn:de:bvb:19-146642', 'urn:nbn:de:bvb:19-146642'],
    ['http://urn.fi/URN:NBN:fi-fe19981001', 'urn:nbn:fi-fe19981001'],
    ['https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475', 'urn:nbn:se:uu:diva-3475'],
  ])('%s -> %s', (input, normalized) => {
    const r = registry.parse(input);
    expect(r.ok && [r.value.scheme, r.value.normalized]).toEqual(['urn', normalized]);
  });

  it('leaves an ARK behind an NMAH to the ARK scheme', () => {
    const r = registry.parse('https://n2t.net/ark:/12345/x');
    expect(r.ok && r.value.scheme).toBe('ark');
  });
});
