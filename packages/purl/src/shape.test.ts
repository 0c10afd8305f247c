import { shapeContract } from '@pidgate/core/testing';
import { comparePurl, formatPurl, normalizePurl, parsePurl } from './index.ts';
import { purlScheme } from './scheme.ts';

shapeContract(
  'purl',
  { parse: parsePurl, normalize: normalizePurl, format: formatPurl, compare: comparePurl },
  {
    scheme: purlScheme,
    valid: [
      'http://purl.org/dc/terms/',
      'https://purl.org/dc/elements/1.1/title',
      'http://purl.obolibrary.org/obo/GO_0008150',
      'http://www.purl.org/net/x?y=1#frag',
      'http://purl.org/a%7eb/%c3%a9',
    ],
    equivalent: [
      // RFC 3986 §6.2.2.1: scheme and host are case-insensitive; the services answer http and https alike
      ['https://purl.org/dc/terms/', 'HTTP://PURL.ORG/dc/terms/'],
      // a fragment is not sent to the server (RFC 3986 §3.5)
      ['http://purl.org/dc/terms/', 'http://www.purl.org/dc/terms/#x'],
      // RFC 3986 §6.2.2.2: %7E is "~"; §6.2.2.1: %c3 is %C3
      ['https://purl.org/a~b/%C3%A9', 'http://purl.org/a%7eb/%c3%a9'],
    ],
    distinct: [
      // paths are case-sensitive
      ['http://purl.org/dc/terms/', 'http://purl.org/DC/terms/'],
      ['http://purl.org/dc/terms/', 'http://purl.oclc.org/dc/terms/'],
      ['http://purl.org/x', 'http://purl.org/x?y'],
    ],
    invalid: ['http://purl.org/', 'http://purl.org/a b', 'http://purl.org/a%zz'],
  },
);
