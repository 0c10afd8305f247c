import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arxivArticle } from './normalize.ts';
import { parseArxiv } from './parse.ts';
import { arxivScheme } from './scheme.ts';

schemeContract(arxivScheme, {
  valid: [
    'arXiv:0706.0001',
    'arXiv:0706.0001v1',
    'arXiv:1501.00001',
    'arXiv:1501.00001v1',
    '1501.00001',
    'hep-th/9901001',
    'hep-th/9901001v1',
    'math.CA/0611800v2',
    'math.GT/0309136',
    'arXiv:9912.12345v2',
    'https://arxiv.org/abs/1501.00001v2',
    'http://arxiv.org/abs/hep-th/9901001',
    'https://arxiv.org/pdf/1501.00001v1.pdf',
    'https://export.arxiv.org/abs/0706.0001?context=cs',
  ],
  invalid: [
    'arXiv:',
    'arXiv:0706.001',
    'arXiv:1501.0001',
    'arXiv:0613.0001',
    'arXiv:0703.0001',
    'arXiv:0706.0001v0',
    'arXiv:0706.0001v',
    'arXiv:0706.0001x',
    'arXiv:foo/9901001',
    'hep-th/990100',
    'hep-th/0801001',
    'math./0309136',
    'https://arxiv.org/abs/',
    'arXiv:1501.00001.pdf',
  ],
  equivalent: [
    [
      'arXiv:1501.00001',
      '1501.00001',
      'ARXIV:1501.00001',
      'https://arxiv.org/abs/1501.00001',
      'https://arxiv.org/pdf/1501.00001',
    ],
    ['arXiv:1501.00001v2', 'https://arxiv.org/abs/1501.00001v2', 'https://arxiv.org/pdf/1501.00001v2.pdf'],
    ['arXiv:math/0309136', 'math.GT/0309136', 'arXiv:math.GT/0309136', 'MATH.gt/0309136'],
    ['arXiv:math/0611800v2', 'math.CA/0611800v2'],
    ['arXiv:hep-th/9901001', 'hep-th/9901001', 'http://arxiv.org/abs/hep-th/9901001#x'],
  ],
  distinct: [
    ['arXiv:1501.00001', 'arXiv:1501.00001v1'],
    ['arXiv:1501.00001v1', 'arXiv:1501.00001v2'],
    ['hep-th/9901001', 'hep-ph/9901001'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('arXiv:', '', 'https://arxiv.org/abs/', 'https://arxiv.org/pdf/', 'hep-th/', 'math.', '1501.'),
      fc.array(fc.constantFrom(...'0123456789v./-?#aGT'.split(''), '.pdf'), { maxLength: 20 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

describe('arXiv identifiers (arXiv help, "Understanding the arXiv identifier")', () => {
  it.each([
    // the table of "arXiv identifier scheme: information for interacting services"
    ['hep-th/9901001', 'arXiv:hep-th/9901001'],
    ['hep-th/9901001v1', 'arXiv:hep-th/9901001v1'],
    ['math.CA/0611800v2', 'arXiv:math/0611800v2'],
    ['0706.0001', 'arXiv:0706.0001'],
    ['0706.0001v1', 'arXiv:0706.0001v1'],
    ['9912.12345v2', 'arXiv:9912.12345v2'],
    ['1501.00001', 'arXiv:1501.00001'],
  ])('%s is %s', (input, expected) => {
    const r = arxivScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it('reads the parts', () => {
    const r = parseArxiv('math.CA/0611800v2');
    expect(r.ok && [r.value.archive, r.value.subjectClass, r.value.number, r.value.version]).toEqual([
      'math',
      'CA',
      '0611800',
      2,
    ]);
  });

  it('groups versions by article with arxivArticle', () => {
    const a = parseArxiv('1501.00001v3');
    expect(a.ok && arxivArticle(a.value)).toBe('arXiv:1501.00001');
  });

  it.each([
    ['arXiv:1412.00001', 'arxiv-number', 11],
    ['arXiv:1501.0001', 'arxiv-number', 11],
    ['arXiv:0612.0001', 'arxiv-month', 6],
    ['arXiv:0706.0001v01', 'arxiv-version', 15],
  ])('%s is %s', (input, code, offset) => {
    const r = parseArxiv(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });
});
