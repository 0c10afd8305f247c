import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import { PDI_ERROR_CODES } from './codes.ts';
import type { PdiComponents } from './components.ts';
import { MAX_CITATION_DEPTH, parsePdi } from './parse.ts';

const parsed = (input: string): PdiComponents => {
  const r = parsePdi(input);
  if (!r.ok) throw new Error(`${input}: ${r.error.code} ${r.error.message}`);
  return r.value;
};

describe('the examples of draft-mallery-urn-pdi-00, verbatim', () => {
  // §2.5 Format: an encapsulated HTTP URL
  it('§2.5 pdi://oma.eop.gov.us/1994/10/20/http%3a%2f%2fwww%2ewhitehouse%2egov%2f.html.1', () => {
    expect(parsed('pdi://oma.eop.gov.us/1994/10/20/http%3a%2f%2fwww%2ewhitehouse%2egov%2f.html.1')).toEqual({
      form: 'url',
      series: ['oma', 'eop', 'gov'],
      country: 'us',
      year: '1994',
      month: '10',
      day: '20',
      uniqueId: 'http%3a%2f%2fwww%2ewhitehouse%2egov%2f',
      format: 'html',
      version: '1',
      fragment: null,
      citation: null,
      wildcards: [],
    });
  });

  // §3.4.1 Text Fragment Specifier, with and without the default scheme
  it.each([
    ['pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51', 'char'],
    ['pdi://oma.eop.gov.us/1997/09/01/1.text.1#37,51', null],
  ])('§3.4.1 %s', (input, scheme) => {
    const c = parsed(input);
    expect([c.uniqueId, c.format, c.version]).toEqual(['1', 'text', '1']);
    expect(c.fragment).toEqual({ scheme, positions: ['37', '51'] });
  });

  // §2.6 Version: these omit the unique id and end the series with "gov", not a two-letter
  // ISO 3166 code (§2.2). We follow §1.2.1 and §2.2 and refuse them (see README, "Choices").
  it.each([
    'pdi://oma.eop.gov/1997/09/01.html.1',
    'pdi://oma.eop.gov/1997/09/01.text.1',
    'pdi://oma.eop.gov/1997/09/01.text.2',
  ])('§2.6 %s is refused: iso-country', (input) => {
    const r = parsePdi(input);
    expect(r.ok || [r.error.code, r.error.offset]).toEqual(['iso-country', 'pdi://oma.eop.'.length]);
  });

  // §3.4.5 Image Fragment Specifier: the examples omit the version a fragment requires (§2.6).
  it.each([
    'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif#(5,10),(25,30)',
    'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif#(5,10),(25,30),0',
    'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif#(5,10),(25,30),2',
  ])('§3.4.5 %s is refused: version-required', (input) => {
    const r = parsePdi(input);
    expect(r.ok || [r.error.code, input.slice(r.error.offset ?? 0)]).toEqual([
      'version-required',
      input.slice(input.indexOf('#')),
    ]);
  });

  // §3.4.5 the same, with the version §2.6 asks for
  it.each([
    [
      'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30)',
      [
        ['5', '10'],
        ['25', '30'],
      ],
    ],
    ['pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30),0', [['5', '10'], ['25', '30'], '0']],
    ['pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30),2', [['5', '10'], ['25', '30'], '2']],
  ])('§3.4.5 %s', (input, positions) => {
    const c = parsed(input);
    expect(c.series).toEqual(['images', 'satellite', 'nasa', 'gov']);
    expect(c.fragment).toEqual({ scheme: null, positions });
  });
});

