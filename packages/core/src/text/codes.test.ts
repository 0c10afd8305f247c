import { describe, expect, it } from 'vitest';
import { readAnvl } from './anvl.ts';
import { TEXT_ERROR_CODES, type TextErrorCode } from './codes.ts';
import { splitLines } from './lines.ts';
import { percentDecode } from './percent.ts';

/** One input per code that fails with it, and the code it must give (from the rule, not from a run). */
const EXAMPLES: Record<TextErrorCode, () => string | undefined> = {
  'pct-encoded': () => (percentDecode('%G0').ok ? undefined : 'pct-encoded'),
  'pct-utf8': () => (percentDecode('%80').ok ? undefined : 'pct-utf8'),
  'line-too-long': () => {
    const [item] = splitLines('abcd', { maxLineLength: 3 });
    return typeof item === 'string' ? undefined : item?.code;
  },
  'element-colon-missing': () => readAnvl('label')[0]?.problems[0]?.code,
  'element-label-empty': () => readAnvl(': value')[0]?.problems[0]?.code,
  'continuation-without-element': () => readAnvl('  value')[0]?.problems[0]?.code,
};

describe('TEXT_ERROR_CODES', () => {
  it.each(TEXT_ERROR_CODES.map((code) => [code]))('%s is given where its rule fails', (code) => {
    expect(EXAMPLES[code]()).toBe(code);
  });

  it('lists every code once', () => {
    expect(new Set(TEXT_ERROR_CODES).size).toBe(TEXT_ERROR_CODES.length);
    expect(Object.keys(EXAMPLES).sort()).toEqual([...TEXT_ERROR_CODES].sort());
  });
});
