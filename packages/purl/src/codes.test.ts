import { describe, expect, it } from 'vitest';
import { PURL_ERROR_CODES } from './codes.ts';
import { parsePurl } from './parse.ts';

const EXAMPLES: Record<(typeof PURL_ERROR_CODES)[number], string> = {
  'purl-label': 'http://example.org/dc/terms/',
  'purl-path-empty': 'https://purl.org/?x',
  'purl-character': 'http://purl.org/dc/<terms>',
  'pct-encoded': 'http://purl.org/dc/%7',
};

describe('PURL error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %s', (code, input) => {
    const r = parsePurl(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PURL_ERROR_CODES].sort());
  });
});
