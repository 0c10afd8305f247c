/**
 * PWIDs normalized per second, in process, on one core: parse + validate + normalize of a mix of
 * draft-07 PWIDs (the spec's examples and typical SolrWayback output) and older forms.
 */
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

const N = 2_000_000;
let sink = 0;
function run(n: number): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const r = pwidScheme.parse(inputs[i & 7] as string);
    if (r.ok) sink += r.value.normalized.length;
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

run(200_000); // warm up
const rates: number[] = [];
for (let round = 0; round < 5; round++) rates.push(N / run(N));
rates.sort((a, b) => a - b);
const median = rates[2] as number;
console.log(`pwid normalize: ${Math.round(median).toLocaleString('en')} PWIDs/s (median of 5 rounds of ${N.toLocaleString('en')}; ${sink > 0 ? 'ok' : '?'})`);
console.log(`  rounds: ${rates.map((r) => Math.round(r).toLocaleString('en')).join(', ')}`);
