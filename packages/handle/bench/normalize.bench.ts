// Handle normalization throughput, in-process on one core. Target: 2 million per second.
import { benchScheme } from '@pidgate/core/bench';
import { handleScheme } from '../src/index.ts';

benchScheme({
  label: 'Handle',
  scheme: handleScheme,
  target: 2_000_000,
  samples: [
    'hdl:20.500.12345/678',
    'https://hdl.handle.net/2027/mdp.39015004544496',
    'info:hdl/1721.1/12345',
    'HDL:CNRI.DLIB/December95',
    'http://hdl.handle.net/11858/00-001M-0000-0013-3A1B-5',
  ],
});