describe('the parts of a PDI', () => {
  it('reads both forms, urn:pdi: and pdi:, in any case (§1.1)', () => {
    expect(parsed('urn:pdi://a.us/1997/09/01/1').form).toBe('urn');
    expect(parsed('URN:PDI://a.us/1997/09/01/1').form).toBe('urn');
    expect(parsed('PDI://a.us/1997/09/01/1').form).toBe('url');
  });

  it.each([
    // [input, series, country, year, month, day, uniqueId, format, version]
    ['pdi://mit.ai.us/1997/09/01/1', ['mit', 'ai'], 'us', '1997', '09', '01', '1', null, null],
    ['pdi://W3C.x-y.FR/10000/12/31/Report%2f7', ['W3C', 'x-y'], 'FR', '10000', '12', '31', 'Report%2f7', null, null],
    [
      "pdi://a.us/1997/09/01/isbn:0-395($)_!;'.text",
      ['a'],
      'us',
      '1997',
      '09',
      '01',
      "isbn:0-395($)_!;'",
      'text',
      null,
    ],
    ['pdi://a.us/1997/009/001/7.Image%2Bpng.0012', ['a'], 'us', '1997', '009', '001', '7', 'Image%2Bpng', '0012'],
  ])('%s', (input, series, country, year, month, day, uniqueId, format, version) => {
    expect(parsed(input)).toMatchObject({ series, country, year, month, day, uniqueId, format, version });
  });

  it.each([
    ['pdi://a.us/*/*/*/*.*.*', ['year', 'month', 'day', 'uniqueId', 'format', 'version']],
    ['pdi://a.us/1997/*/*/*', ['month', 'day', 'uniqueId']],
    ['pdi://a.us/1997/09/01/1.*', ['format']],
    ['pdi://a.us/1997/09/01/1.text.*', ['version']],
    ['pdi://a.us/1997/09/01/1.text.1', []],
  ])('wildcards of %s', (input, wildcards) => {
    expect(parsed(input).wildcards).toEqual(wildcards);
  });

  it('reads a citation and the PDI it cites (§1.2.2)', () => {
    const c = parsed('urn:pdi://a.us/1997/09/01/1.html.1@1234=pdi://b.us/1990/01/02/x.text.2#char=0,10');
    expect(c.fragment).toBeNull();
    expect(c.citation?.originPosition).toBe('1234');
    expect(c.citation?.pdi).toMatchObject({ form: 'url', series: ['b'], uniqueId: 'x', version: '2' });
    expect(c.citation?.pdi.fragment).toEqual({ scheme: 'char', positions: ['0', '10'] });
  });

  it('reads a coordinate as an origin position, and urn:pdi: as a cited PDI', () => {
    const c = parsed('pdi://a.us/1997/09/01/1.gif.1@(5,6)=urn:pdi://b.us/1990/01/02/x.text.2');
    expect(c.citation?.originPosition).toEqual(['5', '6']);
    expect(c.citation?.pdi.form).toBe('urn');
  });

  it(`nests citations up to ${MAX_CITATION_DEPTH} deep, without recursion`, () => {
    const link = '@1=pdi://b.us/1990/01/02/x.text.2';
    const ok = parsePdi(`pdi://a.us/1997/09/01/1.html.1${link.repeat(MAX_CITATION_DEPTH)}`);
    expect(ok.ok).toBe(true);
    let depth = 0;
    for (let c = ok.ok ? ok.value : null; c?.citation; c = c.citation.pdi) depth++;
    expect(depth).toBe(MAX_CITATION_DEPTH);
    const input = `pdi://a.us/1997/09/01/1.html.1${link.repeat(MAX_CITATION_DEPTH + 1)}`;
    const deep = parsePdi(input);
    expect(deep.ok || [deep.error.code, input.length - (deep.error.offset ?? 0)]).toEqual([
      'citation-depth',
      link.length,
    ]);
  });
});

