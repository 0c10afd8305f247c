import { z } from 'zod';

/**
 * A batch download request, as EZID's API guide ("Batch download", "Parameters") defines it and EZID's
 * server validates it (`download.enqueueRequest`): `format` (required), `compression`, `column`
 * (repeatable, CSV only, at least one), `notify` (repeatable), `convertTimestamps`, and the search
 * constraints, ANDed together, a repeated constraint ORed. The same request comes from EZID's
 * `/download_request` form body and from the console's Download form.
 */

export const FORMATS = ['anvl', 'csv', 'xml'] as const;
export const COMPRESSIONS = ['gzip', 'zip'] as const;
export const STATUSES = ['reserved', 'public', 'unavailable'] as const;
export const TYPES = ['ark', 'doi', 'uuid'] as const;
/** The extra CSV columns EZID offers besides the metadata elements. */
export const MAPPED_COLUMNS = [
  '_id',
  '_mappedCreator',
  '_mappedTitle',
  '_mappedPublisher',
  '_mappedDate',
  '_mappedType',
] as const;

const yesNo = z.boolean().optional();
/** Unix seconds. */
const time = z.number().int().optional();

/** What a job keeps (`download_jobs.params`), read back with this schema when the job runs. */
export const DownloadRequest = z.object({
  format: z.enum(FORMATS),
  compression: z.enum(COMPRESSIONS),
  columns: z.array(z.string().min(1)),
  notify: z.array(z.string().min(1)),
  convertTimestamps: z.boolean(),
  createdAfter: time,
  createdBefore: time,
  updatedAfter: time,
  updatedBefore: time,
  crossref: yesNo,
  datacite: yesNo,
  exported: yesNo,
  owners: z.array(z.string().min(1)),
  ownergroups: z.array(z.string().min(1)),
  permanence: z.enum(['test', 'real']).optional(),
  profiles: z.array(z.string().min(1)),
  statuses: z.array(z.enum(STATUSES)),
  types: z.array(z.enum(TYPES)),
});
export type DownloadRequest = z.infer<typeof DownloadRequest>;

type Validator = (v: string) => { value: unknown } | { reason: string };

const enumerated =
  (allowed: readonly string[]): Validator =>
  (v) =>
    allowed.includes(v) ? { value: v } : { reason: 'invalid parameter value' };
const string: Validator = (v) => (v.trim() === '' ? { reason: 'empty value' } : { value: v.trim() });
/** A `notify` address: one email address (zod's check), at most 254 characters. */
const EMAIL = z.email().max(254);
const email: Validator = (v) =>
  EMAIL.safeParse(v.trim()).success ? { value: v.trim() } : { reason: 'not an email address' };
/** The most `notify` addresses one request may name. */
export const MAX_NOTIFY = 10;
const boolean: Validator = (v) =>
  v === 'yes' || v === 'no' ? { value: v === 'yes' } : { reason: 'invalid parameter value' };
const timestamp: Validator = (v) => {
  const t = parseTimestamp(v);
  return t === null ? { reason: 'invalid timestamp' } : { value: t };
};

/** EZID's parameters: name → [repeatable, validator]. */
const PARAMETERS: Readonly<Record<string, readonly [boolean, Validator]>> = {
  column: [true, string],
  convertTimestamps: [false, boolean],
  createdAfter: [false, timestamp],
  createdBefore: [false, timestamp],
  crossref: [false, boolean],
  datacite: [false, boolean],
  exported: [false, boolean],
  format: [false, enumerated(FORMATS)],
  compression: [false, enumerated(COMPRESSIONS)],
  notify: [true, email],
  owner: [true, string],
  ownergroup: [true, string],
  permanence: [false, enumerated(['test', 'real'])],
  profile: [true, string],
  status: [true, enumerated(STATUSES)],
  type: [true, enumerated(TYPES)],
  updatedAfter: [false, timestamp],
  updatedBefore: [false, timestamp],
};

/**
 * `YYYY-MM-DDTHH:MM:SSZ` or a Unix timestamp (an integer), as Unix seconds; null otherwise. EZID reads
 * the first with `time.strptime(s, "%Y-%m-%dT%H:%M:%SZ")`, the second with `int(s)` (a sign allowed).
 */
export function parseTimestamp(v: string): number | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z$/.exec(v);
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    const t = Date.UTC(y, mo - 1, d, h, mi, s);
    const back = new Date(t);
    // strptime refuses a day or time that does not exist (2023-02-30, 25:00:00); 60 seconds are a leap second.
    if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 61) return null;
    return Math.floor(t / 1000);
  }
  const trimmed = v.trim();
  if (!/^[+-]?\d{1,15}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * The parameters of a request (a form body's name/value pairs, in order) as a `DownloadRequest`, or
 * EZID's reason for `error: bad request - <reason>`.
 */
export function parseDownloadRequest(pairs: Iterable<readonly [string, string]>): DownloadRequest | string {
  const values = new Map<string, unknown[]>();
  for (const [name, raw] of pairs) {
    const parameter = PARAMETERS[name];
    if (parameter === undefined || !Object.hasOwn(PARAMETERS, name)) {
      return `invalid parameter: ${name.replace(/\s/g, ' ')}`;
    }
    const [repeatable, validate] = parameter;
    const list = values.get(name) ?? [];
    if (!repeatable && list.length > 0) return `parameter is not repeatable: ${name}`;
    const checked = validate(raw);
    if ('reason' in checked) return `parameter '${name}': ${checked.reason}`;
    list.push(checked.value);
    values.set(name, list);
  }
  const one = <T>(name: string): T | undefined => values.get(name)?.[0] as T | undefined;
  const many = <T>(name: string): T[] => (values.get(name) ?? []) as T[];
  const format = one<DownloadRequest['format']>('format');
  if (format === undefined) return 'missing required parameter: format';
  if (many('notify').length > MAX_NOTIFY) return `parameter 'notify': at most ${MAX_NOTIFY} addresses`;
  const columns = many<string>('column');
  if (format === 'csv' && columns.length === 0) return "format 'csv' requires at least one column";
  if (format !== 'csv' && columns.length > 0) return 'parameter is incompatible with format: column';
  return {
    format,
    compression: one<DownloadRequest['compression']>('compression') ?? 'gzip',
    columns,
    notify: many<string>('notify'),
    convertTimestamps: one<boolean>('convertTimestamps') ?? false,
    createdAfter: one<number>('createdAfter'),
    createdBefore: one<number>('createdBefore'),
    updatedAfter: one<number>('updatedAfter'),
    updatedBefore: one<number>('updatedBefore'),
    crossref: one<boolean>('crossref'),
    datacite: one<boolean>('datacite'),
    exported: one<boolean>('exported'),
    owners: [...new Set(many<string>('owner'))],
    ownergroups: [...new Set(many<string>('ownergroup'))],
    permanence: one<'test' | 'real'>('permanence'),
    profiles: many<string>('profile'),
    statuses: many<DownloadRequest['statuses'][number]>('status'),
    types: many<DownloadRequest['types'][number]>('type'),
  };
}

/** The file's extension: `.txt.gz`, `.csv.gz`, `.xml.gz`, or `.zip` (EZID's `_fileSuffix`). */
export function extensionOf(r: Pick<DownloadRequest, 'format' | 'compression'>): string {
  return r.compression === 'gzip' ? `.${innerSuffix(r.format)}.gz` : '.zip';
}

/** The uncompressed file's suffix: `txt` for ANVL. */
export const innerSuffix = (format: DownloadRequest['format']): string => (format === 'anvl' ? 'txt' : format);
