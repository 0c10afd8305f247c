// PMID normalization throughput, in-process on one core. Target: 2 million per second.
import { benchScheme } from '@pidgate/core/bench';
import { pmidScheme } from '../src/index.ts';

benchScheme({
  label: 'PMID',
  scheme: pmidScheme,
  target: 2_000_000,
  samples: [
    'PMID: 12345',
    'pmid:31452104',
    'https://pubmed.ncbi.nlm.nih.gov/12345/',
    'http://www.ncbi.nlm.nih.gov/pubmed/12345',
  ],
});
