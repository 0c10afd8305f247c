import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVALID, VALID } from './namespaces/fixtures.ts';
import { NAMESPACE_MODULES } from './namespaces/index.ts';
import { urnScheme } from './scheme.ts';

const pchar = fc.constantFrom(..."aZ09-._~!$&'()*+,;=:@%2c%C3".split(''), '%2c', '/', '?');

schemeContract(urnScheme, {
  valid: [
    'urn:example:a123,z456',
    'URN:EXAMPLE:a123%2cz456?+x#y',
    'urn:nbn:de:bvb:19-146642',
    'urn:isbn:0-395-36341-1',
    'urn:example:a?+r?=q#f',
    'urn:ietf:rfc:8141',
    'urn:example:a/b/c/',
    'urn:unregistered:a/b',
    'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642',
    'http://urn.fi/URN:NBN:fi-fe19981001',
    'https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475',
  ],
  invalid: [
    'urn:',
    'urn:x:y',
    'urn:example:',
    'urn:example:a?',
    'urn:example:%g0',
    'urn:-x:y',
    'urn:example:/a',
    'urn:ex:ex?+/',
    'urn:ex:ex?=?',
    'https://nbn-resolving.org/urn:nbn:de:bvb:19-146643',
  ],
  equivalent: [
    ['urn:example:a123,z456', 'URN:example:a123,z456', 'urn:EXAMPLE:a123,z456', 'urn:example:a123,z456?+abc'],
    ['urn:example:a%2c', 'urn:example:a%2C', 'URN:Example:a%2c#frag'],
    [
      'urn:nbn:de:bvb:19-146642',
      'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642',
      'http://nbn-resolving.de/URN:NBN:DE:BVB:19-146642',
    ],
  ],
  distinct: [
    ['urn:example:a123,z456', 'urn:example:A123,z456'],
    ['urn:example:a123,z456', 'urn:example:a123%2Cz456'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('urn:', 'URN:', 'urn:x', 'urn:ex-ample:', 'https://urn.fi/', 'http://nbn-resolving.org/urn:'),
      fc.array(pchar, { maxLength: 30 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

/** Characters shaped like each namespace's NSS, valid or not. */
const NSS_CHARS = fc.constantFrom(
  ...'0123456789abcdefABCDEFXx-.:;/_'.split(''),
  '%2F',
  '%2f',
  'de:',
  'fi-',
  'rfc:',
  'params:',
  '10.',
  'std:iso:',
  'id:',
  'mac:',
  '978',
);

// The shared contract, once per namespace module, with that namespace's registration examples.
for (const ns of NAMESPACE_MODULES) {
  const prefix = `urn:${ns.nid}:`;
  const valid = VALID.filter(([input]) => input.toLowerCase().startsWith(prefix)).map(([input]) => input);
  const invalid = INVALID.filter(([input]) => input.toLowerCase().startsWith(prefix)).map(([input]) => input);
  describe(`namespace ${ns.nid}`, () => {
    schemeContract(urnScheme, {
      valid: valid.length > 0 ? valid : [`${prefix}a`],
      // the namespace's own invalid examples, and RFC 8141's rules broken under its NID
      invalid: [...invalid, prefix, `${prefix}a%zz`, `${prefix}a?`],
      arbitrary: fc
        .tuple(fc.constantFrom(prefix, prefix.toUpperCase()), fc.array(NSS_CHARS, { maxLength: 40 }))
        .map(([p, chars]) => p + chars.join('')),
      numRuns: 150,
    });
  });
}

describe('warnings', () => {
  it.each([
    ['urn:example:a', undefined],
    ['urn:isbn:0395363411', undefined],
    ['urn:xmpp:ping', undefined],
    ['urn:urn-3:x', undefined],
    ['urn:foo:bar', 'nid-unregistered'],
    ['urn:urn-99999:x', 'nid-informal-unregistered'],
    ['urn:X-dchub:x', 'nid-experimental'],
  ])('%s -> %s', (input, code) => {
    const r = urnScheme.parse(input);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.warnings?.map((w) => w.code)[0]).toBe(code);
  });
});

describe('resolver URLs are read as the URN they carry', () => {
  it.each([
    ['https://nbn-resolving.org/urn:nbn:de:bvb:19-146642', 'urn:nbn:de:bvb:19-146642', 'https://nbn-resolving.org/'],
    ['http://urn.fi/URN:NBN:fi-fe19981001', 'urn:nbn:fi-fe19981001', 'http://urn.fi/'],
    ['HTTPS://URN.FI/urn:nbn:fi-fe19981001', 'urn:nbn:fi-fe19981001', 'HTTPS://URN.FI/'],
    [
      'https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475',
      'urn:nbn:se:uu:diva-3475',
      'https://urn.kb.se/resolve?urn=',
    ],
    [
      'https://urn.kb.se/resolve?urn=urn%3Anbn%3Ase%3Auu%3Adiva-3475',
      'urn:nbn:se:uu:diva-3475',
      'https://urn.kb.se/resolve?urn=',
    ],
    ['https://urn.nb.no/URN:NBN:no-29632', 'urn:nbn:no-29632', 'https://urn.nb.no/'],
    ['https://resolver.obvsg.at/urn:nbn:at:at-ubi:1-16130', 'urn:nbn:at:at-ubi:1-16130', 'https://resolver.obvsg.at/'],
  ])('%s -> %s', (input, urn, resolver) => {
    expect(urnScheme.recognize(input)).toBe(true);
    const r = urnScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(urn);
    expect(r.ok && r.value.components.resolver).toBe(resolver);
    expect(r.ok && urnScheme.format(r.value.components)).toBe(input.replace(/%3A/g, ':').replace('URN:', 'urn:'));
  });

  it.each([
    'https://example.org/urn:nbn:de:bvb:19-146642',
    'https://urn.fi/',
    'https://urn.fi/ark:/12345/x',
    'https://nbn-resolving.org/resolver?verb=redirect',
    'ftp://urn.fi/urn:nbn:fi-fe19981001',
  ])('%s is not a URN', (input) => {
    expect(urnScheme.recognize(input)).toBe(false);
  });

  it('points an error inside the carried URN at its place in the URL', () => {
    const r = urnScheme.parse('https://nbn-resolving.org/urn:nbn:de:bvb:19-146643');
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual(['nbn-check-digit', 49]);
  });
});
