/**
 * Today's NAAN registry: records naming, for a NAAN or a `NAAN/shoulder`, who holds it and where its ARKs
 * resolve. Two encodings carry the same records: the JSON export (`{"metadata", "data": [...]}`, read here)
 * and ANVL `naa:` records (`registry-anvl.ts`).
 */
import { err, ok, type PidError, type Result } from '@pidgate/core';
import { z } from 'zod';
import type { DiscoveryErrorCode } from './codes.ts';
import { findBadNaanChar, isShoulderCode, normalizeNaan } from './grammar.ts';
import { compileTemplate } from './template.ts';

export interface NaanRecord {
  /** `NAAN` or `NAAN/shoulder`, as written (the NAAN part lowercased). */
  readonly what: string;
  readonly naan: string;
  /** The shoulder of a shoulder record, null for a NAAN record. */
  readonly shoulder: string | null;
  readonly who: { readonly name: string | null; readonly nameNative: string | null; readonly acronym: string | null };
  /** The organisation's site as registered (may carry a status code: `303 http://...`). */
  readonly where: string;
  readonly target: { readonly url: string; readonly httpCode: number };
  readonly when: string | null;
  readonly policy: {
    readonly orgtype: string | null;
    readonly policy: string | null;
    readonly tenure: string | null;
    readonly policyUrl: string | null;
  } | null;
}

/** A record left out of the registry, with the reason. */
export interface RejectedRecord {
  /** 0-based position in the export's `data` (or among the ANVL `naa:` records). */
  readonly index: number;
  readonly what: string | null;
  readonly error: PidError<DiscoveryErrorCode>;
}

export interface NaanRegistry {
  readonly metadata: Readonly<Record<string, unknown>> | null;
  readonly records: NaanRecord[];
  /** Records that failed validation; the others still load. */
  readonly rejected: RejectedRecord[];
}

const nullableString = z.string().nullish();

/** One record of the JSON export. Unknown fields are allowed and dropped. */
export const naanRecordJsonSchema = z.object({
  what: z.string(),
  where: z.string(),
  target: z.object({ url: z.string(), http_code: z.number().int() }),
  rtype: z.enum(['PublicNAAN', 'PublicNAANShoulder']).optional(),
  naan: z.string().optional(),
  shoulder: z.string().optional(),
  when: nullableString,
  who: z.object({ name: nullableString, name_native: nullableString, acronym: nullableString }).nullish(),
  na_policy: z
    .object({ orgtype: nullableString, policy: nullableString, tenure: nullableString, policy_url: nullableString })
    .nullish(),
});
export type NaanRecordJson = z.infer<typeof naanRecordJsonSchema>;

const exportSchema = z.union([
  z.object({ metadata: z.record(z.string(), z.unknown()).nullish(), data: z.array(z.unknown()) }),
  z.array(z.unknown()),
]);

/** Split and check `NAAN` or `NAAN/shoulder`. */
export function parseWhat(
  what: string,
): Result<{ naan: string; shoulder: string | null }, PidError<DiscoveryErrorCode>> {
  const slash = what.indexOf('/');
  const naanText = slash === -1 ? what : what.slice(0, slash);
  const bad = findBadNaanChar(naanText);
  if (bad !== -1) return err('registry-what', `${JSON.stringify(what)} is not a NAAN or NAAN/shoulder`, bad, 'what');
  if (slash === -1) return ok({ naan: normalizeNaan(naanText), shoulder: null });
  const shoulder = what.slice(slash + 1);
  if (shoulder.length === 0) return err('registry-what', 'a shoulder follows "NAAN/"', slash + 1, 'what');
  for (let i = 0; i < shoulder.length; i++) {
    if (!isShoulderCode(shoulder.charCodeAt(i))) {
      return err(
        'registry-what',
        `the shoulder of ${JSON.stringify(what)} holds a character not allowed in ARKs`,
        slash + 1 + i,
        'what',
      );
    }
  }
  return ok({ naan: normalizeNaan(naanText), shoulder });
}

/** Check a target: a 3xx status and an http(s) URL template with known variables. */
export function checkTarget(url: string, httpCode: number): PidError<DiscoveryErrorCode> | null {
  if (!Number.isInteger(httpCode) || httpCode < 300 || httpCode > 399) {
    return {
      code: 'registry-http-code',
      message: `http_code ${httpCode} is not a redirect (3xx)`,
      offset: null,
      part: 'target.http_code',
    };
  }
  const lower = url.slice(0, 8).toLowerCase();
  if (
    !(lower.startsWith('http://') || lower.startsWith('https://')) ||
    url.length <= (lower.startsWith('https') ? 8 : 7)
  ) {
    return {
      code: 'registry-target-url',
      message: `target ${JSON.stringify(url)} is not an http(s) URL`,
      offset: 0,
      part: 'target.url',
    };
  }
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c <= 32 || c === 127) {
      return {
        code: 'registry-target-url',
        message: 'a target URL holds no spaces or control characters',
        offset: i,
        part: 'target.url',
      };
    }
  }
  const compiled = compileTemplate(url);
  if (!compiled.ok) return { ...compiled.error, part: 'target.url' };
  return null;
}

