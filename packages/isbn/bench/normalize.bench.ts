// ISBN normalization throughput, in-process on one core. Target: 1 million per second.
import { benchScheme } from '@pidgate/core/bench';
import { isbnScheme } from '../src/index.ts';

benchScheme({
  label: 'ISBN',
  scheme: isbnScheme,
  target: 1_000_000,
  samples: [
    '978-0-395-36341-6',
    '0-395-36341-1',
    'ISBN 0-395-36341-1',
    'ISBN-13: 978-0-395-36341-6',
    '9780395363416',
    '080442957X',
  ],
});
