import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePdi } from './normalize.ts';
import { parsePdi } from './parse.ts';
import { pdiScheme } from './scheme.ts';

/*
 * pdiScheme.parse builds the normalized form while it scans, leaving the parts already normal in
 * the input (a normalized input is its own normal form). normalizePdi computes it from the record
 * alone. These properties hold the two to the same answer on generated PDIs, valid or not: every
 * part in a normal and a non-normal spelling (case, zeros, escapes, defaults, labels), wildcards,
 * fragments of each scheme, and citations.
 */

const LABELS = ['urn:pdi:', 'URN:PDI:', 'Urn:pdi:', 'urn:Pdi:', 'pdi:', 'PDI:', 'pDi:'];
const COMPONENTS = ['oma', 'OMA', 'eop', 'Gov', 'a', 'w3c', 'x-y', 'Images', '0'];
const COUNTRIES = ['us', 'US', 'Fr', 'jp'];
const YEARS = ['1997', '01997', '0000', '2000', '1900', '10000', '02024', '2024', '*', '197'];
const MONTHS = ['09', '009', '02', '12', '01', '*', '13', '9'];
const DAYS = ['01', '001', '28', '29', '30', '31', '*', '00'];
const UNIQUE_IDS = [
  '1',
  '1234',
  'N',
  'abc',
  'ABC',
  '*',
  '01',
  '%41',
  '%2f',
  '%2F',
  "a_b-(c)$!';:",
  '%c3%a9',
  '%C3%A9',
  'http%3a%2f%2fwww%2ewhitehouse%2egov%2f1',
  'HTTP%3A%2F%2FWWW%2eX%2eORG%2fP',
  'Ftp%3a%2f%2fU%40Host%2fA',
];
const FORMATS = [
  'text',
  'TEXT',
  'HTML',
  'Gif',
  'OCTET-STREAM',
  'html',
  'gif',
  'wav',
  'pdf',
  'xml',
  'octet-stream',
  'video%2bmpeg',
  'video%2Bmpeg',
  'VIDEO%2bMPEG',
  'text%2bplain',
  'x%2dy',
  'x%2Dy',
  '*',
];
const VERSIONS = ['1', '2', '10', '01', '002', '*', '0'];
const FRAGMENTS = [
  'char=37,51',
  '37,51',
  'CHAR=037,51',
  'char=51,37',
  '(5,10),(25,30)',
  'rect=(05,10),(25,30),0',
  'RECT=(5,10),(25,30),2',
  'sec,23,51',
  'crop=MSEC,1,2',
  'crop=sec,1,2,(0,0),(3,4)',
  'sec=1,2',
  'msec=01,2',
  'byte=0,10',
  'Byte=00,10',
  'elt=1,2',
  'name=a%41,b',
  'name=intro,Outro',
  'ext=a1,(b,c)',
  'x-y=1',
];
const ORIGINS = ['37', '037', '0', '(1,2)', '(01,2)', 'a%41', 'a%2f', '%28', 'Intro'];

const pick = (list: readonly string[]) => fc.constantFrom(...list);

/** `//series/yyyy/mm/dd/unique-id[.format[.version]]`, normal or not, valid or not. */
const resource = fc
  .record({
    series: fc.array(pick(COMPONENTS), { minLength: 1, maxLength: 3 }),
    country: pick(COUNTRIES),
    year: pick(YEARS),
    month: pick(MONTHS),
    day: pick(DAYS),
    uniqueId: pick(UNIQUE_IDS),
    format: fc.option(pick(FORMATS)),
    version: fc.option(pick(VERSIONS)),
  })
  .map((r) => {
    const format = r.format === null ? '' : `.${r.format}${r.version === null ? '' : `.${r.version}`}`;
    return `//${r.series.join('.')}.${r.country}/${r.year}/${r.month}/${r.day}/${r.uniqueId}${format}`;
  });

