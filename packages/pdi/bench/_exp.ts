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
function cpu(name: string, inputs: string[], fn: (s: string) => unknown) {
  let best = 0;
  let sink = 0;
  for (let r = 0; r < 8; r++) {
    const b = process.cpuUsage();
    for (const s of inputs) sink ^= fn(s) ? 1 : 0;
    const u = process.cpuUsage(b);
    best = Math.max(best, inputs.length / ((u.user + u.system) / 1e6));
  }
  console.log(name.padEnd(50), (best / 1e6).toFixed(2), 'M/s', sink === 42 ? '' : '');
}
const all: string[] = [];
for (let n = 1; n <= 25000; n++)
  for (const s of SHAPES)
    all.push(process.env.FLAT ? Buffer.from(s.replace('{n}', String(n))).toString() : s.replace('{n}', String(n)));
const which = process.argv[2] ?? 'all';
cpu('mix scheme.parse', all, (s) => {
  const r = pdiScheme.parse(s);
  return r.ok && r.value.normalized;
});
cpu('mix parsePdi', all, (s) => parsePdi(s).ok);
cpu('mix parse+normalizePdi', all, (s) => {
  const r = parsePdi(s);
  return r.ok && normalizePdi(r.value);
});
if (which === 'shapes')
  for (const sh of SHAPES) {
    const one = all.filter((_, i) => i % SHAPES.length === SHAPES.indexOf(sh));
    cpu('  ' + sh.slice(0, 46), one, (s) => {
      const r = pdiScheme.parse(s);
      return r.ok && r.value.normalized;
    });
    cpu('    parsePdi', one, (s) => parsePdi(s).ok);
  }
