/**
 * Time is linear in the input's length: on runs of one character, 16 times the length takes far less than
 * 256 times the time (`expectLinear`: a ratio of two measurements in the same run, no wall-clock budget).
 */
import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import { parseAnvl, serializeAnvl } from './anvl.ts';
import { parseErc, serializeErc } from './erc.ts';
import { decodeErcEscapes, encodeErcEscapes } from './escapes.ts';
import { parseTemper } from './temper.ts';
import { naturalOrder, parseErcValue, splitValues } from './value.ts';

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
// The short input; the long one is 16 times as long. Small enough that what a reader allocates stays in
// V8's young generation and the CPU's caches: a run of '|' makes one value object per character, and from
// 16,384 of them on (1024 × 16) the cost per value jumps (measured: `splitValues` 16.5× at 256 → 4096 and
// 512 → 8192, but 50-60× at 1024 → 16384), which is the memory hierarchy, not the algorithm. A quadratic
// scan still takes 256 times as long at this size.
const SIZE = 256;

function everyReader(input: string): void {
  const records = parseAnvl(input);
  parseErc(input);
  serializeAnvl(records, { width: 72 });
  parseErcValue(input);
  naturalOrder(`,${input}`);
  splitValues(input);
  decodeErcEscapes(input);
  encodeErcEscapes(input);
  parseTemper(input);
}

describe('runs of one character', () => {
  it.each(CHARS)('%j', (c) => {
    const shapes = [
      (run: string) => run,
      (run: string) => `erc: ${run}`,
      (run: string) => `who: ${run}`,
      (run: string) => `who:\n ${run}`,
      (run: string) => `erc:\nwho: %{${run}`,
      (run: string) => `(:${run}`,
      (run: string) => `[${run}`,
    ];
    for (const shape of shapes) {
      expectLinear((n) => shape(c.repeat(n)), everyReader, { size: SIZE, what: shape(c) });
    }
  });

  it('many short elements and records', () => {
    const segment = 'erc:\nwho: a | b\nwhat: c\nwhen: 2000\nwhere: d\n';
    const record = 'erc:\nwho: a\nwhat: c\nwhen: 2000\nwhere: d\n\n';
    expectLinear((n) => record.repeat(n), parseAnvl, { size: 125, what: 'records' });
    expectLinear((n) => segment.repeat(n), parseErc, { size: 125, what: 'segments' });
    const r = parseErc(segment.repeat(1000));
    expect(r.ok && r.value.segments.length).toBe(1000); // every "erc:" opens a segment
    const withElements = (n: number) => {
      const ok = parseErc(`erc:\nwho: a\nwhat: b\nwhen: 1\nwhere: c\n${'in: x | y\n'.repeat(n)}`);
      expect(ok.ok).toBe(true);
      return ok.ok ? ok.value : undefined;
    };
    expectLinear(withElements, (erc) => erc && serializeErc(erc), { size: 125, what: 'elements' });
  });
});
