import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pwidArb, pwidKey } from './arbitrary.test-helpers.ts';
import { parsePwid } from './parse.ts';
import { pwidScheme } from './scheme.ts';

const piece = fc.constantFrom(
  ...'aZ09:-.~_T%Z'.split(''),
  '2016-01-22',
  'T11:20:29Z',
  ':page:',
  'http://',
  '%3F',
  '%25',
  '~',
  '.123',
);

schemeContract(pwidScheme, {
  valid: [
    'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    'URN:PWID:Archive.ORG:2016-01-22t11:20:29z:PAGE:HTTP://WWW.DR.DK/a%3fb',
    'urn:pwid:netarkivet.dk:2008-11-29T00:41:42Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Master_NF.css',
    'urn:pwid:archive.org:2016-12-31T23:59:60.5Z:snapshot:http://host:8080/a:b',
    'urn:pwid:~DKWA:2016-02-29Z:collection:~Coll-1',
    'pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/',
    'urn:pwid:archive.org:2016-01-22T112029Z:other:http://x.dk/a.php?id=1#top',
    // replay URLs, read as the PWID they stand for
    'https://web.archive.org/web/20160122112029/http://www.dr.dk',
    'https://web.archive.org/web/20130102im_///example.com/a.png',
    'https://arquivo.pt/wayback/20140101/https%3A//example.com/',
  ],
  validModern: [
    'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    'URN:PWID:Archive.ORG:2016-01-22t11:20:29z:PAGE:HTTP://WWW.DR.DK/a%3fb',
    'urn:pwid:archive.org:2016-01-22T11Z:part:http://%5B::1%5D:80/a%2520b',
  ],
  invalid: [
    'urn:pwid:',
    'urn:pwid:archive.org',
    'urn:pwid:archive.org:2016-02-30Z:page:http://x',
    'urn:pwid:archive.org:2016-01-22T11:20:60Z:page:http://x',
    'urn:pwid:archive.org:2016-01-22T11Z:page:http://x',
    'urn:pwid:archive.org:2016-01-22Z:page:',
    'urn:pwid:archive_org:2016-01-22Z:page:http://x',
    'pwid:archive.org:2016-01-22Z:page-x:http://x',
    'urn:pwid:archive.org:2016-01-22Z:page:http://x/%zz',
    'https://web.archive.org/web/20160122112029/https:///x',
    'https://web.archive.org/web/2016/http://www.dr.dk',
    'https://web.archive.org/details/foo',
  ],
  // IANA 2022: "urn:pwid:" only, no "~" ids, only part and page, draft-07 times and item encoding.
  invalidModern: [
    'urn:pwid:',
    'urn:pwid:archive.org',
    'urn:pwid:archive.org:2016-02-30Z:page:http://x',
    'urn:pwid:archive.org:2016-01-22T11:20:60Z:page:http://x',
    'urn:pwid:archive.org:2016-01-22Z:page:',
    'urn:pwid:archive_org:2016-01-22Z:page:http://x',
    'urn:pwid:archive.org:2016-01-22Z:page:http://x/%zz',
    'pwid:archive.org:2016-01-22Z:page:http://x',
    'urn:pwid:~DKWA:2016-02-29Z:part:http://x',
    'urn:pwid:archive.org:2016-02-29Z:part:~Coll-1',
    'urn:pwid:archive.org:2016-01-22Z:snapshot:http://x',
    'urn:pwid:archive.org:2016-01-22T112029Z:page:http://x',
    'urn:pwid:archive.org:2016-01-22Z:page:http://x/a?b',
    'urn:pwid:archive.org:2016-01-22Z:page:http://x/a%20b',
  ],
  equivalent: [
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      'URN:PWID:ARCHIVE.ORG:2016-01-22t11:20:29z:PAGE:HTTP://WWW.DR.DK',
      'urn:pwid:archive.org:2016-01-22T112029Z:Page:http://www.dr.dk',
      'pwid:archive.org:2016-01-22_11.20.29:page:http://www.dr.dk',
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      'HTTP://WEB.ARCHIVE.ORG/web/20160122112029/www.dr.dk',
    ],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x/a%3fb', 'urn:pwid:archive.org:2016-01-22Z:page:http://x/a?b'],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x/a%2520', 'urn:pwid:archive.org:2016-01-22Z:page:http://x/a%20'],
    ['urn:pwid:~dkwa:2016-01-22Z:page:~abc', 'urn:pwid:~DKWA:2016-01-22Z:PAGE:~ABC'],
  ],
  distinct: [
    // the granularity of the archival-time is part of the identity
    [
      'urn:pwid:archive.org:2016-01-22T11:20Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:00Z:page:http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29.5Z:page:http://x',
      'urn:pwid:archive.org:2016-01-22T11:20:29.50Z:page:http://x',
    ],
    [
      'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22Z:part:http://www.dr.dk',
    ],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x/A', 'urn:pwid:archive.org:2016-01-22Z:page:http://x/a'],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x/a%3Fb', 'urn:pwid:archive.org:2016-01-22Z:page:http://x/a%253Fb'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('urn:pwid:', 'URN:PWID:archive.org:', 'pwid:~a:', 'urn:pwid:a.b:2016-01-22'),
      fc.array(piece, { maxLength: 25 }),
    )
    .map(([label, pieces]) => label + pieces.join('')),
});

describe('dispatch', () => {
  it.each([
    ['urn:pwid:x', true],
    ['URN:PWID:x', true],
    ['Pwid:x', true],
    ['pwid:', true],
    ['urn:pwid', false],
    ['urn:pwidx:', false],
    ['pwids:x', false],
    ['urn:ark:x', false],
    ['', false],
  ])('recognize(%s) is %s', (input, expected) => {
    expect(pwidScheme.recognize(input)).toBe(expected);
  });

  it('asks before ARK (10), so that an ARK inside a replay URL stays the PWID', () => {
    expect(pwidScheme.priority).toBe(5);
  });

  it.each([
    ['https://web.archive.org/web/20160122112029/http://www.dr.dk', true],
    ['http://ARCHIVE.ph/20160122112029/http://www.dr.dk', true],
    ['https://wayback.archive-it.org/1234/20160122112029/http://www.dr.dk', true],
    ['https://web.archive.org.example/web/20160122112029/http://www.dr.dk', false],
    ['https://n2t.net/ark:/12345/x', false],
    ['https://web.archive.org', false],
  ])('recognize(%s) is %s (replay hosts)', (input, expected) => {
    expect(pwidScheme.recognize(input)).toBe(expected);
  });
});

describe('properties', () => {
  it('generated PWIDs parse, and format(parse(x)) is x', () => {
    fc.assert(
      fc.property(pwidArb, (s) => {
        const r = parsePwid(s);
        expect(r.ok, s).toBe(true);
        if (r.ok) expect(pwidScheme.format(r.value)).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it("normalization is idempotent, and the scheme's one-pass key is normalizePwid of the parts", () => {
    fc.assert(
      fc.property(pwidArb, (s) => {
        const once = pwidKey(s);
        expect(once.ok).toBe(true);
        if (!once.ok) return;
        expect(pwidKey(once.value)).toEqual(once);
        const id = pwidScheme.parse(s);
        expect(id.ok && id.value.normalized).toBe(once.value);
      }),
      { numRuns: 500 },
    );
  });

  it('a changed case in the URI path is a different PWID, in the scheme or host it is not', () => {
    const a = pwidKey('urn:pwid:archive.org:2016-01-22Z:page:HTTP://WWW.DR.DK/Path');
    expect(a).toEqual({ ok: true, value: 'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk/Path' });
  });
});
