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
    // today's version of the table (info.arxiv.org) adds these rows
    ['0704.0001', 'arXiv:0704.0001'],
    ['0704.0001v1', 'arXiv:0704.0001v1'],
    ['1412.7878', 'arXiv:1412.7878'],
    // its "URLs for standard arXiv functions": /abs/id, /abs/id?fmt=txt, /pdf/id.pdf
    ['https://arxiv.org/abs/hep-th/9901001', 'arXiv:hep-th/9901001'],
    ['https://arxiv.org/abs/0706.0001?fmt=txt', 'arXiv:0706.0001'],
    ['https://arxiv.org/pdf/hep-th/9901001.pdf', 'arXiv:hep-th/9901001'],
    ['https://arxiv.org/pdf/1501.00001.pdf', 'arXiv:1501.00001'],
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

describe('inveniosoftware/idutils tests/test_idutils.py, arXiv cases (input, idutils normalize_pid)', () => {
  it.each([
    ['arXiv:1310.2590', 'arXiv:1310.2590'],
    ['arxiv:1310.2590', 'arXiv:1310.2590'],
    ['1310.2590', 'arXiv:1310.2590'],
    ['math.GT/0309136', 'arXiv:math/0309136'],
    ['hep-th/9901001v27', 'arXiv:hep-th/9901001v27'],
    ['arxiv:math.GT/0309136v2', 'arXiv:math/0309136v2'],
    ['arXiv:hep-th/9901001v27', 'arXiv:hep-th/9901001v27'],
    ['9912.12345v2', 'arXiv:9912.12345v2'],
    // a new-style identifier after its primary category: "technically malformed, however appears in real data"
    ['arXiv:hep-th/1601.07616', 'arXiv:1601.07616'],
    ['hep-th/1601.07616', 'arXiv:1601.07616'],
    // idutils' to_url landing pages: http://arxiv.org/abs/ + the normalized identifier, label and all
    ['http://arxiv.org/abs/arXiv:1310.2590', 'arXiv:1310.2590'],
    ['http://arxiv.org/abs/arXiv:math/0309136v2', 'arXiv:math/0309136v2'],
    ['http://arxiv.org/abs/arXiv:hep-th/9901001v27', 'arXiv:hep-th/9901001v27'],
  ])('%s is %s', (input, expected) => {
    const r = arxivScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it('keeps the archive written before a new-style identifier as written, not in the identifier', () => {
    const r = parseArxiv('math.GT/1501.00001v2');
    expect(r.ok && [r.value.archive, r.value.subjectClass, r.value.number, r.value.version]).toEqual([
      'math',
      'GT',
      '1501.00001',
      2,
    ]);
  });

  it.each([
    // archives opened after April 2007 have no old-style identifiers
    ['stat/0601001', 'arxiv-archive', 0],
    ['arXiv:q-fin/0601001', 'arxiv-archive', 6],
    ['foo/1601.07616', null, null],
    ['arXiv:foo/1601.07616', 'arxiv-archive', 6],
    ['hep-th/1412.00001', 'arxiv-number', 12],
  ])('%s is %s', (input, code, offset) => {
    const r = parseArxiv(input);
    if (code === null) expect(arxivScheme.recognize(input)).toBe(false);
    else expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it.each([
    ['stat/1601.00001', 'arXiv:1601.00001'],
    ['econ.EM/1801.00001', 'arXiv:1801.00001'],
  ])('reads a new archive before a new-style identifier: %s is %s', (input, expected) => {
    const r = arxivScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });
});

describe('arXiv help, "Understanding the arXiv identifier": the stamp and the citation', () => {
  it.each([
    // "the stamp added to the side of the PDF versions of arXiv papers has the form: arXiv:0706.0001v1 [q-bio.CB]"
    ['arXiv:0706.0001v1 [q-bio.CB]', 'arXiv:0706.0001v1'],
    ['arXiv:1501.00001 [hep-th]', 'arXiv:1501.00001'],
    ['0706.0001v1 [q-bio.CB]', 'arXiv:0706.0001v1'],
    ['arXiv:hep-th/9901001 [hep-th]', 'arXiv:hep-th/9901001'],
    ['arXiv:2001.00001 [physics.acc-ph]', 'arXiv:2001.00001'],
    // reference lists put a space after the label
    ['arXiv: 1501.00001', 'arXiv:1501.00001'],
    ['arXiv: hep-th/9901001v2 [hep-th]', 'arXiv:hep-th/9901001v2'],
  ])('%s is %s (the category is classification, not identity)', (input, expected) => {
    const r = arxivScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it.each([
    ['arXiv:0706.0001v1 [q-bio.CB', 'arxiv-trailing', 27],
    ['arXiv:0706.0001v1 [q-bio.CB] 1 Jun 2007', 'arxiv-trailing', 28],
    ['arXiv:0706.0001v1 [bio.CB]', 'arxiv-archive', 19],
    ['arXiv:0706.0001v1 [q-bio.]', 'arxiv-subject-class', 25],
    ['arXiv:0706.0001v1  [q-bio]', 'arxiv-trailing', 17],
    ['arXiv:  1501.00001', 'arxiv-form', 7],
    ['https://arxiv.org/abs/0706.0001v1 [q-bio.CB]', 'arxiv-trailing', 33],
  ])('%s is %s', (input, code, offset) => {
    const r = parseArxiv(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('round-trips the stamp through format', () => {
    const r = parseArxiv('arXiv:0706.0001v1 [q-bio.CB]');
    expect(r.ok && arxivScheme.format(r.value)).toBe('arXiv:0706.0001v1 [q-bio.CB]');
  });
});

describe('arxiv.org URLs written without http(s)://', () => {
  it.each([
    ['arxiv.org/abs/1501.00001', 'arXiv:1501.00001'],
    ['www.arxiv.org/abs/hep-th/9901001v2', 'arXiv:hep-th/9901001v2'],
    ['export.arxiv.org/pdf/1501.00001v1.pdf', 'arXiv:1501.00001v1'],
  ])('%s is %s', (input, expected) => {
    const r = arxivScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it('claims no other arxiv.org path', () => {
    expect(arxivScheme.recognize('arxiv.org/list/hep-th/new')).toBe(false);
  });
});

describe('arXiv/arxiv-base (arXiv’s own identifier code and tests)', () => {
  it.each([
    // arxiv/identifier/tests.py
    ['math/9901123', 'arXiv:math/9901123'],
    ['hep-ex/9901123', 'arXiv:hep-ex/9901123'],
    ['gr-qc/9901123', 'arXiv:gr-qc/9901123'],
    ['math.NA/9901123', 'arXiv:math/9901123'],
    ['cs.DB/9901123', 'arXiv:cs/9901123'],
    ['gr-qc/9901123v3', 'arXiv:gr-qc/9901123v3'],
    ['1202.1234', 'arXiv:1202.1234'],
    ['1202.1234v1', 'arXiv:1202.1234v1'],
    // test_odd_mashup, "identifier that combines old- and new-style", with a 1501+ month
    ['hep-ph/1503.12345v12', 'arXiv:1503.12345v12'],
    // ARXIV_REGEX takes "V" as well as "v"
    ['arXiv:1501.00001V2', 'arXiv:1501.00001v2'],
    // test_arxiv_identifier.py: a trailing "/" (on a URL here)
    ['https://arxiv.org/abs/physics/0303098/', 'arXiv:physics/0303098'],
    ['https://arxiv.org/abs/1501.00001v1/', 'arXiv:1501.00001v1'],
  ])('%s is %s', (input, expected) => {
    const r = arxivScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it.each([
    // Identifier refuses a sequence number of 0; the help page: "starting at 0001" / "starting at 00001"
    ['1501.00000', 'arxiv-number', 5],
    ['0704.0000', 'arxiv-number', 5],
    ['hep-th/9901000', 'arxiv-number', 11],
    // tests.py takes 1203.12345 (its regex allows 4 or 5 digits in any month); the help page: "From 0704
    // through 1412 it is 4-digits"
    ['1203.12345', 'arxiv-number', 5],
    ['hep-ph/1203.12345v12', 'arxiv-number', 12],
    ['https://arxiv.org/abs/1501.00001//', 'arxiv-trailing', 33],
  ])('%s is %s', (input, code, offset) => {
    const r = parseArxiv(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });
});

describe('the old scheme’s range, "Identifiers up to March 2007 (9107-0703)" (info.arxiv.org)', () => {
  it.each([
    ['hep-th/9107001', 'arXiv:hep-th/9107001'],
    ['hep-th/9108001', 'arXiv:hep-th/9108001'],
    ['math/0703001', 'arXiv:math/0703001'],
  ])('%s is %s', (input, expected) => {
    const r = arxivScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it.each(['hep-th/9106001', 'math/0704001'])('%s is outside it: arxiv-month', (input) => {
    const r = parseArxiv(input);
    expect(r.ok ? null : r.error.code).toBe('arxiv-month');
  });
});

describe('arxiv.org /html/ and /ps/ URLs (issue 26)', () => {
  const key = (s: string) => {
    const r = arxivScheme.parse(s);
    return r.ok ? [r.value.components.form, r.value.normalized] : r.error.code;
  };
  it.each([
    ['https://arxiv.org/html/2301.00001v2', 'html', 'arXiv:2301.00001v2'],
    ['https://arxiv.org/html/2301.00001v2/', 'html', 'arXiv:2301.00001v2'],
    ['https://arxiv.org/html/2301.00001v2#S3', 'html', 'arXiv:2301.00001v2'],
    ['arxiv.org/html/2301.00001', 'html', 'arXiv:2301.00001'],
    ['https://arxiv.org/ps/hep-th/9901001v1', 'ps', 'arXiv:hep-th/9901001v1'],
    ['http://export.arxiv.org/ps/1501.00001', 'ps', 'arXiv:1501.00001'],
  ])('%s', (input, form, normalized) => {
    expect(key(input)).toEqual([form, normalized]);
  });
  it('keeps .pdf to /pdf/ and refuses other paths', () => {
    expect(key('https://arxiv.org/html/2301.00001v2.pdf')).toBe('arxiv-trailing');
    expect(key('https://arxiv.org/format/2301.00001')).toBe('arxiv-label');
  });
});
