import { describe, expect, it } from 'vitest';
import { ISBN_ERROR_CODES, LABEL_ERROR_CODES } from './codes.ts';
import { parseIsbn, parseIssn } from './parse.ts';

const EXAMPLES: Record<(typeof LABEL_ERROR_CODES)[number], () => ReturnType<typeof parseIsbn | typeof parseIssn>> = {
  'isbn-label': () => parseIsbn('ISBN-12: 0-395-36341-1'),
  'isbn-label-length': () => parseIsbn('ISBN-10: 978-0-395-36341-6'),
  'issn-label': () => parseIssn('ISSN-X 0259-000X'),
};

describe('ISBN and ISSN label error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s', (code, parse) => {
    const r = parse();
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it("lists its own codes and the URN package's", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...LABEL_ERROR_CODES].sort());
    for (const code of ['isbn-check-digit', 'isbn-length', 'issn-check-digit', 'issn-syntax']) {
      expect(ISBN_ERROR_CODES).toContain(code);
    }
  });
});
