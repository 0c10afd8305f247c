import { shapeContract } from '@pidgate/core/testing';
import { pwidArb } from './arbitrary.test-helpers.ts';
import { comparePwid, formatPwid, normalizePwid, parsePwid } from './index.ts';
import { pwidScheme } from './scheme.ts';

shapeContract(
  'pwid',
  { parse: parsePwid, normalize: normalizePwid, format: formatPwid, compare: comparePwid },
  {
    scheme: pwidScheme,
    valid: [
      // draft-pwid-urn-specification-07 §2.3 examples
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/logo.png',
      'urn:pwid:webarchiv.onb.ac.at:2013-12-03T17:03:03Z:page:http://m.onb.ac.at/prunksaal.htm',
      'urn:pwid:archive.org:2016-01-22Z:page:HTTP://WWW.DR.DK/Path%3Fq',
      'urn:pwid:~dkwa:2016-01-22Z:page:~a',
      // source: the bare label and timestamp of early tools
      'pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/',
    ],
    validModern: [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22Z:page:HTTP://WWW.DR.DK/Path%3Fq',
    ],
    equivalent: [
      // draft-07 §3 (case): the label, archive-id and precision are case-insensitive
      [
        'URN:PWID:Archive.org:2016-01-22T11:20:29Z:PAGE:http://www.dr.dk',
        'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      ],
      // RFC 3986 §6.2.2.1: the URI's scheme and host are case-insensitive
      [
        'urn:pwid:archive.org:2016-01-22Z:page:HTTP://WWW.DR.DK/x',
        'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk/x',
      ],
      // the archival-time in the compact form of early tools is the same time
      [
        'pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/',
        'urn:pwid:archive.org:2016-10-20T22:26:35Z:site:https://www.doi.org/',
      ],
      // draft-07 uri-string: "?" in the URI is written %3F
      [
        'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a?b',
        'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a%3Fb',
      ],
    ],
    distinct: [
      // the granularity of the archival-time is part of the identity
      [
        'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk',
        'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      ],
      // precision: page and part name different things
      [
        'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk',
        'urn:pwid:archive.org:2016-01-22Z:part:http://www.dr.dk',
      ],
      // the URI's path is case-sensitive
      [
        'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk/Path',
        'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk/path',
      ],
    ],
    modern: [
      [
        'urn:pwid:archive.org:2016-01-22Z:page:HTTP://WWW.DR.DK/x',
        'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk/x',
        true,
      ],
    ],
    invalid: [
      'urn:pwid:archive.org:2016-02-30Z:page:http://x',
      'urn:pwid::2016-01-22Z:page:http://x',
      'urn:pwid:archive.org:2016-01-22Z:page:',
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
    ],
    arbitrary: pwidArb,
  },
);
