import { describe, expect, it } from 'vitest';
import { ORCID_ERROR_CODES } from './codes.ts';
import { parseOrcid } from './parse.ts';

const EXAMPLES: Record<(typeof ORCID_ERROR_CODES)[number], string> = {
  'orcid-label': 'https://example.org/0000-0002-1825-0097',
  'orcid-length': 'orcid:0000-0002-1825',
  'orcid-character': 'orcid:0000-000A-1825-0097',
  'orcid-hyphen': 'orcid:00-000002-1825-0097',
  'orcid-check': '0000-0002-1825-0096',
  'orcid-range': '1422-4586-3573-0476', // idutils' tests: an ISNI, not an ORCID iD
  'orcid-trailing': 'https://orcid.org/0000-0002-1825-0097/works',
  'orcid-sandbox': 'https://sandbox.orcid.org/0000-0002-1825-0097',
};

describe('ORCID error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %s', (code, input) => {
    const r = parseOrcid(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ORCID_ERROR_CODES].sort());
  });
});
