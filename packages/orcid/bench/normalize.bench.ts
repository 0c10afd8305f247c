// ORCID normalization throughput, in-process on one core. Target: 2 million per second.
import { benchScheme } from '@pidgate/core/bench';
import { orcidScheme } from '../src/index.ts';

benchScheme({
  label: 'ORCID',
  scheme: orcidScheme,
  target: 2_000_000,
  samples: [
    'https://orcid.org/0000-0002-1825-0097',
    '0000-0002-1694-233X',
    'orcid:0000000151093700',
    'http://orcid.org/0000-0002-1825-0097',
  ],
});