/** A PDI: a label, a resource, then nothing, a fragment, or a citation of a PDI (up to `depth` deep). */
function pdi(depth: number): fc.Arbitrary<string> {
  const tails: fc.Arbitrary<string>[] = [fc.constant(''), pick(FRAGMENTS).map((f) => `#${f}`)];
  if (depth > 0) {
    tails.push(fc.tuple(pick(ORIGINS), pdi(depth - 1)).map(([origin, cited]) => `@${origin}=${cited}`));
  }
  return fc.tuple(pick(LABELS), resource, fc.oneof(...tails)).map(([label, body, tail]) => `${label}${body}${tail}`);
}

/** Mostly valid PDIs whose parts are all written the normal way. */
const normalPdi = fc
  .record({
    series: fc.array(pick(['oma', 'eop', 'a', 'w3c', 'x-y']), { minLength: 1, maxLength: 3 }),
    date: pick(['1997/09/01', '2000/02/29', '0000/01/31', '10000/12/31', '*/02/29', '1997/*/*']),
    uniqueId: pick(['1', 'abc', 'ABC', '%2f', '%c3%a9', 'http:%2f%2fwww%2ex%2eorg%2fP', '*']),
    tail: pick([
      '',
      '.text',
      '.text.1',
      '.video%2bmpeg.2#crop=sec,1,2',
      '.html.1#char=0,10',
      '.gif.1@37=pdi://b.us/1990/01/01/2.text.1#char=0,10',
    ]),
  })
  .map((r) => `urn:pdi://${r.series.join('.')}.us/${r.date}/${r.uniqueId}${r.tail}`);

describe('the normalized form built while parsing (pdiScheme.parse)', () => {
  it('agrees with normalizePdi of the parsed record, and fails exactly when parsePdi fails', () => {
    fc.assert(
      fc.property(pdi(2), (input) => {
        const parsed = parsePdi(input);
        const id = pdiScheme.parse(input);
        if (!parsed.ok) {
          expect(id, input).toEqual(parsed);
          return;
        }
        expect(id.ok, input).toBe(true);
        if (!id.ok) return;
        expect(id.value.components, input).toEqual(parsed.value);
        expect(id.value.normalized, input).toBe(normalizePdi(parsed.value));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives a normalized PDI back unchanged, and the normalized form of any PDI is its own', () => {
    fc.assert(
      fc.property(fc.oneof(normalPdi, pdi(1)), (input) => {
        const id = pdiScheme.parse(input);
        if (!id.ok) return;
        const again = pdiScheme.parse(id.value.normalized);
        expect(again.ok && again.value.normalized, input).toBe(id.value.normalized);
        const parsed = parsePdi(id.value.normalized);
        expect(parsed.ok && normalizePdi(parsed.value), input).toBe(id.value.normalized);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    [
      'urn:pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51',
      'urn:pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51',
    ],
    ['URN:PDI://OMA.EOP.GOV.US/1997/09/01/1.TEXT.1#37,51', 'urn:pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51'],
    ['pdi://a.us/01997/009/001/A.text.01', 'urn:pdi://a.us/1997/09/01/A.text.1'],
    [
      'urn:pdi://a.us/1997/09/30/1.video%2Bmpeg.1#sec,23,51',
      'urn:pdi://a.us/1997/09/30/1.video%2bmpeg.1#crop=sec,23,51',
    ],
    [
      'urn:pdi://a.us/1997/09/30/1.html.1@037=URN:PDI://B.us/1990/01/01/2.text.1#0,10',
      'urn:pdi://a.us/1997/09/30/1.html.1@37=pdi://b.us/1990/01/01/2.text.1#char=0,10',
    ],
    ['urn:pdi://a.us/*/09/*/*.*', 'urn:pdi://a.us/*/09/*/*.*'],
  ])('%s normalizes to %s', (input, normalized) => {
    const id = pdiScheme.parse(input);
    expect(id.ok && id.value.normalized).toBe(normalized);
  });

  it('returns an input that is already normal itself', () => {
    const input = 'urn:pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51';
    const id = pdiScheme.parse(input);
    expect(id.ok && id.value.normalized).toBe(input);
  });
});
