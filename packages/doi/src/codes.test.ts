import { describe, expect, it } from 'vitest';
import { DOI_ERROR_CODES } from './codes.ts';
import { parseDoi } from './parse.ts';

// One input per code: every code the parser lists can be reached, and nothing else is returned.
const EXAMPLES: Record<(typeof DOI_ERROR_CODES)[number], string> = {
  'doi-label': 'isbn:10.1000/182',
  'name-empty': 'https://doi.org/',
  'pct-encoded': 'https://doi.org/10.1000/%G1',
  'pct-utf8': 'https://doi.org/10.1000/%FF',
  'directory-indicator': 'doi:11.1000/182',
  'registrant-code': '10.x/182',
  'doi-separator': 'doi:10.1000',
  'suffix-empty': 'doi:10.1000/',
  'suffix-character': 'doi:10.1000/a\u00a0b',
};

describe('DOI error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %s', (code, input) => {
    const r = parseDoi(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('lists each code once', () => {
    expect(new Set(DOI_ERROR_CODES).size).toBe(DOI_ERROR_CODES.length);
    expect(Object.keys(EXAMPLES).sort()).toEqual([...DOI_ERROR_CODES].sort());
  });
});