/** [input, code, the input from the error's offset on] */
const ERRORS: readonly (readonly [string, string, string])[] = [
  ['urn:pdx://a.us/1997/01/01/1', 'pdi-label', 'urn:pdx://a.us/1997/01/01/1'],
  ['pdi', 'pdi-label', 'pdi'],
  ['urn:pdi', 'pdi-label', 'urn:pdi'],
  ['pdi:a.us/1997/01/01/1', 'resource-identifier', 'a.us/1997/01/01/1'],
  ['urn:pdi:/a.us/1997/01/01/1', 'resource-identifier', '/a.us/1997/01/01/1'],
  ['pdi:///1997/01/01/1', 'document-series', '/1997/01/01/1'],
  ['pdi://us/1997/01/01/1', 'document-series', '/1997/01/01/1'],
  ['pdi://oma..us/1997/01/01/1', 'component', '.us/1997/01/01/1'],
  ['pdi://o_ma.us/1997/01/01/1', 'component', '_ma.us/1997/01/01/1'],
  ['pdi://oma.u1/1997/01/01/1', 'iso-country', 'u1/1997/01/01/1'],
  ['pdi://oma.u/1997/01/01/1', 'iso-country', 'u/1997/01/01/1'],
  ['pdi://oma.us', 'iso-date', ''],
  ['pdi://oma.us/1997', 'iso-date', ''],
  ['pdi://oma.us/1997/01', 'iso-date', ''],
  ['pdi://oma.us/1997/01/01', 'iso-date', ''],
  ['pdi://oma.us/97/01/01/1', 'year', '97/01/01/1'],
  ['pdi://oma.us/19x7/01/01/1', 'year', 'x7/01/01/1'],
  ['pdi://oma.us/1997/1/01/1', 'month', '1/01/1'],
  ['pdi://oma.us/1997/0a/01/1', 'month', 'a/01/1'],
  ['pdi://oma.us/1997/01/1/1', 'day', '1/1'],
  ['pdi://oma.eop.gov.us/1997/09/01.html.1', 'day', '.html.1'],
  ['pdi://a.us/1997/13/01/1', 'calendar-month', '13/01/1'],
  ['pdi://a.us/1997/00/01/1', 'calendar-month', '00/01/1'],
  ['pdi://a.us/1997/02/29/1', 'calendar-day', '29/1'],
  ['pdi://a.us/1900/02/29/1', 'calendar-day', '29/1'],
  ['pdi://a.us/12100/02/29/1', 'calendar-day', '29/1'],
  ['pdi://a.us/*/02/30/1', 'calendar-day', '30/1'],
  ['pdi://a.us/1997/*/32/1', 'calendar-day', '32/1'],
  ['pdi://a.us/1997/04/31/1', 'calendar-day', '31/1'],
  ['pdi://a.us/1997/09/00/1', 'calendar-day', '00/1'],
  ['pdi://a.us/19*/01/01/1', 'wildcard', '*/01/01/1'],
  ['pdi://a.us/1997/01/01/1*', 'wildcard', '*'],
  ['pdi://a.us/1997/01/01/1.te*t', 'wildcard', '*t'],
  ['pdi://a.us/1997/01/01/1.text.**', 'wildcard', '**'],
  ['pdi://a.us/1997/01/01/', 'unique-id', ''],
  ['pdi://a.us/1997/01/01/a b', 'unique-id', ' b'],
  ['pdi://a.us/1997/01/01/é', 'unique-id', 'é'],
  ['pdi://a.us/1997/01/01/a~b', 'unique-id', '~b'],
  ['pdi://a.us/1997/01/01/a/b', 'reserved', '/b'],
  ['pdi://a.us/1997/01/01/a,b', 'reserved', ',b'],
  ['pdi://a.us/1997/01/01/a=b', 'reserved', '=b'],
  ['pdi://a.us/1997/01/01/a?b', 'reserved', '?b'],
  ['pdi://a.us/1997/01/01/a+b', 'reserved', '+b'],
  ['pdi://a.us/1997/01/01/1.image+png', 'reserved', '+png'],
  ['pdi://a.us/1997/01/01/a%2', 'pct-encoded', '%2'],
  ['pdi://a.us/1997/01/01/a%zz', 'pct-encoded', '%zz'],
  ['pdi://a.us/1997/01/01/1.a%g1', 'pct-encoded', '%g1'],
  ['pdi://a.us/1997/01/01/1.html.1#name=%4,b', 'pct-encoded', '%4,b'],
  ['pdi://a.us/1997/01/01/1.', 'format', ''],
  ['pdi://a.us/1997/01/01/1..1', 'format', '.1'],
  ['pdi://a.us/1997/01/01/1.te_xt', 'format', '_xt'],
  ['pdi://a.us/1997/01/01/1.a%5fb', 'format', '%5fb'],
  ['pdi://a.us/1997/01/01/1.text.', 'version', ''],
  ['pdi://a.us/1997/01/01/1.text.0', 'version', '0'],
  ['pdi://a.us/1997/01/01/1.text.000', 'version', '000'],
  ['pdi://a.us/1997/01/01/1.text.1.2', 'version', '.2'],
  ['pdi://a.us/1997/01/01/1.text.v1', 'version', 'v1'],
  ['pdi://a.us/1997/01/01/1#char=1,2', 'format-required', '#char=1,2'],
  ['pdi://a.us/1997/01/01/1@1=pdi://b.us/1997/01/01/1', 'format-required', '@1=pdi://b.us/1997/01/01/1'],
  ['pdi://a.us/1997/01/01/1.text#1,2', 'version-required', '#1,2'],
  ['pdi://a.us/1997/01/01/1.html@1=pdi://b.us/1997/01/01/1', 'version-required', '@1=pdi://b.us/1997/01/01/1'],
  ['pdi://a.us/*/01/01/1.text.1#1,2', 'wildcard-fragment', '#1,2'],
  ['pdi://a.us/1997/01/01/1.html.1@1=pdi://b.us/1997/*/01/1', 'wildcard-fragment', '//b.us/1997/*/01/1'],
  ['pdi://a.us/1997/01/01/1.text.1#=1,2', 'fragment-scheme', '=1,2'],
  ['pdi://a.us/1997/01/01/1.pdf.1#1,2', 'fragment-scheme-required', '1,2'],
  ['pdi://a.us/1997/01/01/1.octet-stream.1#1,2', 'fragment-scheme-required', '1,2'],
  ['pdi://a.us/1997/01/01/1.x-unknown.1#1,2', 'fragment-scheme-required', '1,2'],
  ['pdi://a.us/1997/01/01/1.text.1#rect=(1,2),(3,4)', 'fragment-scheme-media-type', 'rect=(1,2),(3,4)'],
  ['pdi://a.us/1997/01/01/1.gif.1#char=1,2', 'fragment-scheme-media-type', 'char=1,2'],
  ['pdi://a.us/1997/01/01/1.xml.1#name=a,b', 'fragment-scheme-media-type', 'name=a,b'],
  ['pdi://a.us/1997/01/01/1.video%2bmpeg.1#sec=1,2', 'fragment-scheme-media-type', 'sec=1,2'],
  ['pdi://a.us/1997/01/01/1.octet-stream.1#char=1,2', 'fragment-scheme-media-type', 'char=1,2'],
  ['pdi://a.us/1997/01/01/1.wav.1#sec=1,msec=2', 'position-scheme-mixed', '=2'],
  ['pdi://a.us/1997/01/01/1.text.1#', 'position', ''],
  ['pdi://a.us/1997/01/01/1.text.1#1,', 'position', ''],
  ['pdi://a.us/1997/01/01/1.text.1#1,,2', 'position', ',2'],
  ['pdi://a.us/1997/01/01/1.text.1#1 2', 'position', ' 2'],
  ['pdi://a.us/1997/01/01/1.gif.1#(1,2', 'position', ''],
  ['pdi://a.us/1997/01/01/1.gif.1#(1,2)x', 'position', 'x'],
  ['pdi://a.us/1997/01/01/1.gif.1#(1,(2)', 'position', '(2)'],
  ['pdi://a.us/1997/01/01/1.text.1#1,2#3', 'reserved', '#3'],
  ['pdi://a.us/1997/01/01/1.text.1#1,2@3', 'reserved', '@3'],
  ['pdi://a.us/1997/01/01/1.text.1#char=1', 'position-count', '1'],
  ['pdi://a.us/1997/01/01/1.text.1#1,2,3', 'position-count', '3'],
  ['pdi://a.us/1997/01/01/1.gif.1#(1,2)', 'position-count', '(1,2)'],
  ['pdi://a.us/1997/01/01/1.gif.1#(1,2),(3,4),0,1', 'position-count', '1'],
  ['pdi://a.us/1997/01/01/1.video%2bmpeg.1#sec,1,2,(1,2)', 'position-count', '(1,2)'],
  ['pdi://a.us/1997/01/01/1.text.1#char=a,2', 'char-position', 'a,2'],
  ['pdi://a.us/1997/01/01/1.text.1#(1,2),3', 'char-position', '(1,2),3'],
  ['pdi://a.us/1997/01/01/1.html.1#elt=1,b', 'element-position', 'b'],
  ['pdi://a.us/1997/01/01/1.html.1#name=(a),b', 'element-name', '(a),b'],
  ['pdi://a.us/1997/01/01/1.gif.1#(1,2,3),(4,5)', '2-dim-coordinate', '(1,2,3),(4,5)'],
  ['pdi://a.us/1997/01/01/1.gif.1#1,2', '2-dim-coordinate', '1,2'],
  ['pdi://a.us/1997/01/01/1.gif.1#(a,1),(2,3)', '2-dim-coordinate', '(a,1),(2,3)'],
  ['pdi://a.us/1997/01/01/1.gif.1#(1,2),(3,4),x', 'frame-number', 'x'],
  ['pdi://a.us/1997/01/01/1.wav.1#sec=a,2', 'time', 'a,2'],
  ['pdi://a.us/1997/01/01/1.wav.1#1,2.5', 'reserved', '.5'],
  ['pdi://a.us/1997/01/01/1.video%2bmpeg.1#crop=sec,1,x', 'time', 'x'],
  ['pdi://a.us/1997/01/01/1.video%2bmpeg.1#crop=char,1,2', 'time-position-scheme', 'char,1,2'],
  ['pdi://a.us/1997/01/01/1.video%2bmpeg.1#crop=1,2,3', 'time-position-scheme', '1,2,3'],
  ['pdi://a.us/1997/01/01/1.pdf.1#byte=1,x', 'byte-position', 'x'],
  ['pdi://a.us/1997/01/01/1.pdf.1#page=a-b', 'ext-position', 'a-b'],
  ['pdi://a.us/1997/01/01/1.pdf.1#page=1,(a,b_c)', 'ext-position', '(a,b_c)'],
  ['pdi://a.us/1997/01/01/1.text.1#51,37', 'interval-order', '37'],
  ['pdi://a.us/1997/01/01/1.html.1#elt=3,2', 'interval-order', '2'],
  ['pdi://a.us/1997/01/01/1.pdf.1#byte=10,09', 'interval-order', '09'],
  ['pdi://a.us/1997/01/01/1.wav.1#msec=100,99', 'interval-order', '99'],
  ['pdi://a.us/1997/01/01/1.gif.1#(25,30),(5,10)', 'interval-order', '(5,10)'],
  ['pdi://a.us/1997/01/01/1.gif.1#(5,30),(25,10)', 'interval-order', '(25,10)'],
  ['pdi://a.us/1997/01/01/1.video%2bmpeg.1#crop=sec,5,1', 'interval-order', '1'],
  ['pdi://a.us/1997/01/01/1.video%2bmpeg.1#sec,1,5,(9,9),(1,1)', 'interval-order', '(1,1)'],
  ['pdi://a.us/1997/01/01/1.html.1@5', 'citation-specifier', ''],
  ['pdi://a.us/1997/01/01/1.html.1@5=http://b', 'citation-specifier', 'http://b'],
  ['pdi://a.us/1997/01/01/1.html.1@5=', 'citation-specifier', ''],
  ['pdi://a.us/1997/01/01/1.html.1@=pdi://b.us/1997/01/01/1', 'origin-position', '=pdi://b.us/1997/01/01/1'],
  ['pdi://a.us/1997/01/01/1.html.1@(1,=pdi://b.us/1997/01/01/1', 'origin-position', '=pdi://b.us/1997/01/01/1'],
  ['pdi://a.us/1997/01/01/1.html.1@5=pdi:b.us/1997/01/01/1', 'resource-identifier', 'b.us/1997/01/01/1'],
  ['pdi://a.us/1997/01/01/1.html.1@5=pdi://b.us/1997/01/01/1#1,2', 'format-required', '#1,2'],
  [
    `pdi://a.us/1997/01/01/1.html.1${'@1=pdi://b.us/1990/01/02/x.text.2'.repeat(40)}`,
    'citation-depth',
    '@1=pdi://b.us/1990/01/02/x.text.2'.repeat(40 - MAX_CITATION_DEPTH),
  ],
];

