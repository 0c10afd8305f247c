import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnvl, repeatedLabels } from './anvl.ts';

const pairs = (text: string, dialect: 'anvl' | 'ezid' = 'anvl') =>
  readAnvl(text, dialect).map((r) => r.elements.map((e) => `${e.line}:${e.label}=${e.value}`));
const problems = (text: string, dialect: 'anvl' | 'ezid' = 'anvl') =>
  readAnvl(text, dialect).flatMap((r) => r.problems.map((p) => [p.code, p.line, p.offset]));

describe('readAnvl (draft-kunze-ark §7.1)', () => {
  it.each([
    ['', []],
    ['a: 1\nb: 2\n', [['1:a=1', '2:b=2']]],
    ['a: 1\n \t \nb: 2', [['1:a=1'], ['3:b=2']]], // a white-space-only line ends the record
    ['a: 1\r\nb:  2 \r\n\r\nc:3\r\n', [['1:a=1', '2:b=2'], ['4:c=3']]],
    ['a: x\n# c\n  y\n', [['1:a=x y']]], // a comment inside a folded value
    ['a: b: c', [['1:a=b: c']]], // the first colon ends the label
    ['a: %41', [['1:a=%41']]], // no percent-decoding in ANVL
    ['a: 1\na: 2\n', [['1:a=1', '2:a=2']]], // a repeated label is listed twice
  ])('%j', (text, expected) => {
    expect(pairs(text)).toEqual(expected);
  });

  it('keeps source lines and comments for a round trip', () => {
    const [r] = readAnvl('# head\na: 1\n# mid\n  2\n# tail\nb: 3\n# end\n');
    expect(r?.elements).toEqual([
      { label: 'a', value: '1 2', line: 2, offset: 7, lines: ['a: 1', '# mid', '  2'], before: ['# head'] },
      { label: 'b', value: '3', line: 6, offset: 29, lines: ['b: 3'], before: ['# tail'] },
    ]);
    expect(r?.after).toEqual(['# end']);
  });
});

describe("readAnvl('ezid') (EZID API guide, anvl.py)", () => {
  it.each([
    ['a: 1\rb: 2\r\nc: 3\n', [['1:a=1', '2:b=2', '3:c=3']]], // CR, CRLF and LF end lines
    ['a: 1\n\nb: 2', [['1:a=1', '3:b=2']]], // one record: an empty line only ends the element
    ['a%3Ab: x%0Ay', [['1:a:b=x\ny']]],
    ['a: %C3%A9\n  %41 \n', [['1:a=é A']]], // a continuation line is decoded, then trimmed
    ['a: 1\n\x0b2\n', [['1:a=1 2']]], // VT starts a continuation (str.isspace)
  ])('%j', (text, expected) => {
    expect(pairs(text, 'ezid')).toEqual(expected);
  });

  it.each([
    ['no colon', 'element-colon-missing', 1, 0],
    ['a: 1\r\n: 2', 'element-label-empty', 2, 6],
    ['  x', 'continuation-without-element', 1, 0],
    ['a: 1\n\n  x', 'continuation-without-element', 3, 6],
    ['a%zz: 1', 'pct-encoded', 1, 0],
    ['a: %C3', 'pct-utf8', 1, 0],
  ])('%j: %s on line %i (offset %i)', (text, code, line, offset) => {
    expect(problems(text, 'ezid')).toEqual([[code, line, offset]]);
  });
});

describe('readAnvl(text, dialect, { firstLine }): a part of a larger file', () => {
  // The EZID import reads each `:: identifier` block of a download alone: its lines are the file's 11 to 15.
  const block = 'a: 1\r\n# c\r\nb: %zz\r\n  more\r\n  x\r\n';

  it("numbers elements and problems from the first line given; offsets stay the text's", () => {
    const [r] = readAnvl(block, 'ezid', { firstLine: 11 });
    expect(r?.elements.map((e) => [e.label, e.line, e.offset])).toEqual([
      ['a', 11, 0],
      ['b', 13, 11], // after 'a: 1\r\n' and '# c\r\n'
    ]);
    expect(r?.problems.map((p) => [p.code, p.line, p.offset])).toEqual([['pct-encoded', 13, 11]]);
  });

  it.each([1, 2, 1000])('gives the lines of firstLine 1 shifted by firstLine - 1 (%i), in both dialects', (first) => {
    for (const dialect of ['anvl', 'ezid'] as const) {
      const text = '  x\na: 1\nb\n\nc: 2\n  3\n';
      const at = (n: number) => readAnvl(text, dialect, { firstLine: n });
      const lines = (rs: ReturnType<typeof at>) =>
        rs.map((r) => [r.elements.map((e) => e.line), r.problems.map((p) => p.line)]);
      const shifted = lines(at(1)).map(([es, ps]) => [es?.map((l) => l + first - 1), ps?.map((l) => l + first - 1)]);
      expect(lines(at(first))).toEqual(shifted);
    }
  });
});

describe('repeatedLabels', () => {
  it('lists each element whose label came before, with its line', () => {
    const [r] = readAnvl('a: 1\nb: 2\na: 3\na: 4\n', 'ezid');
    expect(repeatedLabels(r?.elements ?? []).map((e) => [e.label, e.line, e.value])).toEqual([
      ['a', 3, '3'],
      ['a', 4, '4'],
    ]);
  });
});

describe('properties', () => {
  const text = fc
    .array(fc.constantFrom('a', ':', ' ', '\t', '\n', '\r', '#', '%', '41', 'C3', 'é', '\x0b'), { maxLength: 60 })
    .map((a) => a.join(''));

  it('never throws, and every element and problem names a line of the text', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('anvl' as const, 'ezid' as const), (s, dialect) => {
        const lineCount = s.split(dialect === 'ezid' ? /\r\n?|\n/ : '\n').length;
        for (const r of readAnvl(s, dialect)) {
          for (const e of r.elements) expect(e.line).toBeLessThanOrEqual(lineCount);
          for (const p of r.problems) expect(p.offset).toBeLessThanOrEqual(s.length);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('reads 200k-character runs of each syntax character (a scan that went back would not end in the test timeout)', () => {
    for (const ch of ['a', ' ', '#', ':', '%', '\r', '\n']) {
      const records = readAnvl(ch.repeat(200_000), 'ezid');
      expect(records.length).toBeLessThanOrEqual(1);
    }
    const many = 'a: 1\n'.repeat(50_000);
    expect(readAnvl(many, 'ezid')[0]?.elements.length).toBe(50_000);
  });
});
