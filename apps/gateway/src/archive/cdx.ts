import { z } from 'zod';

/**
 * A CDX server's answer (the Wayback CDX Server API of the Internet Archive, pywb's CDX server, OutbackCDX):
 * `output=json` as a JSON array of rows whose first row names the fields (`["urlkey","timestamp","original",
 * …]`), or one JSON object a line (pywb), or CDXJ lines (`urlkey timestamp {json}`), or the classic
 * space-separated lines (`urlkey timestamp original mimetype statuscode digest length`). JSON.parse and one
 * split per line: linear, and nothing throws. Only captures that answered 2xx (or name no status, as a
 * revisit record does) count: a capture of the error page the target became is no fallback.
 */

export interface CdxCapture {
  /** The Wayback timestamp: 14 digits, `YYYYMMDDhhmmss`. */
  readonly timestamp: string;
  /** The URL as archived. */
  readonly original: string;
}

export interface CdxResult {
  readonly captures: readonly CdxCapture[];
  /** Rows that could not be read, or were not 2xx. */
  readonly skipped: number;
  /** False when nothing in the text was CDX at all. */
  readonly readable: boolean;
}

/** The classic CDX line's fields, in order (the CDX server's default `fl`). */
const CLASSIC = ['urlkey', 'timestamp', 'original', 'mimetype', 'statuscode', 'digest', 'length'];
const TIMESTAMP = /^\d{14}$/;
const Row = z.array(z.union([z.string(), z.number(), z.null()]));
const JsonRows = z.array(Row).max(1_000_000);
const JsonObject = z.record(z.string(), z.unknown());

/** The capture a row describes (fields by name), or null when it is unreadable or not a 2xx capture. */
function capture(get: (field: string) => unknown): CdxCapture | null {
  const timestamp = String(get('timestamp') ?? '');
  const original = get('original') ?? get('url');
  const status = get('statuscode') ?? get('status');
  if (!TIMESTAMP.test(timestamp) || typeof original !== 'string' || original === '') return null;
  if (status !== undefined && status !== null && status !== '-' && status !== '') {
    const s = Number(status);
    if (!(s >= 200 && s < 300)) return null;
  }
  return { timestamp, original };
}

function fromJsonArray(rows: z.infer<typeof JsonRows>): CdxResult {
  const first = rows[0];
  if (!first) return { captures: [], skipped: 0, readable: true };
  const header = first.every((f) => typeof f === 'string') && first.includes('timestamp');
  const names = header ? (first as string[]) : CLASSIC;
  const captures: CdxCapture[] = [];
  let skipped = 0;
  for (const row of header ? rows.slice(1) : rows) {
    const c = capture((f) => {
      const at = names.indexOf(f);
      return at < 0 ? undefined : row[at];
    });
    if (c) captures.push(c);
    else skipped++;
  }
  return { captures, skipped, readable: true };
}

function fromLine(line: string): CdxCapture | null | 'unreadable' {
  if (line.startsWith('{')) {
    const o = parseJson(line, JsonObject);
    return o ? capture((f) => o[f]) : 'unreadable';
  }
  // CDXJ: `urlkey timestamp {json}`.
  const brace = line.indexOf(' {');
  if (brace > 0) {
    const head = line.slice(0, brace).split(' ');
    const o = parseJson(line.slice(brace + 1), JsonObject);
    if (!o || head.length !== 2) return 'unreadable';
    return capture((f) => (f === 'timestamp' ? head[1] : o[f]));
  }
  const fields = line.split(' ');
  if (fields.length < 3 || !TIMESTAMP.test(fields[1] ?? '')) return 'unreadable';
  return capture((f) => {
    const at = CLASSIC.indexOf(f);
    return at < 0 ? undefined : fields[at];
  });
}

function parseJson<T>(text: string, schema: z.ZodType<T>): T | null {
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The captures a CDX answer lists. */
export function parseCdx(text: string): CdxResult {
  const body = text.trim();
  if (body === '') return { captures: [], skipped: 0, readable: true };
  if (body.startsWith('[')) {
    const rows = parseJson(body, JsonRows);
    return rows ? fromJsonArray(rows) : { captures: [], skipped: 0, readable: false };
  }
  const captures: CdxCapture[] = [];
  let skipped = 0;
  let read = 0;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const c = fromLine(line);
    if (c === 'unreadable') skipped++;
    else {
      read++;
      if (c) captures.push(c);
      else skipped++;
    }
  }
  return { captures, skipped, readable: read > 0 };
}
