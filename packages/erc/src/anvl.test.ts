import { PidgateError } from '@pidgate/core';
import { describe, expect, it } from 'vitest';
import { foldElement, parseAnvl, serializeAnvl } from './anvl.ts';

const pairs = (text: string) => parseAnvl(text).map((r) => r.elements.map((e) => `${e.label}=${e.value}`));

describe('parseAnvl', () => {
  it.each([
    ['', []],
    ['\n\n  \n', []],
    ['a: 1', [['a=1']]],
    ['a: 1\nb: 2\n', [['a=1', 'b=2']]],
    ['a: 1\n\nb: 2\n', [['a=1'], ['b=2']]],
    ['a: 1\n\n\n\nb: 2', [['a=1'], ['b=2']]],
    ['a: 1\n \t \nb: 2', [['a=1'], ['b=2']]], // a whitespace-only line is blank: it ends the record
    ['a: 1\r\nb:  2 \r\n\r\nc:3\r\n', [['a=1', 'b=2'], ['c=3']]],
    ['a:\n  x\n\ty\n', [['a=x y']]],
    ['a: x  \n   y  z  \n', [['a=x y  z']]], // internal whitespace is kept, line ends are not
    ['a: x\n# c\n  y\n', [['a=x y']]],
    ['a: x\n#  y\n', [['a=x']]],
    ['a: x\n #  y\n', [['a=x #  y']]], // an indented "#" is data, not a comment
    ['a: b: c', [['a=b: c']]], // the first colon ends the label
    ['who/created : x', [['who/created=x']]],
    ['|set: NLM | x\n    | y\nhere: 1 | 1 | 1', [['|set=NLM | x | y', 'here=1 | 1 | 1']]],
    ['# only a comment\n', [[]]],
  ])('%j', (text, expected) => {
    expect(pairs(text)).toEqual(expected);
  });

  it('records the offset of each element and the comments around it', () => {
    const [r] = parseAnvl('# head\na: 1\n# mid\n  2\n# tail\nb: 3\n# end\n');
    expect(r?.elements).toEqual([
      { label: 'a', value: '1 2', offset: 7, lines: ['a: 1', '# mid', '  2'], before: ['# head'] },
      { label: 'b', value: '3', offset: 29, lines: ['b: 3'], before: ['# tail'] },
    ]);
    expect(r?.after).toEqual(['# end']);
    expect(r?.problems).toBeUndefined();
  });

  it.each([
    ['no colon here\n', 'element-colon-missing', 0],
    ['a: 1\n: 2\n', 'element-label-empty', 5],
    ['  stray\na: 1\n', 'continuation-without-element', 0],
    ['a: 1\n\n  stray\n', 'continuation-without-element', 6],
  ])('reports %j as %s at %d and keeps going', (text, code, offset) => {
    const problems = parseAnvl(text).flatMap((r) => r.problems ?? []);
    expect(problems).toEqual([{ code, message: expect.any(String), offset }]);
    expect(serializeAnvl(parseAnvl(text))).toBe(text);
  });
});

describe('serializeAnvl', () => {
  it('writes label: value lines, a blank line between records', () => {
    expect(
      serializeAnvl([
        {
          elements: [
            { label: 'erc', value: '' },
            { label: 'who', value: 'x' },
          ],
        },
        { elements: [{ label: 'a', value: 'b' }] },
      ]),
    ).toBe('erc:\nwho: x\n\na: b\n');
  });

  it('writes a changed element afresh, keeping its comments', () => {
    const [r] = parseAnvl('# c\na:   1\n   2\nb: 3\n');
    const elements = r?.elements.map((e) => (e.label === 'a' ? { ...e, value: 'one' } : e)) ?? [];
    expect(serializeAnvl([{ elements }])).toBe('# c\na: one\nb: 3\n');
  });

  it('turns comments given without "#" into comment lines', () => {
    expect(serializeAnvl([{ elements: [{ label: 'a', value: '1', before: ['note'] }], after: ['x\ny'] }])).toBe(
      '# note\na: 1\n# x\n# y\n',
    );
  });

  it('folds a value into continuation lines at width, never inside a run of spaces', () => {
    const value = 'aaaa bbbb cccc  dddd eeee';
    expect(foldElement('x', value, { width: 12 })).toEqual(['x: aaaa bbbb', '    cccc  dddd', '    eeee']);
    const text = serializeAnvl([{ elements: [{ label: 'x', value }] }], { width: 12 });
    expect(parseAnvl(text)[0]?.elements[0]?.value).toBe(value);
  });

  it('prefers to fold before a "|"', () => {
    expect(foldElement('k', 'one | two | three four five', { width: 20 })).toEqual([
      'k: one | two',
      '    | three four',
      '    five',
    ]);
  });

  it('turns newlines in a value into fold points', () => {
    expect(serializeAnvl([{ elements: [{ label: 'a', value: 'x\ny\n\n z' }] }])).toBe('a: x\n    y\n    z\n');
  });

  it.each(['', 'a:b', 'a\nb', '#a', ' a', 'a '])('refuses the label %j', (label) => {
    expect(() => serializeAnvl([{ elements: [{ label, value: 'v' }] }])).toThrow(PidgateError);
  });
});
