import {
  type EquivalenceLevel,
  isLineTooLong,
  type NormalizeRecord,
  normalizeRecord,
  type Profile,
  trimSurroundingSpace,
} from '@pidgate/core';
import { registry, urlOf } from '@pidgate/schemes';
import { type Io, write } from './io.ts';
import { lineBatches, type Source } from './lines.ts';
import { tooLongMessage } from './max-line.ts';
import { recordLine } from './normalize-block.ts';
import type { Progress } from './progress.ts';
import type { Tally } from './tally.ts';

export interface UniqueOptions {
  readonly profile: Profile;
  readonly level: EquivalenceLevel;
  readonly trim: boolean;
  readonly maxLineLength: number;
}

/**
 * `pidgate normalize --unique` on text: one JSON line per equivalence class at `level`, the record of its
 * first line with `"count"` added, in order of first appearance. A line that is no identifier is its own
 * class with the lines of the same text. Memory holds one record per class.
 */
export async function normalizeUnique(
  io: Io,
  sources: readonly Source[],
  options: UniqueOptions,
  bar: Progress,
  tally: Tally,
): Promise<void> {
  const { profile, level, trim, maxLineLength } = options;
  const classes = new Map<string, { record: NormalizeRecord; count: number }>();
  const add = (key: string, record: () => NormalizeRecord) => {
    const seen = classes.get(key);
    if (seen) seen.count++;
    else classes.set(key, { record: record(), count: 1 });
  };
  for (const source of sources) {
    for await (const lines of lineBatches(source.stream, bar.bytes, maxLineLength)) {
      for (const raw of lines) {
        if (isLineTooLong(raw)) {
          const message = tooLongMessage(raw.length, maxLineLength, 'characters');
          tally.add({ ok: false, error: { code: 'line-too-long' } });
          add(`x${raw.head}`, () => ({
            input: raw.head,
            ok: false,
            error: { code: 'line-too-long', message, offset: null },
          }));
          continue;
        }
        const input = trim ? trimSurroundingSpace(raw) : raw;
        const key = registry.normalize(input, profile, level);
        const record = normalizeRecord(registry, input, profile, undefined, urlOf);
        tally.add(record);
        add(key.ok ? `k${key.value}` : `e${input}`, () => record);
      }
      bar.lines(lines.length);
    }
  }
  let out = '';
  for (const { record, count } of classes.values()) {
    out += `${recordLine(record).slice(0, -1)},"count":${count}}\n`;
    if (out.length > 1 << 20) {
      await write(io.stdout, out);
      out = '';
    }
  }
  if (out !== '') await write(io.stdout, out);
}
