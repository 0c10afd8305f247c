// `pidgate normalize`'s work per line (registry.parse, the JSON record, the output line), on the old
// mixed list with today's four schemes and with every scheme, and on the list with DOIs, Handles and
// ISBNs added. Target: the new list with every scheme keeps 90% of the old list's throughput.
import { arkScheme } from '@pidgate/ark';
import { createRegistry, normalizeRecord, type Registry } from '@pidgate/core';
import { pdiScheme } from '@pidgate/pdi';
import { pwidScheme } from '@pidgate/pwid';
import { urnScheme } from '@pidgate/urn';
import { registry } from '../src/index.ts';
import { mixedList, NEW_MIX, OLD_MIX } from './mixed.ts';

const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const ROUNDS = 7;
const oldList = mixedList(LINES, OLD_MIX);
const newList = mixedList(LINES, NEW_MIX);
const oldRegistry = createRegistry([arkScheme, pwidScheme, pdiScheme, urnScheme]);

/** One pass of the normalize command's inner loop over `lines`; returns the output length. */
function pass(reg: Registry, lines: readonly string[]): number {
  let out = '';
  let total = 0;
  for (let i = 0; i < lines.length; i++) {
    out += `${JSON.stringify(normalizeRecord(reg, lines[i] as string))}\n`;
    if (out.length > 65_536) {
      total += out.length;
      out = '';
    }
  }
  return total + out.length;
}

const cases = [
  { name: 'old list, ark/pwid/pdi/urn only', reg: oldRegistry, lines: oldList },
  { name: 'old list, every scheme', reg: registry, lines: oldList },
  { name: 'new list (DOI, Handle, ISBN added), every scheme', reg: registry, lines: newList },
];
const bestWall = cases.map(() => Number.POSITIVE_INFINITY);
const bestCpu = cases.map(() => Number.POSITIVE_INFINITY);
let sink = 0;
for (const c of cases) for (let w = 0; w < 2; w++) sink += pass(c.reg, c.lines);
// rounds interleave the cases, so that a busy moment on a shared machine hits them all alike; each is
// timed by the wall clock and by this process's CPU time (which other processes on the machine disturb less)
for (let r = 0; r < ROUNDS; r++) {
  cases.forEach((c, i) => {
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    sink += pass(c.reg, c.lines);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    bestWall[i] = Math.min(bestWall[i] as number, seconds);
    bestCpu[i] = Math.min(bestCpu[i] as number, (used.user + used.system) / 1e6);
  });
}
if (sink === 42) console.log('');

const wall = (i: number) => LINES / (bestWall[i] as number);
const cpu = (i: number) => LINES / (bestCpu[i] as number);
const ok = (lines: readonly string[], reg: Registry) => lines.filter((l) => reg.parse(l).ok).length;
const num = (x: number) => Math.round(x).toLocaleString('en').padStart(10);
console.log(`pidgate normalize, in process: ${LINES} lines a list, best of ${ROUNDS} interleaved rounds`);
console.log(`${''.padEnd(52)} ${'lines/s'.padStart(10)} ${'per CPU s'.padStart(10)}`);
cases.forEach((c, i) => {
  const parsed = ((100 * ok(c.lines, c.reg)) / LINES).toFixed(1);
  console.log(`${c.name.padEnd(52)} ${num(wall(i))} ${num(cpu(i))}  (${parsed}% parse)`);
});
const ratio = cpu(2) / cpu(0);
console.log(
  `ratio new list, every scheme / old list, today's schemes: ${(wall(2) / wall(0)).toFixed(3)} (wall), ${ratio.toFixed(3)} (CPU)`,
);
console.log(
  `ratio old list, every scheme / old list, today's schemes: ${(wall(1) / wall(0)).toFixed(3)} (wall), ${(cpu(1) / cpu(0)).toFixed(3)} (CPU)`,
);
console.log(`target: ratio (CPU) >= 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
