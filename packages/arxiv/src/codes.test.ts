import { describe, expect, it } from 'vitest';
import { ARXIV_ERROR_CODES } from './codes.ts';
import { parseArxiv } from './parse.ts';

const EXAMPLES: Record<(typeof ARXIV_ERROR_CODES)[number], string> = {
  'arxiv-label': 'https://arxiv.org/list/1501.00001',
  'arxiv-form': 'arXiv:1501-00001',
  'arxiv-archive': 'arXiv:astro/9901001',
  'arxiv-subject-class': 'arXiv:math./0309136',
  'arxiv-month': 'arXiv:1513.00001',
  'arxiv-number': 'arXiv:1501.000001',
  'arxiv-version': 'arXiv:1501.00001v0',
  'arxiv-trailing': 'arXiv:1501.00001/x',
};

describe('arXiv error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %s', (code, input) => {
    const r = parseArxiv(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ARXIV_ERROR_CODES].sort());
  });
});
