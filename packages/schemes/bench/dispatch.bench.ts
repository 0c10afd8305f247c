// Recognizer calls per line: how many `recognize` calls `detect` makes on the generated mixed lists (the
// old list's mix and the catalogue mix with DOIs, Handles and ISBNs), asking every scheme in priority
// order (a plain `Registry`) against `registry`'s label and host dispatch (`src/route.ts`). Counted, not
// timed: the figures are the same on any machine. `BENCH_LINES=N` changes the list length.
import { createRegistry, type Scheme } from '@pidgate/core';
import { registry, schemes } from '../src/index.ts';
import { mixedList, NEW_MIX, OLD_MIX } from './mixed.ts';

const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const plain = createRegistry(schemes);

/** How many recognizers `detect` asks about `input`: up to the one that says yes, or every candidate. */
function asked(candidates: readonly Scheme[], found: Scheme | undefined): number {
  return found === undefined ? candidates.length : candidates.indexOf(found) + 1;
}

/** Calls per line over `lines`, asking every scheme in order and through the dispatch; the lines that differ. */
function count(lines: readonly string[]): { every: number; dispatch: number; differ: number } {
  let every = 0;
  let dispatch = 0;
  let differ = 0;
  for (const line of lines) {
    const expected = plain.detect(line);
    const found = registry.detect(line);
    if (found !== expected) differ++;
    every += asked(plain.schemes, expected);
    dispatch += asked(registry.candidates(line), found);
  }
  return { every: every / lines.length, dispatch: dispatch / lines.length, differ };
}

const lists = [
  { name: 'old list (ARK, PWID, PDI, URN, junk)', lines: mixedList(LINES, OLD_MIX) },
  { name: 'new list (DOI, Handle, ISBN added)', lines: mixedList(LINES, NEW_MIX) },
];
console.log(`recognizer calls per line, ${LINES} lines a list`);
console.log(`${''.padEnd(40)} ${'every scheme'.padStart(13)} ${'dispatch'.padStart(9)}`);
for (const { name, lines } of lists) {
  const { every, dispatch, differ } = count(lines);
  console.log(`${name.padEnd(40)} ${every.toFixed(3).padStart(13)} ${dispatch.toFixed(3).padStart(9)}`);
  if (differ > 0) console.log(`  ${differ} lines detected differently: a bug`);
}
