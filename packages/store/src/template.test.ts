import { describe, expect, it } from 'vitest';
import { parseTemplate } from './template.ts';

describe('parseTemplate', () => {
  it.each([
    // NOID examples: capacity is the product of 10 per d and 29 per e; k adds none
    ['x6.reeddk', { prefix: 'x6', mode: 'r', mask: 'eedd', check: true, capacity: 84100 }],
    ['.sd', { prefix: '', mode: 's', mask: 'd', check: false, capacity: 10 }],
    ['b3.sddd', { prefix: 'b3', mode: 's', mask: 'ddd', check: false, capacity: 1000 }],
    ['fk4.zeek', { prefix: 'fk4', mode: 'z', mask: 'ee', check: true, capacity: null }],
    ['.r' + 'e'.repeat(40), { capacity: Number.MAX_SAFE_INTEGER }],
  ])('%s', (template, expected) => {
    const r = parseTemplate(template);
    expect(r.ok && r.value).toMatchObject(expected);
  });

  it.each(['', 'x6', 'x6.', 'x6.r', 'x6.qdd', 'x6.rdkd', 'x6.rDD', 'X6.rdd', 'x6.rdd k', `${'x'.repeat(70)}.rd`])(
    'refuses %j',
    (template) => {
      const r = parseTemplate(template);
      expect(r.ok ? 'ok' : r.error.code).toBe('invalid-template');
    },
  );
});
