/**
 * Invalid PMIDs and PMCIDs generated from their forms (PMID: 1 to 8 digits, no leading zero; PMCID: "PMC"
 * and 1 to 9 digits; after a URL's number only "/", a query or a fragment): each rule builds a valid
 * identifier, breaks one rule, and names that rule's code (codes.ts) and offset. Test code only (not in
 * the tarball): `@pidgate/pubmed/testing`.
 */
import { charsOf, DIGITS, type InvalidRule, type Violation, violation } from '@pidgate/core/testing';
import fc from 'fast-check';
import type { PmcidErrorCode, PmidErrorCode } from '../codes.ts';

const number = (max: number) =>
  fc.tuple(charsOf('123456789', 1, 1), charsOf(DIGITS, 0, max - 1)).map(([a, b]) => a + b);
const pmidLabel = fc.constantFrom('PMID: ', 'PMID:', 'pmid:');
const pmidUrl = fc.constantFrom('https://pubmed.ncbi.nlm.nih.gov/', 'https://www.ncbi.nlm.nih.gov/pubmed/');
const pmcidLabel = fc.constantFrom('PMCID: ', 'PMCID:', 'pmcid:');
const pmcidUrl = fc.constantFrom('https://pmc.ncbi.nlm.nih.gov/articles/', 'https://europepmc.org/articles/');

/** Numbers that break "1 to max digits, no leading zero": a leading zero, or too many digits. */
const badNumber = (max: number) =>
  fc.oneof(
    number(max - 1).map((n) => `0${n}`),
    charsOf(DIGITS, max + 1, max + 4).map((n) => `1${n}`),
  );

export const PMID_INVALID_RULES: readonly InvalidRule<PmidErrorCode>[] = [
  {
    rule: 'PMID = 1 to 8 digits, no leading zero',
    code: 'pmid-number',
    arbitrary: fc.oneof(
      fc.tuple(fc.oneof(pmidLabel, pmidUrl), badNumber(8)).map(([l, n]) => violation(l, '', n)),
      fc.tuple(pmidLabel, fc.constantFrom('', 'x1', 'PMC1', '-1')).map(([l, n]) => violation(l, '', n)),
    ),
  },
  {
    rule: 'nothing follows the number (a URL: "/", a query or a fragment)',
    code: 'pmid-trailing',
    arbitrary: fc.oneof(
      fc
        .tuple(pmidLabel, number(8), fc.constantFrom('/', 'x', ' x', '.', '?q'))
        .map(([l, n, t]) => violation(`${l}${n}`, '', t)),
      fc
        .tuple(pmidUrl, number(8), fc.constantFrom('x', '.', '/x', ' x'))
        .map(([l, n, t]) => violation(`${l}${n}`, '', t)),
    ),
  },
];

export const PMCID_INVALID_RULES: readonly InvalidRule<PmcidErrorCode>[] = [
  {
    rule: 'PMCID = "PMC" and 1 to 9 digits, no leading zero',
    code: 'pmcid-number',
    arbitrary: fc.oneof(
      fc
        .tuple(fc.oneof(fc.constant(''), pmcidLabel, pmcidUrl), badNumber(9))
        .map(([l, n]) => violation(`${l}PMC`, '', n)),
      fc.tuple(pmcidLabel, number(9)).map(([l, n]): Violation => violation(l, '', n)),
    ),
  },
  {
    rule: 'nothing follows the number (a URL: "/", a query or a fragment)',
    code: 'pmcid-trailing',
    arbitrary: fc.oneof(
      fc
        .tuple(fc.oneof(fc.constant(''), pmcidLabel), number(9), fc.constantFrom('/', 'x', ' x', '.'))
        .map(([l, n, t]) => violation(`${l}PMC${n}`, '', t)),
      fc
        .tuple(pmcidUrl, number(9), fc.constantFrom('x', '.', '/x'))
        .map(([l, n, t]) => violation(`${l}PMC${n}`, '', t)),
    ),
  },
];
