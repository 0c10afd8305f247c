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
/** Seconds of wall-clock time and of this process's own CPU time (user + system) for `n` normalizations. */
function run(n: number): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const r = pwidScheme.parse(inputs[i & 7] as string);
    if (r.ok) sink += r.value.normalized.length;
  }
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

run(200_000); // warm up
const wall: number[] = [];
const cpu: number[] = [];
for (let round = 0; round < 7; round++) {
  const t = run(N);
  wall.push(N / t.wall);
  cpu.push(N / t.cpu);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const fmt = (x: number) => Math.round(x).toLocaleString('en');
// The CPU-time rate is what one core does however busy the machine is (it includes GC on this thread).
console.log(`pwid normalize: ${fmt(median(cpu))} PWIDs per CPU-second on one core (median of 7 rounds of ${fmt(N)})`);
console.log(
  `  wall clock:   ${fmt(median(wall))} PWIDs/s (best ${fmt(Math.max(...wall))}; lower when other processes share the core)`,
);
if (sink === 0) console.log('  (no PWID parsed?)');
