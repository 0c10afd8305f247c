import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import { PWID_ERROR_CODES, PWID_PARTS } from './codes.ts';
import { formatPwid } from './format.ts';
import { parsePwid } from './parse.ts';
import { pwidScheme } from './scheme.ts';

const normalize = (s: string, profile: 'source' | 'modern' = 'source') => {
  const r = pwidScheme.parse(s, profile);
  if (!r.ok) throw new Error(`${s}: ${r.error.code} at ${r.error.offset}`);
  return r.value.normalized;
};

describe('draft-07 examples', () => {
  // draft-07 "Resolution": "An example of a PWID URN is: urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk"
  it('parses the example into its parts', () => {
    expect(parsePwid('urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk')).toEqual({
      ok: true,
      value: {
        label: 'urn:pwid',
        archiveId: 'archive.org',
        archivalTime: '2016-01-22T11:20:29Z',
        time: { year: 2016, month: 1, day: 22, hour: 11, minute: 20, second: 29, fraction: null },
        precision: 'page',
        item: 'http://www.dr.dk',
        uri: 'http://www.dr.dk',
      },
    });
  });

  // draft-07 "Assignment": the parts SolrWayback calculated for a page in netarkivet.dk (the draft's
  // line folding put spaces inside them; they are written here as the tool wrote them).
  it.each([
    'urn:pwid:netarkivet.dk:2008-11-29T00:41:42Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Master_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:39:47Z:part:http://www.susanlegetoej.dk/shop/css/print.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:06Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Basket_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:00Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_TopMenu_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:00Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_SearchPage_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:35Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Productmenu_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:22Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_SpaceTop_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:24Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_SpaceLeft_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:23Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_SpaceBottom_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:40:25Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_SpaceRight_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:37:23Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_ProductInfo_NF.css',
    'urn:pwid:netarkivet.dk:2008-11-29T00:37:24Z:part:http://www.susanlegetoej.dk/Shop/js/Variants.js',
    'urn:pwid:netarkivet.dk:2009-03-03T11:53:00Z:part:http://www.susanlegetoej.dk/Shop/js/Media.js',
    'urn:pwid:netarkivet.dk:2009-03-03T11:53:02Z:part:http://www.susanlegetoej.dk/images/design/print.gif',
    'urn:pwid:netarkivet.dk:2009-03-03T11:54:19Z:part:http://www.susanlegetoej.dk/Shop/js/Scroll.js',
    'urn:pwid:netarkivet.dk:2009-03-03T11:54:09Z:part:http://www.susanlegetoej.dk/Shop/js/Shop5Common.js',
    'urn:pwid:netarkivet.dk:2006-11-20T20:16:03Z:part:http://www.susanlegetoej.dk/images/602551.jpg',
  ])('%s is valid, already normalized, in both profiles', (input) => {
    expect(normalize(input)).toBe(input);
    expect(normalize(input, 'modern')).toBe(input);
  });
});

