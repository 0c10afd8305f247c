// DOI normalization throughput, in-process on one core. Target: 2 million per second.
import { createRegistry } from '@pidgate/core';
import { measure, report } from '@pidgate/core/bench';
import { doiScheme } from '../src/index.ts';

const TARGET = 2_000_000;
const samples = [
  'doi:10.1000/182',
  '10.1000/182',
  'DOI: 10.1038/nature.2012.9872',
  'https://doi.org/10.1000/456%23789',
  'http://dx.doi.org/10.1016/S0140-6736(20)30183-5',
  'urn:doi:10.123:456',
  'info:doi/10.5281/ZENODO.1234',
  'hdl:10.1000/182',
];
const inputs = Array.from({ length: 100_000 }, (_, i) => samples[i % samples.length] as string);
for (const s of samples) if (!doiScheme.parse(s).ok) throw new Error(`sample does not parse: ${s}`);
const registry = createRegistry([doiScheme]);
const normalized = (s: string) => {
  const r = doiScheme.parse(s);
  return r.ok && r.value.normalized;
};

/**
 * Identifiers per second of this process's CPU time (user + system), best of 7 rounds: on a machine
 * shared with other work, wall-clock rates fall with the load while CPU-time rates show the cost.
 */
function perCpuSecond(name: string, fn: (s: string) => unknown): void {
  let sink = 0;
  for (let r = 0; r < 3; r++) for (const s of inputs) sink ^= fn(s) ? 1 : 0;
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 7; r++) {
    const started = process.cpuUsage();
    for (const s of inputs) sink ^= fn(s) ? 1 : 0;
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  report({ name: `${name}, per CPU second${sink === 42 ? ' ' : ''}`, opsPerSecond: inputs.length / best }, TARGET);
}

console.log(`DOI normalization, ${inputs.length} identifiers a round (${samples.length} shapes), best of 7 rounds`);
report(measure('doiScheme.parse(...).normalized', inputs, normalized), TARGET);
report(measure('registry.normalize (with dispatch)', inputs, (s) => registry.normalize(s).ok));
perCpuSecond('doiScheme.parse(...).normalized', normalized);
