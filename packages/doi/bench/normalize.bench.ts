// DOI normalization throughput, in-process on one core. Target: 2 million per second.
import { benchScheme } from '@pidgate/core/bench';
import { doiScheme } from '../src/index.ts';

benchScheme({
  label: 'DOI',
  scheme: doiScheme,
  target: 2_000_000,
  samples: [
    'doi:10.1000/182',
    '10.1000/182',
    'DOI: 10.1038/nature.2012.9872',
    'https://doi.org/10.1000/456%23789',
    'http://dx.doi.org/10.1016/S0140-6736(20)30183-5',
    'urn:doi:10.123:456',
    'info:doi/10.5281/ZENODO.1234',
    'hdl:10.1000/182',
  ],
});