describe('older forms (source profile)', () => {
  // draft-00 (002) references: "pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/" and two more
  it.each([
    [
      'pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/',
      'urn:pwid:archive.org:2016-10-20T22:26:35Z:site:https://www.doi.org/',
    ],
    [
      'pwid:archive.org:2017-05-29_11.31.50Z:site:http://resaw.eu/',
      'urn:pwid:archive.org:2017-05-29T11:31:50Z:site:http://resaw.eu/',
    ],
    [
      'pwid:archive.org:2017-04-03_03.37.42Z:page:http://www.w3.org/TR/NOTE-datetime',
      'urn:pwid:archive.org:2017-04-03T03:37:42Z:page:http://www.w3.org/TR/NOTE-datetime',
    ],
    // 2017 drafts: full-pwid-time = time-hour [":"] time-minute [":"] time-second "Z"; "t" and "z" may be lower case
    [
      'urn:pwid:archive.org:2016-01-22T112029Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22t11:20:29z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22T11:2029Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22T1120Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20Z:page:http://www.dr.dk',
    ],
    // 2017 drafts: coverage-spec "other"; values are not case sensitive
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:other:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:other:http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:PaGe:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    // 2017 drafts: archived-item = URI, written as itself
    [
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a.php?id=1#top',
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a.php%3Fid=1%23top',
    ],
    ['PWID:archive.org:2016-01-22Z:page:http://x.dk/', 'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/'],
  ])('%s -> %s', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it.each([
    ['pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/', 'bare-pwid-label'],
    ['urn:pwid:archive.org:2016-10-20_22.26.35Z:site:https://www.doi.org/', 'legacy-time-form'],
    ['urn:pwid:archive.org:2016-01-22T112029Z:page:http://www.dr.dk', 'legacy-time-form'],
    ['urn:pwid:archive.org:2016-01-22T11:20:29Z:other:http://www.dr.dk', 'precision-spec-value'],
    ['urn:pwid:archive.org:2016-01-22T11:20:29Z:site:http://www.dr.dk', 'precision-spec-value'],
    ['urn:pwid:~dkwa:2016-01-22T11:20:29Z:page:http://www.dr.dk', 'registered-id-not-allowed'],
    ['urn:pwid:archive.org:2016-01-22T11:20:29Z:part:~abc', 'registered-id-not-allowed'],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a.php?id=1', 'uri-unencoded-character'],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a%20b', 'uri-unencoded-percent'],
  ])('modern refuses %s (%s)', (input, code) => {
    const r = parsePwid(input, { profile: 'modern' });
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it('modern (IANA 2022) allows an hour alone, source (draft-07) does not', () => {
    expect(normalize('urn:pwid:archive.org:2016-01-22T11Z:page:http://www.dr.dk', 'modern')).toBe(
      'urn:pwid:archive.org:2016-01-22T11Z:page:http://www.dr.dk',
    );
    const r = parsePwid('urn:pwid:archive.org:2016-01-22T11Z:page:http://www.dr.dk');
    expect(r.ok ? null : r.error).toMatchObject({ code: 'utc-minute', offset: 34, part: 'archival-time' });
  });
});

describe('splitting', () => {
  it('reads the item to the end, colons and all', () => {
    const r = parsePwid('urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://host:8080/a:b');
    expect(r.ok && r.value).toMatchObject({
      archivalTime: '2016-01-22T11:20:29Z',
      precision: 'page',
      item: 'http://host:8080/a:b',
    });
  });

  it('reads colons inside the archival-time as part of it', () => {
    const r = parsePwid('urn:pwid:archive.org:2016-01-22T11:20:29.123456789Z:snapshot:mailto:a@b.dk');
    expect(r.ok && r.value).toMatchObject({
      archivalTime: '2016-01-22T11:20:29.123456789Z',
      precision: 'snapshot',
      item: 'mailto:a@b.dk',
    });
  });

  it('gives format(parse(x)) === x', () => {
    for (const s of [
      'URN:PWID:Archive.org:2016-01-22t112029z:PAGE:HTTP://X.dk/%3f',
      'pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/',
    ]) {
      const r = parsePwid(s);
      expect(r.ok && formatPwid(r.value)).toBe(s);
    }
  });
});

/** Every code, with an input that produces it, where, and in which part. */
const ERRORS: [string, string, number, string, ('source' | 'modern')?][] = [
  ['urn:pwidx', 'pwid-label', 0, 'pwid-NID'],
  ['urn:ark:/13030/x', 'pwid-label', 0, 'pwid-NID'],
  ['pwid:archive.org:2016-01-22Z:page:http://x', 'bare-pwid-label', 0, 'pwid-NID', 'modern'],
  ['urn:pwid::2016-01-22Z:page:http://x', 'archive-id-empty', 9, 'archive-id'],
  ['urn:pwid:', 'archive-id-empty', 9, 'archive-id'],
  ['urn:pwid:archive_org:2016-01-22Z:page:http://x', 'archive-id-domain', 16, 'archive-id'],
  ['urn:pwid:-archive.org:2016-01-22Z:page:http://x', 'archive-id-domain', 9, 'archive-id'],
  ['urn:pwid:archive-.org:2016-01-22Z:page:http://x', 'archive-id-domain', 16, 'archive-id'],
  ['urn:pwid:archive..org:2016-01-22Z:page:http://x', 'archive-id-domain', 17, 'archive-id'],
  ['urn:pwid:archive.org.:2016-01-22Z:page:http://x', 'archive-id-domain', 21, 'archive-id'],
  ['urn:pwid:192.168.0.1:2016-01-22Z:page:http://x', 'archive-id-domain', 19, 'archive-id'],
  [`urn:pwid:${'a'.repeat(64)}.org:2016-01-22Z:page:http://x`, 'archive-id-length', 72, 'archive-id'],
  [`urn:pwid:${'a.'.repeat(127)}org:2016-01-22Z:page:http://x`, 'archive-id-length', 9, 'archive-id'],
  ['urn:pwid:~:2016-01-22Z:page:http://x', 'registered-archive-id', 10, 'archive-id'],
  ['urn:pwid:~a/b:2016-01-22Z:page:http://x', 'registered-archive-id', 11, 'archive-id'],
  ['urn:pwid:~dkwa:2016-01-22Z:page:http://x', 'registered-id-not-allowed', 9, 'archive-id', 'modern'],
  ['urn:pwid:archive.org', 'archive-id-unterminated', 20, 'archive-id'],
  ['urn:pwid:archive.org:16-01-22Z:page:http://x', 'utc-date', 23, 'archival-time'],
  ['urn:pwid:archive.org:2016/01/22Z:page:http://x', 'utc-date', 25, 'archival-time'],
  ['urn:pwid:archive.org:2016-1-22Z:page:http://x', 'utc-date', 26, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-2Z:page:http://x', 'utc-date', 29, 'archival-time'],
  ['urn:pwid:archive.org:2016-13-22Z:page:http://x', 'utc-month', 26, 'archival-time'],
  ['urn:pwid:archive.org:2016-00-22Z:page:http://x', 'utc-month', 26, 'archival-time'],
  ['urn:pwid:archive.org:2015-02-29Z:page:http://x', 'utc-day', 29, 'archival-time'],
  ['urn:pwid:archive.org:2016-04-31Z:page:http://x', 'utc-day', 29, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-00Z:page:http://x', 'utc-day', 29, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22TZ:page:http://x', 'utc-time', 32, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T1:20Z:page:http://x', 'utc-time', 32, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T24:00Z:page:http://x', 'utc-hour', 32, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:60Z:page:http://x', 'utc-minute', 35, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:6Z:page:http://x', 'utc-minute', 35, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11Z:page:http://x', 'utc-minute', 34, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:20:61Z:page:http://x', 'utc-second', 38, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:20:60Z:page:http://x', 'leap-second', 38, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:20:29.Z:page:http://x', 'secfrac', 41, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:20:29.1234567890Z:page:http://x', 'secfrac', 50, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22:page:http://x', 'time-zone', 31, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:20:29:page:http://x', 'time-zone', 40, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:20:29+01:00:page:http://x', 'time-zone', 40, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22Zpage:http://x', 'time-zone', 32, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T11:20:29', 'time-zone', 40, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22T112029Z:page:http://x', 'legacy-time-form', 34, 'archival-time', 'modern'],
  ['urn:pwid:archive.org:2016-01-22Z', 'archival-time-unterminated', 32, 'archival-time'],
  ['urn:pwid:archive.org:2016-01-22Z::http://x', 'precision-spec-empty', 33, 'precision-spec'],
  ['urn:pwid:archive.org:2016-01-22Z:', 'precision-spec-empty', 33, 'precision-spec'],
  ['urn:pwid:archive.org:2016-01-22Z:web-page:http://x', 'precision-spec-character', 36, 'precision-spec'],
  ['urn:pwid:archive.org:2016-01-22Z:2page:http://x', 'precision-spec-character', 33, 'precision-spec'],
  ['urn:pwid:archive.org:2016-01-22Z:site:http://x', 'precision-spec-value', 33, 'precision-spec', 'modern'],
  ['urn:pwid:archive.org:2016-01-22Z:page', 'precision-spec-unterminated', 37, 'precision-spec'],
  ['urn:pwid:archive.org:2016-01-22Z:page:', 'archived-item-id-empty', 38, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:~', 'registered-item-id', 39, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:~a/b', 'registered-item-id', 40, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:www.dr.dk', 'uri-scheme', 47, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:1http://x', 'uri-scheme', 38, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x/a b', 'uri-character', 48, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x/é', 'uri-character', 47, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x/a%3Fb%3Fc d', 'uri-character', 56, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x y/', 'uri-character', 46, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://%5B::g%5D/', 'uri-host', 48, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://%5B::1/', 'uri-host', 45, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x:80a/', 'uri-port', 49, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x/%2', 'pct-encoded', 47, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x/%25zz', 'pct-encoded', 47, 'archived-item-id'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x/#a', 'uri-unencoded-character', 47, 'archived-item-id', 'modern'],
  ['urn:pwid:archive.org:2016-01-22Z:page:http://x/%7E', 'uri-unencoded-percent', 47, 'archived-item-id', 'modern'],
];

describe('errors name the code, the offset and the part', () => {
  it.each(ERRORS)('%s -> %s at %i in %s', (input, code, offset, part, profile) => {
    const r = parsePwid(input, { profile: profile ?? 'source' });
    expect(r.ok ? 'parsed' : { code: r.error.code, offset: r.error.offset, part: r.error.part }).toEqual({
      code,
      offset,
      part,
    });
  });

  it('produces every error code in the table above, and no other', () => {
    expect(new Set(ERRORS.map((row) => row[1]))).toEqual(new Set(PWID_ERROR_CODES));
    for (const row of ERRORS) expect(PWID_PARTS).toContain(row[3]);
  });

  it('lists every error code once', () => {
    expect(new Set(PWID_ERROR_CODES).size).toBe(PWID_ERROR_CODES.length);
    expect([...PWID_ERROR_CODES].sort()).toEqual(
      [
        'archival-time-unterminated',
        'archive-id-domain',
        'archive-id-empty',
        'archive-id-length',
        'archive-id-unterminated',
        'archived-item-id-empty',
        'bare-pwid-label',
        'leap-second',
        'legacy-time-form',
        'pct-encoded',
        'precision-spec-character',
        'precision-spec-empty',
        'precision-spec-unterminated',
        'precision-spec-value',
        'pwid-label',
        'registered-archive-id',
        'registered-id-not-allowed',
        'registered-item-id',
        'secfrac',
        'time-zone',
        'uri-character',
        'uri-host',
        'uri-port',
        'uri-scheme',
        'uri-unencoded-character',
        'uri-unencoded-percent',
        'utc-date',
        'utc-day',
        'utc-hour',
        'utc-minute',
        'utc-month',
        'utc-second',
        'utc-time',
      ].sort(),
    );
  });
});

describe('linear time: runs of one character in every part', () => {
  // expectLinear: 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
  it.each([
    ['label', (run: string) => `urn:pwid${run}`],
    ['archive-id', (run: string) => `urn:pwid:${run}:2016-01-22Z:page:http://x`],
    ['registered archive-id', (run: string) => `urn:pwid:~${run}:2016-01-22Z:page:http://x`],
    ['archival-time', (run: string) => `urn:pwid:archive.org:2016-01-22T11:20:29.${run}`],
    ['precision-spec', (run: string) => `urn:pwid:archive.org:2016-01-22Z:${run}`],
    ['item', (run: string) => `urn:pwid:archive.org:2016-01-22Z:page:http://${run}`],
    ['item path', (run: string) => `urn:pwid:archive.org:2016-01-22Z:page:http://x/${run}`],
    ['registered item', (run: string) => `urn:pwid:archive.org:2016-01-22Z:page:~${run}`],
  ])('%s', (name, make) => {
    for (const c of ['a', '1', ':', '.', '-', '%', '%3F', '%25', '[', '~', '@', '/', 'Z']) {
      const parseBoth = (input: string) => {
        for (const profile of ['source', 'modern'] as const) {
          const r = pwidScheme.parse(input, profile);
          if (r.ok) expect(pwidScheme.parse(r.value.normalized, profile).ok).toBe(true);
        }
      };
      expectLinear((n) => make(c.repeat(n)), parseBoth, { size: 1024, what: `${name} ${c}` });
    }
  });
});
