/** Time is linear in the input's length: 1 MB runs of one character never take long. */
import { describe, expect, it } from 'vitest';
import { parseAnvl, serializeAnvl } from './anvl.ts';
import { parseErc, serializeErc } from './erc.ts';
import { decodeErcEscapes, encodeErcEscapes } from './escapes.ts';
import { parseTemper } from './temper.ts';
import { naturalOrder, parseErcValue, splitValues } from './value.ts';

const MB = 1 << 20;
const CHARS = [
  'a',
  ' ',
  '\n',
  '\r',
  '\t',
  ':',
  '#',
  '|',
  '%',
  ',',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '!',
  '.',
  '_',
  '-',
  '0',
  '/',
];
// generous for a shared machine, and still far below what a quadratic scan of 1 MB takes
const BUDGET_MS = 4000;
const N = Math.floor(MB / 40);

function timed(f: () => void): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

describe('1 MB runs of one character', () => {
  it.each(CHARS)('%j', (c) => {
    const run = c.repeat(MB);
    const inputs = [run, `erc: ${run}`, `who: ${run}`, `who:\n ${run}`, `erc:\nwho: %{${run}`, `(:${run}`, `[${run}`];
    for (const input of inputs) {
      const ms = timed(() => {
        const records = parseAnvl(input);
        parseErc(input);
        serializeAnvl(records, { width: 72 });
        parseErcValue(input);
        naturalOrder(`,${input}`);
        splitValues(input);
        decodeErcEscapes(input);
        encodeErcEscapes(input);
        parseTemper(input);
      });
      expect(ms, `${JSON.stringify(input.slice(0, 12))}...`).toBeLessThan(BUDGET_MS);
    }
  });

  it('many short elements and records', () => {
    const text = 'erc:\nwho: a | b\nwhat: c\nwhen: 2000\nwhere: d\n'.repeat(N);
    const records = 'erc:\nwho: a\nwhat: c\nwhen: 2000\nwhere: d\n\n'.repeat(N);
    expect(timed(() => parseAnvl(records))).toBeLessThan(BUDGET_MS);
    let r: ReturnType<typeof parseErc> | undefined;
    expect(timed(() => (r = parseErc(text)))).toBeLessThan(BUDGET_MS);
    expect(r?.ok && r.value.segments.length).toBe(N); // every "erc:" opens a segment
    const ok = parseErc(`erc:\nwho: a\nwhat: b\nwhen: 1\nwhere: c\n${'in: x | y\n'.repeat(MB / 10)}`);
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(timed(() => serializeErc(ok.value))).toBeLessThan(BUDGET_MS);
  });
});
