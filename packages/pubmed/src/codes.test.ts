import { describe, expect, it } from 'vitest';
import { PMCID_ERROR_CODES, PMID_ERROR_CODES } from './codes.ts';
import { parsePmcid, parsePmid } from './parse.ts';

const PMID: Record<(typeof PMID_ERROR_CODES)[number], string> = {
  'pmid-label': 'PMCID: 12345',
  'pmid-number': 'PMID: 0',
  'pmid-trailing': 'PMID: 12345 x',
};
const PMCID: Record<(typeof PMCID_ERROR_CODES)[number], string> = {
  'pmcid-label': 'PMID: PMC12345',
  'pmcid-number': 'PMCID: 12345',
  'pmcid-trailing': 'PMC12345.1',
};

describe('PMID and PMCID error codes', () => {
  it.each(Object.entries(PMID))('%s: %s', (code, input) => {
    const r = parsePmid(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it.each(Object.entries(PMCID))('%s: %s', (code, input) => {
    const r = parsePmcid(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('has an example for every code', () => {
    expect(Object.keys(PMID).sort()).toEqual([...PMID_ERROR_CODES].sort());
    expect(Object.keys(PMCID).sort()).toEqual([...PMCID_ERROR_CODES].sort());
  });
});
