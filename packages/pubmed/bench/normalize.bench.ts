// PMID normalization throughput, in-process on one core. Target: 2 million per second.
import { createRegistry } from '@pidgate/core';
import { measure, report } from '@pidgate/core/bench';
import { pmidScheme } from '../src/index.ts';

const TARGET = 2_000_000;
const samples = [
  'PMID: 12345',
  'pmid:31452104',
  'https://pubmed.ncbi.nlm.nih.gov/12345/',
  'http://www.ncbi.nlm.nih.gov/pubmed/12345',
];
const inputs = Array.from({ length: 100_000 }, (_, i) => samples[i % samples.length] as string);
for (const s of samples) if (!pmidScheme.parse(s).ok) throw new Error(`sample does not parse: ${s}`);
const registry = createRegistry([pmidScheme]);
const normalized = (s: string) => {
  const r = pmidScheme.parse(s);
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

console.log(`PMID normalization, ${inputs.length} identifiers a round (${samples.length} shapes), best of 7 rounds`);
report(measure('pmidScheme.parse(...).normalized', inputs, normalized), TARGET);
report(measure('registry.normalize (with dispatch)', inputs, (s) => registry.normalize(s).ok));
perCpuSecond('pmidScheme.parse(...).normalized', normalized);
