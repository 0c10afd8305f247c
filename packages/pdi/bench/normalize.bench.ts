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
 * shared with other work still gives the one-core figure.
 */
function perCpuSecond(fn: (s: string) => unknown): number {
  let best = 0;
  for (let round = 0; round < 5; round++) {
    const before = process.cpuUsage();
    for (const s of inputs) fn(s);
    const used = process.cpuUsage(before);
    best = Math.max(best, inputs.length / ((used.user + used.system) / 1e6));
  }
  return best;
}
report({ name: 'pdi: parse + normalize, per CPU second', opsPerSecond: perCpuSecond(parseAndNormalize) }, TARGET);

const records = inputs.map((s) => {
  const r = parsePdi(s);
  if (!r.ok) throw new Error(`${s}: ${r.error.code}`);
  return r.value;
});
const indexes = records.map((_, i) => String(i));
report(
  measure('pdi: normalizePdi of parsed records', indexes, (i) => normalizePdi(records[Number(i)] as never)),
  TARGET,
);

// Each shape alone, to show where the time goes (no target: the mix above is the measure).
for (const shape of SHAPES) {
  const one = inputs.filter((_, i) => i % SHAPES.length === SHAPES.indexOf(shape));
  report(measure(`  ${shape.replace('{n}', 'N').slice(0, 46)}`, one, parseAndNormalize, 3));
}