describe('errors: a code named after the rule, and the offset where it failed', () => {
  it.each(ERRORS)('%s -> %s', (input, code, rest) => {
    const r = parsePdi(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(input.slice(r.error.offset ?? 0)).toBe(rest);
      expect(r.error.message.length).toBeGreaterThan(10);
    }
  });

  it('lists every code it can return, and each one is returned by a row above', () => {
    expect(new Set(PDI_ERROR_CODES).size).toBe(PDI_ERROR_CODES.length);
    expect([...new Set(ERRORS.map((row) => row[1]))].sort()).toEqual([...PDI_ERROR_CODES].sort());
  });

  it('accepts what lies just inside each boundary', () => {
    for (const input of [
      'pdi://a.us/2000/02/29/1',
      'pdi://a.us/10000/02/29/1',
      'pdi://a.us/0000/02/29/1',
      'pdi://a.us/*/02/29/1',
      'pdi://a.us/1997/*/31/1',
      'pdi://a.us/1997/12/31/1',
      'pdi://a.us/1997/01/01/1.text.1#1,1',
      'pdi://a.us/1997/01/01/1.gif.1#(5,10),(5,10)',
      'pdi://a.us/1997/01/01/%7e.text',
      'pdi://a.us/1997/01/01/1.text.1@0=pdi://b.us/1997/01/01/1',
    ]) {
      expect(parsePdi(input).ok, input).toBe(true);
    }
  });
});

