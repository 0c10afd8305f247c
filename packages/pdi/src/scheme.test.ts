import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPdi } from './format.ts';
import { normalizePdi } from './normalize.ts';
import { parsePdi } from './parse.ts';
import { pdiScheme } from './scheme.ts';

const VALID = [
  'urn:pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51',
  'pdi://oma.eop.gov.us/1997/09/01/1.text.1#37,51',
  'pdi://oma.eop.gov.us/1994/10/20/http%3a%2f%2fwww%2ewhitehouse%2egov%2f.html.1',
  'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30)',
  'PDI://images.satellite.nasa.gov.us/1997/09/30/1234.GIF.1#rect=(5,10),(25,30),2',
  'urn:pdi://a.us/1997/09/30/1.video%2bmpeg.1#sec,23,51',
  'urn:pdi://a.us/1997/09/30/1.wav.1#msec=0,1000',
  'urn:pdi://a.us/1997/09/30/1.html.1#name=Intro,outro',
  'urn:pdi://a.us/1997/09/30/1.pdf.1#page=3,(a,b)',
  'urn:pdi://a.us/1997/09/30/1.html.1@37=pdi://b.us/1990/01/01/2.text.1#char=0,10',
  'urn:pdi://oma.eop.gov.us/1997/09/*/*',
  'urn:pdi://a.us/*/*/*/*.*.*',
  'urn:pdi://a.us/01997/009/001/x.TEXT.0002',
];

const EQUIVALENT = [
  ['pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51', 'URN:PDI://OMA.EOP.GOV.US/1997/09/01/1.TEXT.1#37,51'],
  ['pdi://a.us/1997/09/30/1234.gif.1#(5,10),(25,30)', 'pdi://a.us/1997/09/30/1234.gif.1#RECT=(5,10),(25,30),0'],
  ['pdi://a.us/1997/09/30/1.video%2bmpeg.1#sec,23,51', 'pdi://a.us/1997/09/30/1.VIDEO%2BMPEG.1#crop=sec,23,51'],
  [
    'pdi://a.us/1994/10/20/HTTP%3A%2F%2FWWW%2Ex%2eORG%2fP.html.1',
    'pdi://a.us/1994/10/20/http:%2f%2fwww%2ex%2eorg%2fP.html.1',
  ],
];

/** Letters and digits in any case, for the parts that are case-insensitive. */
const anyCase = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
    .map((up) => [...s].map((ch, i) => (up[i] ? ch.toUpperCase() : ch)).join(''));

const ldh = fc.array(fc.constantFrom(...'abcxyz019-'), { minLength: 1, maxLength: 6 }).map((a) => a.join(''));

/** One unique-id token: its canonical form and the ways it may be written. */
const uidToken = fc.oneof(
  fc.constantFrom(..."aZq07-_()$!';:").map((ch) => {
    const hex = ch.charCodeAt(0).toString(16);
    return { canonical: ch, written: [ch, `%${hex}`, `%${hex.toUpperCase()}`] };
  }),
  fc.constantFrom('%2e', '%2a', '%25', '%c3%a9', '%20', '%40').map((e) => ({
    canonical: e,
    written: [e, e.toUpperCase()],
  })),
);

