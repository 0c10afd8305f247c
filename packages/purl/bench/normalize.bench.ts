// PURL normalization throughput, in-process on one core. Target: 1 million per second.
import { benchScheme } from '@pidgate/core/bench';
import { purlScheme } from '../src/index.ts';

benchScheme({
  label: 'PURL',
  scheme: purlScheme,
  target: 1_000_000,
  samples: [
    'http://purl.org/dc/terms/',
    'https://purl.org/dc/elements/1.1/title',
    'http://purl.obolibrary.org/obo/GO_0008150',
    'http://purl.org/a%7eb/%c3%a9',
  ],
});
