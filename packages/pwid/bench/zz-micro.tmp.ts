import { scanPwid } from '../src/parse.ts';
import { checkUri } from '../src/item.ts';
import { scanArchivalTime } from '../src/time.ts';
import { pwidScheme } from '../src/index.ts';
const inputs = [
  'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
  'urn:pwid:netarkivet.dk:2008-11-29T00:41:42Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Master_NF.css',
  'urn:pwid:netarkivet.dk:2009-03-03T11:53:00Z:part:http://www.susanlegetoej.dk/Shop/js/Media.js',
  'URN:PWID:Archive.ORG:2016-01-22t11:20:29z:PAGE:HTTP://WWW.DR.DK/a%3fb=1',
  'urn:pwid:archive-it.org:2019-05-02T08:15Z:site:https://www.example.org:8080/a:b/c',
  'pwid:archive.org:2016-10-20_22.26.35:site:https://www.doi.org/',
  'urn:pwid:archive.org:2016-01-22T112029Z:page:http://www.dr.dk/nyheder',
  'urn:pwid:~dkwa:2016-02-29Z:collection:~coll-2016-1',
];
const items = inputs.map((s) => s.slice(s.indexOf(':', s.indexOf('Z:') + 2) + 1));
const flatItems = items.map((s) => s.split('').join(''));
let sink = 0;
function time(name: string, f: (i: number) => void) {
  for (let r = 0; r < 3; r++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < 2_000_000; i++) f(i);
    const c = process.cpuUsage(c0);
    if (r === 2) console.log(name.padEnd(20), ((c.user + c.system) / 2_000_000 * 1000).toFixed(0), 'ns');
  }
}
time('scheme.parse', (i) => { const r = pwidScheme.parse(inputs[i & 7] as string); if (r.ok) sink += r.value.normalized.length; });
time('scanPwid', (i) => { const r = scanPwid(inputs[i & 7] as string); if (r.ok) sink++; });
time('checkUri sliced', (i) => { const r = checkUri(items[i & 7] as string); if (!('ok' in r)) sink++; });
time('checkUri flat', (i) => { const r = checkUri(flatItems[i & 7] as string); if (!('ok' in r)) sink++; });
time('slice only', (i) => { const s = inputs[i & 7] as string; sink += s.slice(10).length + s.slice(3, 9).length+ s.slice(12, 20).length+ s.slice(20, 30).length+ s.slice(1, 4).length; });
time('time', (i) => { const r = scanArchivalTime('urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk', 21, 'source'); if (!('ok' in r)) sink++; });
console.log(sink > 0);
