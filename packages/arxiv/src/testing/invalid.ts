/**
 * Invalid arXiv identifiers generated from arXiv's identifier scheme ("Understanding the arXiv identifier":
 * YYMM.NNNN from 0704 to 1412, YYMM.NNNNN from 1501, archive[.SC]/YYMMNNN from 9107 to 0703, "v" and a
 * version from 1): each rule builds a valid identifier, breaks one rule, and names that rule's code
 * (codes.ts) and offset. Test code only (not in the tarball): `@pidgate/arxiv/testing`.
 */
import { charsOf, DIGITS, type InvalidRule, invalidRule, LOWER, violation } from '@pidgate/core/testing';
import fc from 'fast-check';
import type { ArxivErrorCode } from '../codes.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const label = fc.constantFrom('arXiv:', 'arxiv:', 'https://arxiv.org/abs/', 'http://arxiv.org/pdf/');
const plainLabel = fc.constantFrom('arXiv:', 'ARXIV:');
/** A month of the five-digit scheme (2015-01 to 2029-12) and of the four-digit one (2007-04 to 2014-12). */
const month5 = fc
  .tuple(fc.integer({ min: 15, max: 29 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => pad(y) + pad(m));
const month4 = fc
  .tuple(fc.integer({ min: 7, max: 14 }), fc.integer({ min: 1, max: 12 }))
  .filter(([y, m]) => y > 7 || m >= 4)
  .map(([y, m]) => pad(y) + pad(m));
/** A sequence number: "zero-padded … starting at 0001" (00001 from 1501). */
const sequence = (width: number) => charsOf(DIGITS, width, width).filter((n) => Number(n) > 0);
const newId = fc.oneof(
  fc.tuple(month5, sequence(5)).map(([m, n]) => `${m}.${n}`),
  fc.tuple(month4, sequence(4)).map(([m, n]) => `${m}.${n}`),
);
const version = fc.option(
  fc.integer({ min: 1, max: 99 }).map((v) => `v${v}`),
  { nil: '' },
);
const archive = fc.constantFrom('hep-th', 'math', 'cs', 'astro-ph', 'cond-mat', 'quant-ph', 'gr-qc');
/** An old-style month, July 1991 to March 2007. */
const oldMonth = fc
  .tuple(fc.integer({ min: 1991, max: 2007 }), fc.integer({ min: 1, max: 12 }))
  .filter(([y, m]) => (y > 1991 || m >= 7) && (y < 2007 || m <= 3))
  .map(([y, m]) => pad(y % 100) + pad(m));

const rule = invalidRule<ArxivErrorCode>;

export const ARXIV_INVALID_RULES: readonly InvalidRule<ArxivErrorCode>[] = [
  rule(
    'YYMM.NNNNN: four digits, then "."',
    'arxiv-form',
    fc
      .tuple(label, month5, fc.constantFrom('-', '/', '_', ''), charsOf(DIGITS, 5, 5))
      .map(([l, m, bad, n]) => violation(l, '', `${m}${bad}${bad === '' ? 'x' : ''}${n}`)),
  ),
  rule(
    'YYMM: MM from 01 to 12, and from 0704 (April 2007)',
    'arxiv-month',
    fc
      .tuple(
        label,
        fc.oneof(
          fc.tuple(fc.integer({ min: 8, max: 29 }), fc.constantFrom(0, 13, 20, 99)).map(([y, m]) => pad(y) + pad(m)),
          fc.constantFrom('0001', '0612', '0703', '0101'),
        ),
        charsOf(DIGITS, 5, 5),
      )
      .map(([l, m, n]) => violation(l, '', `${m}.${n}`)),
  ),
  rule(
    'NNNN to 1412, NNNNN from 1501: another number of digits',
    'arxiv-number',
    fc
      .tuple(
        label,
        fc.oneof(fc.tuple(month5, fc.constantFrom(1, 2, 3, 4, 6)), fc.tuple(month4, fc.constantFrom(1, 2, 3, 5, 6))),
      )
      .chain(([l, [m, width]]) => charsOf(DIGITS, width, width).map((n) => violation(`${l}${m}.`, '', n))),
  ),
  rule(
    'the sequence number starts at 0001 (00001 from 1501)',
    'arxiv-number',
    fc
      .tuple(
        label,
        fc.oneof(
          month5.map((m) => `${m}.00000`),
          month4.map((m) => `${m}.0000`),
        ),
      )
      .map(([l, id]) => violation(`${l}${id.slice(0, 5)}`, '', id.slice(5))),
  ),
  rule(
    'a version is "v" and a number from 1',
    'arxiv-version',
    fc.tuple(label, newId, fc.constantFrom('v', 'v0', 'v01', 'vx')).map(([l, id, v]) => violation(`${l}${id}`, '', v)),
  ),
  rule(
    'nothing follows the identifier but a URL query or fragment',
    'arxiv-trailing',
    fc
      .tuple(plainLabel, newId, version, fc.constantFrom('x', '/', '.pdf', '?q=1', '#f', ' x'))
      .map(([l, id, v, rest]) => violation(`${l}${id}${v}`, '', rest)),
  ),
  rule(
    'the stamp’s category after the identifier: " [" archive ["." subject-class] "]", at the end',
    'arxiv-trailing',
    fc
      .tuple(plainLabel, newId, version, archive, fc.constantFrom('', '.GT', '.acc-ph'), fc.constantFrom(')', '/', ''))
      .map(([l, id, v, a, sc, bad]) => violation(`${l}${id}${v} [${a}${sc}`, bad)),
  ),
  rule(
    'the stamp’s category names one of arXiv’s archives',
    'arxiv-archive',
    fc
      .tuple(plainLabel, newId, version, charsOf(LOWER, 1, 6))
      .map(([l, id, v, a]) => violation(`${l}${id}${v} [`, '', `zz${a}]`)),
  ),
  rule(
    'old style: one of arXiv’s archives',
    'arxiv-archive',
    fc
      .tuple(plainLabel, charsOf(LOWER, 1, 6), oldMonth, charsOf(DIGITS, 3, 3))
      .map(([l, a, m, n]) => violation(l, '', `zz${a}/${m}${n}`)),
  ),
  rule(
    'old style: archive "." subject class',
    'arxiv-subject-class',
    fc
      .tuple(plainLabel, archive, oldMonth, charsOf(DIGITS, 3, 3))
      .map(([l, a, m, n]) => violation(`${l}${a}.`, '', `/${m}${n}`)),
  ),
  rule(
    'old style: archive "/" YYMMNNN, seven digits',
    'arxiv-number',
    fc
      .tuple(plainLabel, archive, oldMonth, fc.constantFrom(0, 1, 2, 4, 5))
      .chain(([l, a, m, extra]) => charsOf(DIGITS, extra, extra).map((n) => violation(`${l}${a}/`, '', `${m}${n}`))),
  ),
  rule(
    'old style: YYMM from 9107 to 0703',
    'arxiv-month',
    fc
      .tuple(
        plainLabel,
        archive,
        fc.constantFrom('9001', '9106', '0704', '0801', '9113', '9500'),
        charsOf(DIGITS, 3, 3),
      )
      .map(([l, a, m, n]) => violation(`${l}${a}/`, '', `${m}${n}`)),
  ),
];
