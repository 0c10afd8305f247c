import { type NormalizeRecord, normalizeRecord, type Profile, type Registry } from '@pidgate/core';
import { trimSpace } from './table.ts';

/**
 * `s` as a JSON string literal, the same text `JSON.stringify(s)` gives. Identifiers rarely hold a
 * character JSON escapes (a control character, `"`, `\`, or any UTF-16 surrogate, which
 * well-formed JSON.stringify escapes when it is unpaired), so one scan decides: none, and the
 * string goes between quotes as it is; any, and JSON.stringify writes it.
 */
export function jsonString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** One output line of `pidgate normalize` (without its "\n"): `JSON.stringify(record)`, field by field. */
export function recordLine(r: NormalizeRecord): string {
  if (r.ok) {
    return `{"input":${jsonString(r.input)},"ok":true,"scheme":${jsonString(r.scheme)},"normalized":${jsonString(r.normalized)}}`;
  }
  const { code, message, offset } = r.error;
  const at = typeof offset === 'number' && Number.isFinite(offset) ? String(offset) : 'null';
  return `{"input":${jsonString(r.input)},"ok":false,"error":{"code":${jsonString(code)},"message":${jsonString(message)},"offset":${at}}}`;
}

/** What a block of lines amounts to, for the summary line (see Tally). */
export interface BlockCounts {
  lines: number;
  normalized: number;
  /** Error code → count. */
  errors: Record<string, number>;
  /** The normalized forms, only when asked for (to count distinct forms). */
  forms: string[] | null;
}

export interface BlockOptions {
  readonly profile: Profile;
  readonly trim: boolean;
  readonly keepForms: boolean;
}

/**
 * Normalize every line of `text` (complete lines, each ending in "\n", except perhaps the last of
 * a stream), dropping a trailing "\r" of each line, and return the output lines and their counts.
 */
export function normalizeBlock(
  registry: Registry,
  text: string,
  options: BlockOptions,
): { out: string; counts: BlockCounts } {
  const counts: BlockCounts = { lines: 0, normalized: 0, errors: {}, forms: options.keepForms ? [] : null };
  let out = '';
  let start = 0;
  const end = text.length;
  while (start < end) {
    let nl = text.indexOf('\n', start);
    if (nl === -1) nl = end;
    let stop = nl;
    if (stop > start && text.charCodeAt(stop - 1) === 0x0d) stop--;
    const line = text.slice(start, stop);
    const record = normalizeRecord(registry, options.trim ? trimSpace(line) : line, options.profile);
    counts.lines++;
    if (record.ok) {
      counts.normalized++;
      counts.forms?.push(record.normalized);
    } else counts.errors[record.error.code] = (counts.errors[record.error.code] ?? 0) + 1;
    out += `${recordLine(record)}\n`;
    start = nl + 1;
  }
  return { out, counts };
}
