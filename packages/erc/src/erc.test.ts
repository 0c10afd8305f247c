import { describe, expect, it } from 'vitest';
import { parseAnvl } from './anvl.ts';
import { ERC_ERROR_CODES } from './codes.ts';
import { type Erc, ercSegment, ercValues, parseErc, serializeErc } from './erc.ts';
import { formatErcValue } from './value.ts';

const QUARTET = 'who: a\nwhat: b\nwhen: 2000\nwhere: c\n';

function erc(text: string): Erc {
  const r = parseErc(text);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe('parseErc errors', () => {
  it.each([
    ['', 'record-empty', 0],
    ['# just a comment\n', 'record-empty', null],
    [`erc:\n${QUARTET}\nerc:\n${QUARTET}`, 'multiple-records', 41],
    ['erc:\nwho a\n', 'element-colon-missing', 5],
    ['erc:\n: x\n', 'element-label-empty', 5],
    ['  x\nerc:\n', 'continuation-without-element', 0],
    [`erc:\n${QUARTET}ercx: 1\n`, 'segment-label-reserved', 40],
    [`erc:\n${QUARTET}erc/q: 1\n`, 'segment-label-reserved', 40],
    ['erc:\nwho/: a\n', 'qualifier-empty', 5],
    ['erc: a | b | c\n', 'abbreviated-form-values', 0],
    ['erc: a | b | c | d | e\n', 'abbreviated-form-values', 0],
    ['erc:\nwho: a\nwhat: b\nwhere: c\n', 'anchoring-element-missing', 0],
    ['erc:\n', 'anchoring-element-missing', 0],
    ['erc:\nwho:\nwhat: b\nwhen: 2000\nwhere: c\n', 'anchoring-value-empty', 5],
    ['erc: a |  | c | d\n', 'anchoring-value-empty', 0],
    ['erc:\nwhat: b\nwho: a\nwhen: 2000\nwhere: c\n', 'element-order', 13],
    ['erc:\nwho: a\nin: x\nwhat: b\nwhen: 2000\nwhere: c\n', 'element-order', 18],
    [`erc:\n${QUARTET}erc-support:\nwhen: 2001\nwho: x\n`, 'element-order', 64],
    ['in: x\nwho: a\n', 'element-order', 6], // a stub keeps the order too
  ])('%j fails with %s at %j', (text, code, offset) => {
    const r = parseErc(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('every error code is listed, and each can be produced', () => {
    expect([...ERC_ERROR_CODES].sort()).toEqual(
      [
        'element-colon-missing',
        'element-label-empty',
        'continuation-without-element',
        'record-empty',
        'multiple-records',
        'segment-label-reserved',
        'qualifier-empty',
        'abbreviated-form-values',
        'anchoring-element-missing',
        'anchoring-value-empty',
        'element-order',
        'temper-empty',
        'temper-character',
        'temper-length',
        'temper-month',
        'temper-day',
        'temper-hour',
        'temper-minute',
        'temper-second',
        'temper-range',
        'temper-range-order',
      ].sort(),
    );
  });
});

describe('parseErc', () => {
  it.each([
    `erc:\n${QUARTET}`,
    `erc:\n${QUARTET}erc-about:\nwhat: x\n`,
    `erc:\n${QUARTET}erc-support:\n`, // an empty segment
    `erc:\nwho/created: a\nwho/published: b\nwhat: b\nwhen: 2000\nwhere: c\n`, // qualified, repeated
    `erc:\nwho: (:unkn) Anonymous\nwhat: (:unas) Untitled\nwhen: (:unav)\nwhere: (:unal)\n`,
    `erc:\n${QUARTET}erc-future:\nwho: x\n`, // an erc-* story not defined yet
    `erc:\n${QUARTET}Who: local element\nerc-about:\nwhat: x\n`,
    `erc-about:\nwhat: x\n`, // does not begin with erc: so it is a stub
  ])('accepts %j', (text) => {
    expect(parseErc(text).ok).toBe(true);
  });

  it('reads a record already parsed with parseAnvl', () => {
    const [record] = parseAnvl(`erc:\n${QUARTET}`);
    expect(parseErc(record ?? { elements: [] }).ok).toBe(true);
    expect(parseErc({ elements: [] })).toMatchObject({ ok: false, error: { code: 'record-empty' } });
  });

  it('finds segments and values', () => {
    const e = erc(`erc:\n${QUARTET}erc-support:\nwho: USNLM\n`);
    expect(ercSegment(e, 'erc-support')?.story).toBe('support');
    expect(ercValues(e, 'who', 'erc-support').map((v) => v.data)).toEqual(['USNLM']);
    expect(ercValues(e, 'who').map((v) => v.data)).toEqual(['a']);
    expect(ercValues(e, 'nothing')).toEqual([]);
    expect(e.segments[1]?.story).toBe('support');
    expect(erc(`erc:\n${QUARTET}erc-future:\n`).segments[1]?.story).toBeNull();
  });
});

describe('serializeErc', () => {
  it('writes changed values afresh and keeps the rest as read', () => {
    const text = `erc:\nwho:    Gibbon,\n        Edward\n# c\nwhat:  x | y\nwhen:  1781\nwhere: z\n`;
    const e = erc(text);
    const [seg] = e.segments;
    if (!seg) throw new Error('no segment');
    const changed: Erc = {
      ...e,
      segments: [
        {
          ...seg,
          elements: seg.elements.map((el) =>
            el.name === 'what' ? { ...el, values: [...el.values, formatErcValue({ data: 'a|b' })] } : el,
          ),
        },
      ],
    };
    expect(serializeErc(changed)).toBe(
      'erc:\nwho:    Gibbon,\n        Edward\n# c\nwhat: x | y | a%!b\nwhen:  1781\nwhere: z\n',
    );
  });

  it('keeps the abbreviated form while it can, and writes the full form when it cannot', () => {
    const e = erc('erc: a | b | 2000 | c\nin: x\n');
    expect(serializeErc(e)).toBe('erc: a | b | 2000 | c\nin: x\n');
    const seg = e.segments[0];
    if (!seg) throw new Error('no segment');
    const who = seg.elements[0];
    if (!who) throw new Error('no who');
    const twoAuthors: Erc = {
      ...e,
      segments: [
        {
          ...seg,
          elements: [{ ...who, values: [...who.values, formatErcValue({ data: 'd' })] }, ...seg.elements.slice(1)],
        },
      ],
    };
    const text = serializeErc(twoAuthors);
    expect(text).toBe('erc:\nwho: a | d\nwhat: b\nwhen: 2000\nwhere: c\nin: x\n');
    expect(parseErc(text).ok).toBe(true);
  });

  it('writes a stub without a segment label', () => {
    expect(serializeErc(erc('in: x\n'))).toBe('in: x\n');
    expect(
      serializeErc({ stub: true, segments: [{ label: null, story: null, abbreviated: false, elements: [] }] }),
    ).toBe('');
  });
});
