/**
 * PDI normalization throughput, in-process, one core: a mix of the draft's examples and their
 * variants (cases, defaults, escapes, wildcards, citations). Target: 1 million per second.
 */
import { measure, report } from '@pidgate/core/bench';
import { normalizePdi, parsePdi, pdiScheme } from '../src/index.ts';

const SHAPES = [
  'pdi://oma.eop.gov.us/1997/09/01/{n}.text.1#char=37,51',
  'URN:PDI://OMA.EOP.GOV.US/1997/09/01/{n}.TEXT.1#37,51',
  'pdi://oma.eop.gov.us/1994/10/20/http%3a%2f%2fwww%2ewhitehouse%2egov%2f{n}.html.1',
  'pdi://images.satellite.nasa.gov.us/1997/09/30/{n}.gif.1#(5,10),(25,30)',
  'urn:pdi://a.us/1997/09/30/{n}.video%2bmpeg.1#sec,23,51',
  'urn:pdi://oma.eop.gov.us/1997/09/01/{n}',
  'urn:pdi://oma.eop.gov.us/1997/09/*/*',
  'urn:pdi://a.us/1997/09/30/{n}.html.1@37=pdi://b.us/1990/01/01/2.text.1#char=0,10',
];

const inputs: string[] = [];
for (let n = 1; n <= 25_000; n++) for (const shape of SHAPES) inputs.push(shape.replace('{n}', String(n)));

const TARGET = 1_000_000;
const parseAndNormalize = (s: string) => {
  const r = pdiScheme.parse(s);
  return r.ok && r.value.normalized;
};
report(measure('pdi: parse + normalize (pdiScheme.parse)', inputs, parseAndNormalize), TARGET);

/**
 * The same, timed in CPU time of this process rather than wall-clock time, so that a machine
 * shared with other work still gives the one-core figure (best of `rounds`).
 */
function perCpuSecond(items: readonly string[], fn: (s: string) => unknown, rounds = 5): number {
  let best = 0;
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    for (const s of items) sink ^= fn(s) ? 1 : 0;
    const used = process.cpuUsage(before);
    best = Math.max(best, items.length / ((used.user + used.system) / 1e6));
  }
  if (sink === 42) console.log('');
  return best;
}
report(
  { name: 'pdi: parse + normalize, per CPU second', opsPerSecond: perCpuSecond(inputs, parseAndNormalize) },
  TARGET,
);

const records = inputs.map((s) => {
  const r = parsePdi(s);
  if (!r.ok) throw new Error(`${s}: ${r.error.code}`);
  return r.value;
});
const indexes = records.map((_, i) => String(i));
const normalizeRecord = (i: string) => normalizePdi(records[Number(i)] as never);
report(measure('pdi: normalizePdi of parsed records', indexes, normalizeRecord), TARGET);
report({ name: 'pdi: normalizePdi, per CPU second', opsPerSecond: perCpuSecond(indexes, normalizeRecord) }, TARGET);

// Each shape alone, to show where the time goes (no target: the mix above is the measure).
// Wall-clock figure first, then per CPU second.
for (const shape of SHAPES) {
  const one = inputs.filter((_, i) => i % SHAPES.length === SHAPES.indexOf(shape));
  const wall = measure(`  ${shape.replace('{n}', 'N').slice(0, 46)}`, one, parseAndNormalize, 3);
  const cpu = perCpuSecond(one, parseAndNormalize, 3);
  console.log(
    `${wall.name.padEnd(48)} ${`${(wall.opsPerSecond / 1e6).toFixed(2)} M/s`.padStart(10)}  (CPU ${(cpu / 1e6).toFixed(2)} M/s)`,
  );
}
