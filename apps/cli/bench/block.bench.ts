// Where normalize's time goes, in one thread, without process start: registry.parse alone, the
// normalize record, the record written as a JSON line (a string, or UTF-8 bytes as normalize writes it),
// and normalizeBlock (all of it: splitting, normalizing, writing UTF-8) on the bench list. Best of 7
// warm passes: the first pass of a process (JIT warm-up) is slower, see `npm run bench:cli`.
import { normalizeRecord } from '@pidgate/core';
import { registry } from '@pidgate/schemes';
import { mixedList } from '../../../packages/schemes/bench/mixed.ts';
import { LineWriter, normalizeBlock, recordLine } from '../src/normalize-block.ts';

const lines = mixedList(Number(process.env.BENCH_LINES ?? 200_000));
// Blocks of about 128 KiB, as `pidgate normalize` cuts them.
const blocks: string[] = [];
for (let i = 0; i < lines.length; i += 3000) blocks.push(`${lines.slice(i, i + 3000).join('\n')}\n`);
const best = (f: () => number) => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    f();
    min = Math.min(min, performance.now() - t);
  }
  return min;
};
const rate = (ms: number) => `${Math.round((lines.length / ms) * 1000).toLocaleString('en')} lines/s`;
const sink = 0;
console.log(
  `registry.parse:        ${rate(best(() => lines.reduce((n, l) => n + (registry.parse(l).ok ? 1 : 0), 0)))}`,
);
console.log(
  `normalizeRecord:       ${rate(best(() => lines.reduce((n, l) => n + (normalizeRecord(registry, l).ok ? 1 : 0), 0)))}`,
);
console.log(
  `+ recordLine:          ${rate(best(() => lines.reduce((n, l) => n + recordLine(normalizeRecord(registry, l)).length, 0)))}`,
);
console.log(
  `+ JSON.stringify:      ${rate(best(() => lines.reduce((n, l) => n + JSON.stringify(normalizeRecord(registry, l)).length, 0)))}`,
);
const writer = new LineWriter(1 << 20);
console.log(
  `+ LineWriter (UTF-8):  ${rate(
    best(() =>
      lines.reduce((n, l) => {
        writer.record(normalizeRecord(registry, l));
        const written = writer.length;
        if (written > 1 << 19) writer.length = 0;
        return n + written;
      }, 0),
    ),
  )}`,
);
const options = { profile: 'source', trim: false, keepForms: false } as const;
console.log(
  `normalizeBlock (all):  ${rate(best(() => blocks.reduce((n, b) => n + normalizeBlock(registry, b, options).out.length, 0)))}`,
);
if (sink < 0) console.log(sink);
