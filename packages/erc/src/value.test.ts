import { describe, expect, it } from 'vitest';
import { MISSING_VALUE_CODES } from './codes.ts';
import { decodeErcEscapes, encodeErcEscapes } from './escapes.ts';
import { formatErcValue, missingValue, naturalOrder, parseErcValue, splitValues } from './value.ts';

describe('parseErcValue (§7.5 markers)', () => {
  it.each([
    ['plain data', { flags: null, code: null, sortFriendly: false, data: 'plain data' }],
    ['  padded  ', { text: 'padded', data: 'padded' }],
    ['[] (:unkn) Anonymous', { flags: '', code: 'unkn', missing: 'unkn', data: 'Anonymous' }],
    ['[b i](:tba)', { flags: 'b i', code: 'tba', missing: 'tba', data: '' }],
    ['(:791) Bee Stings', { code: '791', missing: null, data: 'Bee Stings' }],
    ['(:unav)', { code: 'unav', missing: 'unav', data: '', natural: '' }],
    ['(:unkn) , Doe, Jane', { code: 'unkn', sortFriendly: true, data: 'Doe, Jane', natural: 'Jane Doe' }],
    ['[x], b, a', { flags: 'x', sortFriendly: true, data: 'b, a', natural: 'a b' }],
    // markers only at the beginning
    ['data (:unkn)', { code: null, data: 'data (:unkn)' }],
    ['x [y]', { flags: null, data: 'x [y]' }],
    ['(:unkn)[x]', { flags: null, code: 'unkn', data: '[x]' }],
    // not markers: unclosed, empty or spaced codes
    ['[unclosed', { flags: null, data: '[unclosed' }],
    ['(:open', { code: null, data: '(:open' }],
    ['(:) x', { code: null, data: '(:) x' }],
    ['(: unkn) x', { code: null, data: '(: unkn) x' }],
    // the shim keeps data from being read as a marker
    ['%_(:unkn)', { code: null, data: '(:unkn)' }],
    ['%_, x', { sortFriendly: false, data: ', x' }],
    ['%. x', { sortFriendly: false, data: ', x' }],
  ])('%j', (text, expected) => {
    expect(parseErcValue(text)).toMatchObject(expected);
  });

  it('knows every missing-value code of §7.5', () => {
    for (const code of MISSING_VALUE_CODES) expect(parseErcValue(`(:${code})`).missing).toBe(code);
    expect(MISSING_VALUE_CODES).toEqual([
      'unac',
      'unal',
      'unap',
      'unas',
      'unav',
      'unkn',
      'etal',
      'none',
      'null',
      'tba',
    ]);
  });
});

describe('naturalOrder', () => {
  it.each([
    ['Mao Tse Tung', 'Mao Tse Tung'], // not sort-friendly: unchanged
    [',', ''],
    [', ,', ''],
    [', Mao,', 'Mao'],
    [', Smith%. Jr., John', 'John Smith, Jr.'], // %. is a literal comma, not an inversion point
    [', a%!b, c', 'c a|b'],
  ])('%j -> %j', (value, natural) => {
    expect(naturalOrder(value)).toBe(natural);
  });
});

describe('splitValues', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['a', ['a']],
    ['a | b|c', ['a', 'b', 'c']],
    ['a || c', ['a', '', 'c']],
    ['a %! b | c', ['a | b', 'c']],
  ])('%j', (value, data) => {
    expect(splitValues(value).map((v) => v.data)).toEqual(data);
  });
});

describe('ERC escapes (§7.6)', () => {
  it.each([
    ['%!', '|'],
    ['%%', '%'],
    ['%.', ','],
    ['a%_b', 'ab'],
    ['%{ a b\tc\nd %}', 'abcd'],
    ['x %{ a %! b %} y', 'x a|b y'],
    ['%{ a b', 'ab'], // unterminated: to the end
    ['a %} b', 'a  b'], // stray end: nothing
    ['%{ a %{ b %} c %}', 'ab c '], // blocks do not nest: the first %} ends the block
    ['%5F %2c %zz %& %', '%5F %2c %zz %& %'], // not ERC escapes
    ['%%!', '%!'],
  ])('decodes %j to %j', (encoded, decoded) => {
    expect(decodeErcEscapes(encoded)).toBe(decoded);
  });

  it.each([
    ['a|b', 'a%!b'],
    ['100%', '100%%'],
    ['digital%5Fdilemma', 'digital%5Fdilemma'],
    ['%{x%}', '%%{x%%}'],
    ['[x]', '%_[x]'],
    ['(:unkn)', '%_(:unkn)'],
    ['(x)', '(x)'],
    [', x', '%_, x'],
    [' x ', '%_ x %_'],
    ['', ''],
  ])('encodes %j to %j', (data, encoded) => {
    expect(encodeErcEscapes(data)).toBe(encoded);
    expect(decodeErcEscapes(encoded)).toBe(data);
  });
});

describe('formatErcValue', () => {
  it.each([
    [{ data: 'x' }, 'x'],
    [{ code: 'unkn', data: 'Anonymous' }, '(:unkn) Anonymous'],
    [{ flags: '', code: 'unav' }, '[] (:unav)'],
    [{ sortFriendly: true, data: 'McCartney, Paul, Sir,' }, ', McCartney, Paul, Sir,'],
    [{ data: 'a | b' }, 'a %! b'],
  ])('%j -> %j', (parts, text) => {
    expect(formatErcValue(parts).text).toBe(text);
  });

  it('writes missing values', () => {
    expect(missingValue('unav').text).toBe('(:unav)');
    expect(missingValue('unkn', 'Anonymous')).toMatchObject({ text: '(:unkn) Anonymous', missing: 'unkn' });
  });
});
