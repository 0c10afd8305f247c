import { PidgateError } from '@pidgate/core';
import { describe, expect, it } from 'vitest';
import { ercFromObject, formatErcObject } from './build.ts';
import { parseErc } from './erc.ts';

describe('ercFromObject', () => {
  it('writes the quartet first, in order, then the other elements', () => {
    expect(formatErcObject({ in: 'J', where: 'http://x', when: 2000, what: 'T', who: 'W' })).toBe(
      'erc:\nwho: W\nwhat: T\nwhen: 2000\nwhere: http://x\nin: J\n',
    );
  });

  it('fills missing quartet elements with (:unav), in the support story too', () => {
    const text = formatErcObject({ who: 'W', what: '', when: null, support: { who: 'USNLM' } });
    expect(text).toBe(
      'erc:\nwho: W\nwhat: (:unav)\nwhen: (:unav)\nwhere: (:unav)\nerc-support:\nwho: USNLM\nwhat: (:unav)\nwhen: (:unav)\nwhere: (:unav)\n',
    );
    expect(parseErc(text).ok).toBe(true);
  });

  it('uses another missing-value code when asked', () => {
    expect(formatErcObject({}, { missing: 'tba' })).toBe(
      'erc:\nwho: (:tba)\nwhat: (:tba)\nwhen: (:tba)\nwhere: (:tba)\n',
    );
  });

  it('writes several values, codes, qualifiers and escapes', () => {
    const text = formatErcObject({
      who: ['Gilbert, W.S.', 'Sullivan, Arthur'],
      'who/published': { code: 'unkn', data: 'Anonymous' },
      what: 'Yeomen | Guard',
      when: { sortFriendly: true, data: 'x, y' },
      where: '(:not a code)',
      Local: '',
      skipped: undefined,
    });
    expect(text).toBe(
      'erc:\nwho: Gilbert, W.S. | Sullivan, Arthur\nwho/published: (:unkn) Anonymous\nwhat: Yeomen %! Guard\nwhen: , x, y\nwhere: %_(:not a code)\nLocal:\n',
    );
    const r = parseErc(text);
    expect(r.ok && r.value.segments[0]?.elements.map((e) => e.values.map((v) => v.natural))).toEqual([
      ['Gilbert, W.S.', 'Sullivan, Arthur'],
      ['Anonymous'],
      ['Yeomen | Guard'],
      ['y x'],
      ['(:not a code)'],
      [],
    ]);
  });

  it('counts a qualified quartet element as present', () => {
    expect(formatErcObject({ 'who/created': 'A', what: 'B', when: '1', where: 'C' })).toBe(
      'erc:\nwho/created: A\nwhat: B\nwhen: 1\nwhere: C\n',
    );
  });

  it.each([['erc-about'], ['a:b'], [' x'], ['who/']])('refuses the key %j', (key) => {
    expect(() => ercFromObject({ [key]: 'x' })).toThrow(PidgateError);
  });
});
