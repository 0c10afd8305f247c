import { shapeContract } from '@pidgate/core/testing';
import { compareArxiv, formatArxiv, normalizeArxiv, parseArxiv } from './index.ts';
import { arxivScheme } from './scheme.ts';

shapeContract(
  'arxiv',
  { parse: parseArxiv, normalize: normalizeArxiv, format: formatArxiv, compare: compareArxiv },
  {
    scheme: arxivScheme,
    valid: [
      'arXiv:0706.0001',
      'arXiv:1501.00001v1',
      'hep-th/9901001',
      'math.CA/0611800v2',
      'https://arxiv.org/abs/1501.00001v2',
      'https://arxiv.org/pdf/1501.00001v1.pdf',
    ],
    equivalent: [
      // arXiv help "Understanding the arXiv identifier": arXiv:YYMM.NNNNN is the canonical form
      ['arXiv:1501.00001', '1501.00001'],
      ['arXiv:1501.00001', 'https://arxiv.org/abs/1501.00001'],
      ['arXiv:1501.00001v2', 'https://arxiv.org/pdf/1501.00001v2.pdf'],
      // old style: the subject class is not part of the identifier (math.GT/0309136 is math/0309136)
      ['arXiv:math/0309136', 'math.GT/0309136'],
      ['arXiv:math/0611800v2', 'math.CA/0611800v2'],
    ],
    distinct: [
      // a version names one version; no version names the article
      ['arXiv:1501.00001', 'arXiv:1501.00001v1'],
      ['arXiv:1501.00001v1', 'arXiv:1501.00001v2'],
      ['hep-th/9901001', 'hep-ph/9901001'],
    ],
    invalid: ['arXiv:', 'arXiv:0706.001', 'arXiv:0613.0001', 'arXiv:foo/9901001'],
  },
);
