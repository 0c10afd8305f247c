import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnvlRecord, parseAnvl, serializeAnvl } from './anvl.ts';
import { parseErc, serializeErc } from './erc.ts';
import { decodeErcEscapes, encodeErcEscapes } from './escapes.ts';
import { normalizeTemper, parseTemper } from './temper.ts';
import { formatErcValue, naturalOrder, parseErcValue, splitValues } from './value.ts';

/** Text made of the characters that mean something to ANVL and ERC, and a few that do not. */
const pieces = [
  'erc',
  'who',
  'what',
  'when',
  'where',
  'erc-support',
  ':',
  ' ',
  '\t',
  '\n',
  '\r',
  '#',
  '|',
  '%',
  '!',
  '{',
  '}',
  '_',
  '.',
  ',',
  '(:',
  ')',
  '[',
  ']',
  '/',
  'a',
  'Z',
  '0',
  '9',
  '-',
  'é',
  '\u2028',
];
const anvlText = fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((a) => a.join(''));
const anyText = fc.oneof(anvlText, fc.string({ unit: 'binary', maxLength: 80 }));

const shape = (records: readonly AnvlRecord[]) =>
  records.filter((r) => r.elements.length > 0).map((r) => r.elements.map((e) => [e.label, e.value]));

const label = fc
  .array(fc.constantFrom('a', 'Z', '9', '/', '|', '-', ' ', '#', '%', 'é'), { minLength: 1, maxLength: 8 })
  .map((a) => a.join(''))
  .filter((l) => l.trim() === l && !l.startsWith('#') && !l.startsWith(' '));
const value = fc
  .array(fc.constantFrom('a', ' ', '  ', '|', ':', '#', '%', ',', '\t', 'é'), { maxLength: 30 })
  .map((a) => a.join('').replace(/^[ \t]+|[ \t]+$/g, ''));
const record = fc.array(fc.record({ label, value }), { minLength: 1, maxLength: 6 }).map((elements) => ({ elements }));

describe('properties', () => {
  it('parseAnvl and parseErc never throw', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const records = parseAnvl(text);
        expect(Array.isArray(records)).toBe(true);
        const r = parseErc(text);
        expect(typeof r.ok).toBe('boolean');
        for (const rec of records) parseErc(rec);
      }),
      { numRuns: 2000 },
    );
  });

  it('serialize(parse(x)) keeps every element and value, and is a fixed point', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = serializeAnvl(parseAnvl(text));
        expect(shape(parseAnvl(once))).toEqual(shape(parseAnvl(text)));
        expect(serializeAnvl(parseAnvl(once))).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('text made only of well-formed lines comes back byte for byte', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 3 }), (records) => {
        const text = serializeAnvl(records, { width: 20 });
        expect(serializeAnvl(parseAnvl(text))).toBe(text);
      }),
    );
  });

  it('parse(serialize(r)) gives every record back, folded or not', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 3 }), fc.constantFrom(0, 12, 30), (records, width) => {
        expect(shape(parseAnvl(serializeAnvl(records, { width })))).toEqual(shape(records));
      }),
    );
  });

  it('an ERC that parses serializes to text that parses to the same ERC', () => {
    fc.assert(
      fc.property(anvlText, (text) => {
        const r = parseErc(text);
        if (!r.ok) return;
        const again = parseErc(serializeErc(r.value));
        expect(again.ok).toBe(true);
        if (!again.ok) return;
        const view = (e: typeof r.value) =>
          e.segments.map((s) => [s.label, s.elements.map((el) => [el.label, el.values.map((v) => v.text)])]);
        expect(view(again.value)).toEqual(view(r.value));
      }),
      { numRuns: 3000 },
    );
  });

  it('decode(encode(s)) is s, and an encoded value keeps its data through ANVL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(decodeErcEscapes(encodeErcEscapes(s))).toBe(s);
        if (s.includes('\n')) return;
        const v = formatErcValue({ data: s });
        const text = serializeAnvl([{ elements: [{ label: 'x', value: v.text }] }], { width: 16 });
        const back = splitValues(parseAnvl(text)[0]?.elements[0]?.value ?? '');
        expect(back.map((b) => b.data)).toEqual(s === '' ? [] : [s]);
      }),
      { numRuns: 2000 },
    );
  });

  it('value helpers never throw', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        parseErcValue(s);
        naturalOrder(s);
        decodeErcEscapes(s);
        parseTemper(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('normalizeTemper is idempotent', () => {
    const date = fc.array(fc.constantFrom('1', '9', '0', '2', ' ', ',', '-'), { maxLength: 30 }).map((a) => a.join(''));
    fc.assert(
      fc.property(date, (s) => {
        const n = normalizeTemper(s);
        if (n.ok) expect(normalizeTemper(n.value)).toEqual(n);
      }),
      { numRuns: 3000 },
    );
  });
});
