import { describe, expect, it } from 'vitest';
import { HANDLE_ERROR_CODES } from './codes.ts';
import { parseHandle } from './parse.ts';

const EXAMPLES: Record<(typeof HANDLE_ERROR_CODES)[number], string> = {
  'handle-label': 'handle:20.500.1/x',
  'name-empty': 'hdl:',
  'pct-encoded': 'info:hdl/20.500.1/%',
  'pct-utf8': 'info:hdl/20.500.1/%C0%AF',
  'handle-separator': 'hdl:20.500.1',
  'prefix-empty': 'hdl:/x',
  'prefix-segment': 'hdl:20..500/x',
  'prefix-character': 'hdl:20 500/x',
  'suffix-empty': 'hdl:20.500.1/',
  'suffix-character': 'hdl:20.500.1/x\ny',
};

describe('Handle error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %s', (code, input) => {
    const r = parseHandle(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...HANDLE_ERROR_CODES].sort());
  });
});