describe('linear time: 1 MB runs of one character never stall', () => {
  const prefixes = [
    '',
    'pdi:',
    'urn:pdi://',
    'pdi://a.',
    'pdi://a.us/',
    'pdi://a.us/1997/01/01/',
    'pdi://a.us/1997/01/01/1.',
    'pdi://a.us/1997/01/01/1.text.',
    'pdi://a.us/1997/01/01/1.text.1#',
    'pdi://a.us/1997/01/01/1.text.1#char=',
    'pdi://a.us/1997/01/01/1.gif.1#(',
    'pdi://a.us/1997/01/01/1.html.1@',
    'pdi://a.us/1997/01/01/1.pdf.1#page=',
  ];
  const fillers = [
    'a',
    '1',
    '.',
    '/',
    '%',
    '%41',
    '*',
    '#',
    '@',
    '=',
    ',',
    '(',
    ')',
    '(1,',
    '-',
    '@1=pdi://a.us/1997/01/01/1.text.1',
  ];
  it.each(prefixes)('after %j', (prefix) => {
    for (const filler of fillers) {
      const input = (n: number) => prefix + filler.repeat(Math.ceil(n / filler.length));
      const r = parsePdi(input(1_000_000));
      if (!r.ok) expect(PDI_ERROR_CODES).toContain(r.error.code);
      // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear(input, parsePdi, { size: 1024, what: `${prefix} + ${filler}` });
    }
  });

  it('parses a valid 1 MB unique id, and a 1 MB fragment', () => {
    const long = (n: number) =>
      `pdi://a.us/1997/01/01/${'%41b'.repeat(n / 4)}.text.1#${'1'.repeat(n / 2)},${'2'.repeat(n / 2)}`;
    expect(parsePdi(long(1_000_000)).ok).toBe(true);
    expectLinear(long, parsePdi, { size: 1024, what: 'unique id and fragment' });
  });
});