/** A fragment for a format: its canonical form and the ways it may be written. */
const fragmentFor = (format: string): fc.Arbitrary<{ canonical: string; written: fc.Arbitrary<string> }> => {
  const n = fc.nat(999);
  const zeros = fc.constantFrom('', '0', '00');
  const pair = fc.tuple(n, n).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
  const num = (x: number) => zeros.map((z) => `${z}${x}`);
  switch (format) {
    case 'text':
    case 'html':
      return pair.map(([a, b]) => ({
        canonical: `char=${a},${b}`,
        written: fc
          .tuple(fc.constantFrom('', 'char=', 'CHAR=', 'Char='), num(a), num(b))
          .map(([s, x, y]) => `${s}${x},${y}`),
      }));
    case 'gif':
      return fc.tuple(pair, pair, fc.nat(3)).map(([[x1, x2], [y1, y2], f]) => ({
        canonical: `rect=(${x1},${y1}),(${x2},${y2}),${f}`,
        written: fc
          .tuple(fc.constantFrom('', 'rect=', 'RECT='), num(x1), num(y1), num(x2), num(y2), num(f))
          .map(([s, a, b, c, d, fr]) => `${s}(${a},${b}),(${c},${d})${f === 0 && fr === '0' ? '' : `,${fr}`}`),
      }));
    case 'wav':
      return pair.map(([a, b]) => ({
        canonical: `sec=${a},${b}`,
        written: fc.tuple(fc.constantFrom('', 'sec=', 'SEC='), num(a), num(b)).map(([s, x, y]) => `${s}${x},${y}`),
      }));
    case 'video%2bmpeg':
      return pair.map(([a, b]) => ({
        canonical: `crop=msec,${a},${b}`,
        written: fc
          .tuple(fc.constantFrom('', 'crop=', 'CROP='), fc.constantFrom('msec', 'MSEC'), num(a), num(b))
          .map(([s, u, x, y]) => `${s}${u},${x},${y}`),
      }));
    default:
      return pair.map(([a, b]) => ({
        canonical: `byte=${a},${b}`,
        written: fc.tuple(fc.constantFrom('byte=', 'Byte='), num(a), num(b)).map(([s, x, y]) => `${s}${x},${y}`),
      }));
  }
};

/** A valid PDI: its normalized form, and an arbitrary of the ways to write it. */
const pdi = fc
  .record({
    series: fc.array(ldh, { minLength: 1, maxLength: 3 }),
    country: fc.constantFrom('us', 'fr', 'jp', 'de'),
    year: fc.nat(12_000),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    uid: fc.array(uidToken, { minLength: 1, maxLength: 8 }),
    format: fc.constantFrom(null, 'text', 'html', 'gif', 'wav', 'video%2bmpeg', 'pdf'),
    version: fc.option(fc.integer({ min: 1, max: 99 })),
  })
  .chain((p) =>
    (p.format !== null && p.version !== null ? fc.option(fragmentFor(p.format)) : fc.constant(null)).map(
      (fragment) => ({ ...p, fragment }),
    ),
  )
  .map((p) => {
    const year = String(p.year).padStart(4, '0');
    const mm = String(p.month).padStart(2, '0');
    const dd = String(p.day).padStart(2, '0');
    const uid = p.uid.map((t) => t.canonical).join('');
    const format = p.format === null ? '' : `.${p.format}${p.version === null ? '' : `.${p.version}`}`;
    const fragment = p.fragment === null ? '' : `#${p.fragment.canonical}`;
    const head = `urn:pdi://${p.series.join('.')}.${p.country}/${year}/${mm}/${dd}/`;
    const normalized = `${head}${uid}${format}${fragment}`;
    const written = fc
      .record({
        label: fc.constantFrom('urn:pdi:', 'URN:PDI:', 'pdi:', 'Pdi:'),
        series: anyCase(`${p.series.join('.')}.${p.country}`),
        zeros: fc.constantFrom('', '0'),
        uid: fc.tuple(...p.uid.map((t) => fc.constantFrom(...t.written))).map((parts) => parts.join('')),
        format: anyCase(p.format ?? ''),
        version: fc.constantFrom('', '0'),
        fragment: p.fragment === null ? fc.constant('') : p.fragment.written.map((f) => `#${f}`),
      })
      .map((w) => {
        const fmt = p.format === null ? '' : `.${w.format}${p.version === null ? '' : `.${w.version}${p.version}`}`;
        return `${w.label}//${w.series}/${w.zeros}${year}/${w.zeros}${mm}/${w.zeros}${dd}/${w.uid}${fmt}${w.fragment}`;
      });
    return { normalized, written, head, uid, tail: format + fragment };
  });

