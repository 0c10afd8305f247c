import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import {
  collectionItems,
  parseCollection,
  pwidsOfLine,
  resolveCollection,
  summarizeCollection,
  unescapeXml,
} from './collection.ts';

const SOLRWAYBACK = `<?xml version="1.0" encoding="UTF-8"?>
<collection>
  <part>urn:pwid:netarkivet.dk:2008-11-29T00:41:42Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Master_NF.css</part>
  <part>urn:pwid:netarkivet.dk:2008-11-29T00:39:47Z:part:http://www.susanlegetoej.dk/shop/css/print.css</part>
  <part>urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://x.dk/a%3Fb=1&amp;c=2</part><part>URN:PWID:NETARKIVET.DK:2008-11-29T00:41:42Z:PART:http://www.susanlegetoej.dk/images/ddcss/SK113_Master_NF.css</part>
  <part>urn:pwid:netarkivet.dk:2008-02-30Z:part:http://x</part>
</collection>`;

describe('collections', () => {
  it('reads SolrWayback <part> fragments, with their lines', () => {
    const c = parseCollection(SOLRWAYBACK);
    expect(c.read).toBe(5);
    expect(c.entries.map((e) => [e.line, e.normalized])).toEqual([
      [
        3,
        'urn:pwid:netarkivet.dk:2008-11-29T00:41:42Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Master_NF.css',
      ],
      [4, 'urn:pwid:netarkivet.dk:2008-11-29T00:39:47Z:part:http://www.susanlegetoej.dk/shop/css/print.css'],
      [5, 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://x.dk/a%3Fb=1&c=2'],
    ]);
    expect(c.entries[0]?.duplicates).toEqual([5]);
    expect(c.failures).toMatchObject([{ line: 6, error: { code: 'utc-day', part: 'archival-time' } }]);
    expect(c.groups.map((g) => [g.archiveId, g.entries.length])).toEqual([
      ['netarkivet.dk', 2],
      ['archive.org', 1],
    ]);
  });

  it('reads one PWID per line, skipping blanks and # comments, and folds duplicates', () => {
    const text = [
      '# my corpus',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      '',
      '  pwid:archive.org:2016-01-22_11.20.29:page:http://WWW.DR.DK  ',
      'urn:pwid:archive.org:2016-01-22T11:20Z:page:http://www.dr.dk\r',
      'not a pwid',
    ].join('\n');
    const c = parseCollection(text);
    expect(c.entries.map((e) => [e.line, e.duplicates])).toEqual([
      [2, [4]],
      [5, []],
    ]);
    expect(c.failures.map((f) => [f.line, f.input, f.error.code])).toEqual([[6, 'not a pwid', 'pwid-label']]);
    expect(summarizeCollection(c)).toEqual({
      read: 4,
      valid: 3,
      invalid: 1,
      distinct: 2,
      duplicates: 1,
      archives: [{ archiveId: 'archive.org', name: 'Internet Archive Wayback Machine', access: 'open', count: 2 }],
    });
  });

  it('resolves every distinct PWID, grouped by archive', () => {
    const out = resolveCollection(parseCollection(SOLRWAYBACK));
    expect(out.map((o) => (o.resolution.ok ? o.resolution.value.kind : o.resolution.error.code))).toEqual([
      'restricted',
      'restricted',
      'replay',
    ]);
  });

  it.each([
    ['<part>a</part> <part >b</part>', ['a', 'b']],
    ['<parts>x</parts>', []],
    ['<part>unclosed', ['unclosed']],
    ['<part>a<part>b</part>', ['a', 'b']],
    ['<part a="1">x</part> tail', ['x']],
    ['<part', []],
    ['  <collection>', []],
  ])('pwidsOfLine(%s)', (line, expected) => {
    expect(pwidsOfLine(line)).toEqual(expected);
  });

  const P = 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk/a';
  it.each<[string, string, [number, string][]]>([
    ['one line', `<part>${P}</part>`, [[1, P]]],
    [
      'PWID wrapped',
      `<collection>\n  <part>urn:pwid:archive.org:2016-01-22T11:20:29Z:\n    page:http://www.dr.dk/a</part>`,
      [[2, P]],
    ],
    ['PWID on its own line', `<part>\n  ${P}\n</part>`, [[1, P]]],
    [
      'CRLF and tabs',
      `<part>\r\n\t${P}\r\n</part>\r\n<part>${P}</part>`,
      [
        [1, P],
        [4, P],
      ],
    ],
    [
      'start tag wrapped',
      `x\n<part\n   id="1"\n>${P}</part>`,
      [
        [1, 'x'],
        [2, P],
      ],
    ],
    [
      'end tag on the next line',
      `<part>${P}\n</part><part>b</part>\n${P}`,
      [
        [1, P],
        [2, 'b'],
        [3, P],
      ],
    ],
    ['spaces inside a line are kept', `<part>urn:pwid:a b\n c</part>`, [[1, 'urn:pwid:a bc']]],
    ['reference split over lines', `<part>http://x/?a=1&am\n p;b</part>`, [[1, 'http://x/?a=1&b']]],
    [
      'unterminated, up to the next tag',
      `<part>${P}\n  <part>b\n</collection>\n${P}`,
      [
        [1, P],
        [2, 'b'],
        [4, P],
      ],
    ],
    ['broken start tag', `<part <part>${P}</part>`, [[1, P]]],
    ['start tag never closed', `${P}\n<part\n${P}`, [[1, P]]],
  ])('reads <part> elements over lines: %s', (_, text, expected) => {
    expect(collectionItems(text).map((i) => [i.line, i.input])).toEqual(expected);
  });

  it('reports a wrapped element at the line it starts on', () => {
    const text = [
      '<collection>',
      '  <part>urn:pwid:archive.org:2016-01-22T11:20:29Z:page:',
      '    http://www.dr.dk</part>',
      '  <part>',
      '    urn:pwid:archive.org:2016-02-30Z:page:http://x',
      '  </part>',
      '  <part>URN:PWID:archive.org:2016-01-22T11:20:29Z:PAGE:',
      '    http://www.dr.dk</part>',
      '</collection>',
    ].join('\n');
    const c = parseCollection(text);
    expect(c.entries.map((e) => [e.line, e.normalized, e.duplicates])).toEqual([
      [2, 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk', [7]],
    ]);
    expect(c.failures.map((f) => [f.line, f.input, f.error.code])).toEqual([
      [4, 'urn:pwid:archive.org:2016-02-30Z:page:http://x', 'utc-day'],
    ]);
  });

  it('unescapes XML references', () => {
    expect(unescapeXml('a&amp;b&lt;&#38;&#x26;&bogus;&')).toBe('a&b<&&&bogus;&');
  });

  it('is linear in the length of the text (1 MB of one character)', () => {
    for (const c of ['\n', '<part>', 'a', '&', '<', ' ', '<part>&', '<part>&amp;', '<part\n', '<part ', '<part>\n']) {
      // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear((n) => c.repeat(Math.ceil(n / c.length)), parseCollection, { size: 1024, what: JSON.stringify(c) });
    }
  });

  it.each([
    ['lines', '<part>', 'a\n'],
    ['indented lines', '<part>urn:pwid:', '\n    a'],
    ['blank lines', '<part>\n', ' \n'],
    ['references', '<part>', '&amp;\n'],
    ['a start tag', '<part', ' x="1"\n'],
    ['one line', '<part>', 'a'],
  ])('is linear for 1 MB of one unterminated <part> (%s)', (_, head, unit) => {
    const text = (n: number) => head + unit.repeat(Math.ceil(n / unit.length));
    // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
    expectLinear(text, parseCollection, { size: 1024 });
    const c = parseCollection(text(1_000_000));
    expect(c.read).toBe(head === '<part' ? 0 : 1);
    expect(c.failures[0]?.line ?? 1).toBe(1);
  });
});
