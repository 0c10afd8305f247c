import { shapeContract } from '@pidgate/core/testing';
import { compareUrn, formatUrn, normalizeUrn, parseUrn } from './index.ts';
import { urnScheme } from './scheme.ts';

shapeContract(
  'urn',
  { parse: parseUrn, normalize: normalizeUrn, format: formatUrn, compare: compareUrn },
  {
    scheme: urnScheme,
    valid: [
      'urn:example:a123,z456',
      'URN:EXAMPLE:a123%2cz456?+x#y',
      'urn:example:a?+r?=q#f',
      'urn:isbn:0-395-36341-1',
      'urn:issn:0259-000x',
      'urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6',
      'http://urn.fi/URN:NBN:fi-fe19981001',
      'https://nbn-resolving.org/urn:nbn:de:gbv:089-3321752945',
      'urn:foo:bar',
    ],
    equivalent: [
      // RFC 8141 §3.2: these are equivalent to urn:example:a123,z456
      ['urn:example:a123,z456', 'URN:example:a123,z456'],
      ['urn:example:a123,z456', 'urn:EXAMPLE:a123,z456'],
      ['urn:example:a123,z456', 'urn:example:a123,z456?+abc'],
      ['urn:example:a123,z456', 'urn:example:a123,z456?=xyz'],
      ['urn:example:a123,z456', 'urn:example:a123,z456#789'],
      // §3.1: percent-escape hex digits compare case-insensitively
      ['urn:example:a123%2cz456', 'urn:example:a123%2Cz456'],
      // RFC 3187 (urn:isbn): hyphens are not part of the ISBN
      ['urn:isbn:0-395-36341-1', 'urn:isbn:0395363411'],
      // RFC 4122 §3: a UUID's hex digits are case-insensitive
      ['urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6'],
      // a resolver URL names the URN it carries
      ['http://urn.fi/URN:NBN:fi-fe19981001', 'urn:nbn:fi-fe19981001'],
    ],
    distinct: [
      // RFC 8141 §3.2: not equivalent to urn:example:a123,z456
      ['urn:example:a123,z456', 'urn:example:a123%2Cz456'],
      ['urn:example:a123,z456', 'urn:example:A123,z456'],
      ['urn:example:a123,z456', 'urn:example:a123,Z456'],
      ['urn:example:a123,z456', 'urn:example:a123,z456/foo'],
      // at the lexical level an ISBN-10 and its ISBN-13 differ (the standard key groups them)
      ['urn:isbn:0395363411', 'urn:isbn:9780395363416'],
    ],
    invalid: ['urn:example:a?', 'urn:isbn:0395363412', 'urn:x:y', 'urn:oid:01.2'],
  },
);
