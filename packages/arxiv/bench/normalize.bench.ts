// arXiv normalization throughput, in-process on one core. Target: 2 million per second.
import { benchScheme } from '@pidgate/core/bench';
import { arxivScheme } from '../src/index.ts';

benchScheme({
  label: 'arXiv',
  scheme: arxivScheme,
  target: 2_000_000,
  samples: [
    'arXiv:1501.00001v2',
    '1501.00001',
    'hep-th/9901001',
    'math.GT/0309136',
    'https://arxiv.org/abs/0706.0001',
    'https://arxiv.org/pdf/1501.00001v1.pdf',
  ],
});