/** Validate one record of the JSON export (zod, then the registry's own rules). */
export function naanRecordFromJson(input: unknown): Result<NaanRecord, PidError<DiscoveryErrorCode>> {
  const parsed = naanRecordJsonSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.join('.') : '';
    return err(
      'registry-record-schema',
      `${path || 'record'}: ${issue?.message ?? 'invalid'}`,
      null,
      path || undefined,
    );
  }
  const r = parsed.data;
  const what = parseWhat(r.what);
  if (!what.ok) return what;
  const { naan, shoulder } = what.value;
  const expected = shoulder === null ? 'PublicNAAN' : 'PublicNAANShoulder';
  if (r.rtype !== undefined && r.rtype !== expected) {
    return err('registry-rtype', `rtype ${r.rtype} does not match what ${JSON.stringify(r.what)}`, null, 'rtype');
  }
  if (
    (r.naan !== undefined && normalizeNaan(r.naan) !== naan) ||
    (r.shoulder !== undefined && r.shoulder !== shoulder)
  ) {
    return err('registry-what', `naan/shoulder fields disagree with what ${JSON.stringify(r.what)}`, null, 'what');
  }
  const targetError = checkTarget(r.target.url, r.target.http_code);
  if (targetError) return { ok: false, error: targetError };
  return ok({
    what: shoulder === null ? naan : `${naan}/${shoulder}`,
    naan,
    shoulder,
    who: { name: r.who?.name ?? null, nameNative: r.who?.name_native ?? null, acronym: r.who?.acronym ?? null },
    where: r.where,
    target: { url: r.target.url, httpCode: r.target.http_code },
    when: r.when ?? null,
    policy: r.na_policy
      ? {
          orgtype: r.na_policy.orgtype ?? null,
          policy: r.na_policy.policy ?? null,
          tenure: r.na_policy.tenure ?? null,
          policyUrl: r.na_policy.policy_url ?? null,
        }
      : null,
  });
}

/** Keep valid records, first occurrence of each `what`; collect the others in `rejected`. */
export function collectRecords(
  inputs: readonly unknown[],
  convert: (input: unknown) => Result<NaanRecord, PidError<DiscoveryErrorCode>>,
  whatOf: (input: unknown) => string | null,
): { records: NaanRecord[]; rejected: RejectedRecord[] } {
  const records: NaanRecord[] = [];
  const rejected: RejectedRecord[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const result = convert(input);
    if (!result.ok) {
      rejected.push({ index, what: whatOf(input), error: result.error });
      return;
    }
    if (seen.has(result.value.what)) {
      rejected.push({
        index,
        what: result.value.what,
        error: {
          code: 'registry-duplicate',
          message: `${result.value.what} appears more than once`,
          offset: null,
          part: 'what',
        },
      });
      return;
    }
    seen.add(result.value.what);
    records.push(result.value);
  });
  return { records, rejected };
}

function jsonWhat(input: unknown): string | null {
  if (typeof input === 'object' && input !== null && 'what' in input) {
    const what = (input as { what: unknown }).what;
    return typeof what === 'string' ? what : null;
  }
  return null;
}

/**
 * Read the registry's JSON export: `{"metadata": {...}, "data": [records]}` (a bare array of records is
 * accepted too). Fails only when the outer shape is wrong; bad records are listed in `rejected`.
 * Never throws.
 */
export function parseNaanRegistryJson(json: unknown): Result<NaanRegistry, PidError<DiscoveryErrorCode>> {
  const shape = exportSchema.safeParse(json);
  if (!shape.success) {
    return err('registry-shape', 'the NAAN registry export is {"metadata": {...}, "data": [...]}', null);
  }
  const data = Array.isArray(shape.data) ? shape.data : shape.data.data;
  const metadata = Array.isArray(shape.data) ? null : (shape.data.metadata ?? null);
  const { records, rejected } = collectRecords(data, naanRecordFromJson, jsonWhat);
  return ok({ metadata, records, rejected });
}

/** `JSON.parse` then `parseNaanRegistryJson`. Never throws. */
export function parseNaanRegistryJsonText(text: string): Result<NaanRegistry, PidError<DiscoveryErrorCode>> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err('registry-json-syntax', `the NAAN registry is not JSON: ${(e as Error).message}`, null);
  }
  return parseNaanRegistryJson(json);
}
