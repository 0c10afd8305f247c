import { urnScheme } from '@pidgate/urn';
import { pdiScheme } from '../src/index.ts';

const urn: string[] = [],
  pdi: string[] = [],
  pdiPlain: string[] = [];
for (let n = 1; n <= 200_000; n++) {
  urn.push(`urn:example:oma.eop.gov.us/1997/09/01/${n}.text.1%2c${n}?+abc`);
  pdi.push(`pdi://oma.eop.gov.us/1997/09/01/${n}.text.1#char=37,51`);
  pdiPlain.push(`urn:pdi://oma.eop.gov.us/1997/09/01/${n}.text.1`);
}
function cpu(name: string, inputs: string[], fn: (s: string) => unknown) {
  let best = 0;
  for (let r = 0; r < 6; r++) {
    const b = process.cpuUsage();
    const t = performance.now();
    for (const s of inputs) fn(s);
    const u = process.cpuUsage(b);
    const wall = performance.now() - t;
    best = Math.max(best, inputs.length / ((u.user + u.system) / 1e6));
    if (r === 5)
      console.log(name, (best / 1e6).toFixed(2), 'M/s cpu', (inputs.length / wall / 1e3).toFixed(2), 'M/s wall');
  }
}
for (let k = 0; k < 2; k++) {
  cpu('urn', urn, (s) => {
    const r = urnScheme.parse(s);
    return r.ok && r.value.normalized;
  });
  cpu('pdi frag', pdi, (s) => {
    const r = pdiScheme.parse(s);
    return r.ok && r.value.normalized;
  });
  cpu('pdi plain', pdiPlain, (s) => {
    const r = pdiScheme.parse(s);
    return r.ok && r.value.normalized;
  });
}
