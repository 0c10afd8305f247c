import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
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
  ],
  invalid: ['urn:', 'urn:x:y', 'urn:example:', 'urn:example:a?', 'urn:example:%g0', 'urn:-x:y', 'urn:example:/a'],
  equivalent: [
    ['urn:example:a123,z456', 'URN:example:a123,z456', 'urn:EXAMPLE:a123,z456', 'urn:example:a123,z456?+abc'],
    ['urn:example:a%2c', 'urn:example:a%2C', 'URN:Example:a%2c#frag'],
  ],
  distinct: [
    ['urn:example:a123,z456', 'urn:example:A123,z456'],
    ['urn:example:a123,z456', 'urn:example:a123%2Cz456'],
  ],
  arbitrary: fc
    .tuple(fc.constantFrom('urn:', 'URN:', 'urn:x', 'urn:ex-ample:'), fc.array(pchar, { maxLength: 30 }))
    .map(([label, chars]) => label + chars.join('')),
});
