import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { parseUniprot, UNIPROT_ERROR_CODES, type UniprotErrorCode, uniprotScheme } from './uniprot.ts';

/** UniProt's own regular expression (uniprot.org/help/accession_numbers), here only to check the loops against it. */
const OFFICIAL = /^([OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2})$/;

schemeContract(uniprotScheme, {
  // idutils' table (P02833, Q9GYV0) and UniProt's examples (P12345, A2BC19, A0A022YWF9)
  valid: [
    'P02833',
    'Q9GYV0',
    'P12345',
    'A2BC19',
    'O00001',
    'A0A022YWF9',
    'P12345-2',
    'P12345.3',
    'uniprot:P12345',
    'https://www.uniprot.org/uniprotkb/P12345',
    'https://www.uniprot.org/uniprot/P12345/',
    'http://purl.uniprot.org/uniprot/P02833',
  ],
  invalid: ['A21BC9', 'P1234X', 'uniprot:A0A022YWF', 'P12345-', 'P12345-x', 'uniprot:p12345', 'P12345/', 'uniprot:P1'],
  equivalent: [['P12345', 'uniprot:P12345', 'https://www.uniprot.org/uniprotkb/P12345/']],
  distinct: [['P12345', 'P12345-2']],
  arbitrary: fc
    .tuple(fc.constantFrom('', 'uniprot:'), fc.stringMatching(/^[A-Z][0-9][A-Z0-9]{0,9}([-.][0-9]{0,2})?$/))
    .map(([l, p]) => l + p),
});

describe('UniProt accessions', () => {
  spellings(parseUniprot, 'Q9GYV0', [
    ['Q9GYV0', 'bare'],
    ['uniprot:Q9GYV0', 'curie'],
    ['https://rest.uniprot.org/uniprotkb/Q9GYV0', 'url'],
  ]);

  it('agrees with the official regular expression on six- and ten-character strings', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][0-9][A-Z0-9]{4}([A-Z0-9]{4})?$/), (s) => {
        expect(parseUniprot(s).ok, s).toBe(OFFICIAL.test(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('resolves to the UniProtKB entry, without an isoform or version', () => {
    const r = uniprotScheme.parse('P12345-2');
    expect(r.ok && uniprotScheme.resolve(r.value.components)).toBe('https://www.uniprot.org/uniprotkb/P12345');
  });

  it('does not claim a bare letter and digits of another length', () => {
    for (const s of ['Q42', 'P1234567', 'A1', 'p12345']) expect(uniprotScheme.recognize(s), s).toBe(false);
  });
});

errorTable('UniProt', parseUniprot, UNIPROT_ERROR_CODES, {
  'uniprot-label': ['P1234', 0],
  'uniprot-character': ['A21BC9', 2],
  'uniprot-length': ['uniprot:P1234', 8],
  'uniprot-version': ['P12345-x', 6],
  'uniprot-trailing': ['P12345/', 6],
} satisfies Record<UniprotErrorCode, readonly [string, number]>);