schemeContract(pdiScheme, {
  valid: VALID,
  invalid: [
    'urn:pdi:',
    'pdi:',
    'urn:pdi:oma.eop.gov.us/1997/09/01/1',
    'pdi://oma.eop.gov/1997/09/01.html.1',
    'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif#(5,10),(25,30)',
    'pdi://a.us/1997/02/29/1',
    'pdi://a.us/1997/09/01/1.text.0',
    'pdi://a.us/1997/09/01/a/b',
    'pdi://a.us/1997/09/01/1.text.1#51,37',
    'PDI://a.us/1997/09/01/1.wav.1#sec=1,msec=2',
  ],
  equivalent: EQUIVALENT,
  distinct: [
    ['pdi://a.us/1997/09/01/1.text', 'pdi://a.us/1997/09/01/1.text.1'],
    ['pdi://a.us/1997/09/01/abc', 'pdi://a.us/1997/09/01/ABC'],
    ['pdi://a.us/*/09/01/1', 'pdi://a.us/1997/*/01/1'],
  ],
  arbitrary: fc.oneof(
    pdi.chain((p) => p.written),
    fc
      .tuple(
        fc.constantFrom('pdi://', 'urn:pdi://a.us/', 'pdi://a.us/1997/01/01/', 'pdi://a.us/1997/01/01/1.text.1#'),
        fc.array(fc.constantFrom(...'a1./%*#@=,()-:%2f'.split(''), '%2f', '(1,2)', '*/', '.text.1'), {
          maxLength: 30,
        }),
      )
      .map(([head, tail]) => head + tail.join('')),
  ),
  numRuns: 500,
});

describe('pdiScheme', () => {
  it('recognizes urn:pdi: and pdi: in any case, and nothing else', () => {
    for (const s of ['urn:pdi:', 'URN:PDI://x', 'Urn:Pdi:', 'pdi:', 'PDI://a', 'pDi:x'])
      expect(pdiScheme.recognize(s), s).toBe(true);
    for (const s of ['', 'urn:', 'urn:pd', 'urn:pdix:', 'urn:example:pdi:', 'pdi', 'pdix:', 'ark:/1/pdi:', ' pdi:'])
      expect(pdiScheme.recognize(s), s).toBe(false);
  });

  it('is asked before generic URNs (priority 30 < 100)', () => {
    expect(pdiScheme.priority).toBe(30);
    expect(pdiScheme.name).toBe('pdi');
  });
});

describe('properties (fast-check)', () => {
  it('every way of writing a PDI normalizes to the one canonical string', () => {
    fc.assert(
      fc.property(
        pdi.chain((p) => fc.tuple(fc.constant(p.normalized), p.written)),
        ([normalized, written]) => {
          const r = parsePdi(written);
          if (!r.ok) throw new Error(`${written}: ${r.error.code} at ${r.error.offset}: ${r.error.message}`);
          expect(normalizePdi(r.value), written).toBe(normalized);
          // pdiScheme.parse reuses what parsing found: it must agree with normalizePdi
          const id = pdiScheme.parse(written);
          expect(id.ok && id.value.normalized, written).toBe(normalized);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('parse(format(c)) gives c back, and normalizing twice changes nothing', () => {
    fc.assert(
      fc.property(
        pdi.chain((p) => p.written),
        (written) => {
          const r = parsePdi(written);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(parsePdi(formatPdi(r.value))).toEqual(r);
          expect(formatPdi(r.value)).toBe(written.replace(/^urn:pdi:/i, 'urn:pdi:').replace(/^pdi:/i, 'pdi:'));
          const again = parsePdi(normalizePdi(r.value));
          expect(again.ok && normalizePdi(again.value)).toBe(normalizePdi(r.value));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('changing the case of a letter in the unique id gives another PDI', () => {
    fc.assert(
      fc.property(
        pdi.filter((p) => /[a-zA-Z]/.test(p.uid.replace(/%../g, ''))),
        ({ normalized, head, uid, tail }) => {
          const k = uid.search(/(?<!%.?)[a-zA-Z]/);
          const ch = uid[k] as string;
          const flipped = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
          const other = `${head}${uid.slice(0, k)}${flipped}${uid.slice(k + 1)}${tail}`;
          const a = parsePdi(normalized);
          const b = parsePdi(other);
          expect(a.ok && b.ok && normalizePdi(a.value) !== normalizePdi(b.value), `${normalized} / ${other}`).toBe(
            true,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
