import { scanPwid } from '../src/parse.ts';
import { normalizeScan } from '../src/normalize.ts';
const inputs = [
  'URN:PWID:Archive.ORG:2016-01-22t11:20:29z:PAGE:HTTP://WWW.DR.DK/a%3fb=1',
  'pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/',
  'urn:pwid:archive.org:2016-01-22T112029Z:page:http://www.dr.dk/nyheder',
];
let sink = 0;
for (const s of inputs) {
  const r = scanPwid(s);
  if (!r.ok) throw new Error();
  const sc = r.value;
  for (let k = 0; k < 3; k++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < 1_000_000; i++) sink += normalizeScan(sc).length;
    const c = process.cpuUsage(c0);
    if (k === 2) console.log(s.slice(0, 30).padEnd(32), ((c.user + c.system) / 1_000_000 * 1000).toFixed(0), 'ns');
  }
  for (let k = 0; k < 3; k++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < 1_000_000; i++) { const r = scanPwid(s); if (r.ok) sink++; }
    const c = process.cpuUsage(c0);
    if (k === 2) console.log('  scan', ((c.user + c.system) / 1_000_000 * 1000).toFixed(0), 'ns');
  }
}
console.log(sink > 0);
