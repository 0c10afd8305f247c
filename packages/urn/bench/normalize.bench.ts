// Generic URN normalization throughput, in-process on one core. Target: 2 million per second.
import { createRegistry } from '@pidgate/core';
import { measure, report } from '@pidgate/core/bench';
import { urnScheme } from '../src/index.ts';

const samples = [
  'urn:example:a123,z456',
  'URN:EXAMPLE:a123%2cz456?+x#y',
  'urn:nbn:de:bvb:19-146642',
  'urn:isbn:0-395-36341-1',
  'urn:ietf:rfc:8141',
  'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
  'urn:example:weather?=op=map&lat=39.56&lon=-104.85',
  'urn:nbn:fi:jyu-201908283959',
];
const inputs = Array.from({ length: 100_000 }, (_, i) => samples[i % samples.length] as string);
const registry = createRegistry([urnScheme]);

console.log(`generic URN normalization, ${inputs.length} identifiers a round, best of 7 rounds`);
report(
  measure('urnScheme.parse(...).normalized', inputs, (s) => {
    const r = urnScheme.parse(s);
    return r.ok && r.value.normalized;
  }),
  2_000_000,
);
report(
  measure('registry.normalize (with dispatch)', inputs, (s) => registry.normalize(s).ok),
  2_000_000,
);
