/**
 * What a file looks like, from its first bytes, so that an import refuses a file that is not the format it
 * was given as (`pidgate import --from ezid` of a JSON file, a gzip archive, random bytes) before anything
 * is written, with a message naming what the file looks like. Only the head is read: a file that starts
 * like the format but goes wrong later is reported record by record by its reader.
 */

/** What the head of a file looks like. */
export type Looks =
  | 'empty'
  | 'gzip'
  | 'zip'
  | 'bzip2'
  | 'xz'
  | 'zstd'
  | 'binary'
  | 'json'
  | 'ndjson'
  | 'anvl'
  | 'n2t'
  | 'csv'
  | 'text';

/** The name of each kind of file, as a message says it. */
const NAMES: Record<Looks, string> = {
  empty: 'an empty file',
  gzip: 'a gzip archive (decompress it first: gunzip)',
  zip: 'a zip archive (unzip it first)',
  bzip2: 'a bzip2 archive (decompress it first: bunzip2)',
  xz: 'an xz archive (decompress it first: unxz)',
  zstd: 'a zstd archive (decompress it first: unzstd)',
  binary: 'binary data, not text (it holds NUL bytes, control characters or bytes that are not UTF-8)',
  json: 'a JSON document',
  ndjson: 'NDJSON (one JSON object a line)',
  anvl: "EZID's ANVL download (`:: identifier` blocks)",
  n2t: 'an N2T binder dump (db_dump -p)',
  csv: 'CSV',
  text: 'text that is neither ANVL, CSV, NDJSON nor a db_dump -p dump',
};

/** Magic numbers at the start of compressed files. */
const MAGIC: readonly [Looks, readonly number[]][] = [
  ['gzip', [0x1f, 0x8b]],
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['bzip2', [0x42, 0x5a, 0x68]],
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['zstd', [0x28, 0xb5, 0x2f, 0xfd]],
];

/** Bytes of the head that are looked at. */
export const SNIFF_BYTES = 1 << 16;

/** The kind of file `head` (its first bytes, up to SNIFF_BYTES looked at) starts like. */
export function looksLike(head: Uint8Array): Looks {
  const bytes = head.subarray(0, SNIFF_BYTES);
  if (bytes.length === 0) return 'empty';
  for (const [kind, magic] of MAGIC) if (magic.every((b, i) => bytes[i] === b)) return kind;
  const text = textOf(bytes, head.length > bytes.length);
  if (text === null) return 'binary';
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const start = body.trimStart();
  if (start === '') return 'text';
  const lines = body.split(/\r\n?|\n/);
  const first = lines.find((l) => l.trim() !== '') ?? '';
  if (start.startsWith('{')) {
    // NDJSON: its first line is an object on its own; a JSON document spreads or nests across lines.
    return isJsonObject(first.trim()) ? 'ndjson' : 'json';
  }
  if (start.startsWith('[')) return 'json';
  if (first.startsWith('::')) return 'anvl';
  if (lines[0]?.startsWith('VERSION=') || (first.startsWith(' ') && lines.some((l) => l === 'HEADER=END')))
    return 'n2t';
  if (/^ \S/.test(first) && lines.filter((l) => l.startsWith(' ')).length >= 2) return 'n2t';
  if (first.includes(',') || first.includes('\t')) return 'csv';
  return 'text';
}

function isJsonObject(line: string): boolean {
  try {
    const v: unknown = JSON.parse(line);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/**
 * The head as text, or null when it is not: a NUL byte, control characters other than tab, CR, LF and
 * form feed, or bytes that are not UTF-8 (the last character may be cut when the head is a prefix).
 */
function textOf(bytes: Uint8Array, cut: boolean): string | null {
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) return null;
    if (b < 0x20 && b !== 9 && b !== 10 && b !== 13 && b !== 12) controls++;
  }
  if (controls > 0) return null;
  let end = bytes.length;
  if (cut) {
    // Drop the bytes of a character the cut splits (at most three continuation bytes and their lead).
    let i = end - 1;
    while (i >= 0 && end - i <= 3 && ((bytes[i] as number) & 0xc0) === 0x80) i--;
    if (i >= 0 && (bytes[i] as number) >= 0xc0) end = i;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, end));
  } catch {
    return null;
  }
}

/** The first line of CSV text, as column names (quotes removed, trimmed). */
function csvHeader(head: Uint8Array): string[] {
  const text = new TextDecoder().decode(head.subarray(0, SNIFF_BYTES)).replace(/^\ufeff/, '');
  const first = text.split(/\r\n?|\n/).find((l) => l.trim() !== '') ?? '';
  return first.split(',').map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/**
 * Why a file whose head is `head` cannot be read as `format` (`ndjson` for a plain import), or null when
 * it starts as that format does. An empty file is fine: it holds no records.
 */
export function formatMismatch(format: 'ezid' | 'n2t' | 'arklet' | 'ndjson', head: Uint8Array): string | null {
  const looks = looksLike(head);
  if (looks === 'empty') return null;
  const refuse = (expected: string) => `this is not ${expected}: it looks like ${NAMES[looks]}`;
  switch (format) {
    case 'ezid':
      if (looks === 'anvl') return null;
      if (looks === 'csv') {
        if (csvHeader(head).includes('_id')) return null;
        return "this is not EZID's CSV download: its header row has no _id column";
      }
      return refuse("EZID's batch download (ANVL `:: identifier` blocks, or CSV with an _id column)");
    case 'arklet':
      if (looks === 'csv' || looks === 'text') {
        if (csvHeader(head).includes('ark')) return null;
        return 'this is not an arklet export: its header row has no "ark" column';
      }
      return refuse("a CSV export of arklet's ark table");
    case 'n2t':
      if (looks === 'n2t') return null;
      return refuse('an N2T binder dump (db_dump -p: VERSION=… header, then lines indented by one space)');
    case 'ndjson':
      if (looks === 'ndjson') return null;
      return refuse('NDJSON (one JSON object a line)');
  }
}
