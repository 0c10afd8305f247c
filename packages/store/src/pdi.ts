import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { ISO_DATE, PDI_FORMAT, SERIES } from './grammar.ts';
import { ErcRecord } from './schema.ts';
import { checkSeries } from './scope.ts';
import type { PdiListOptions } from './store.ts';
import { checkInstant, checkKey, checkLimit, checkPrefix, findUnstorable, prefixUpperBound } from './validate.ts';

/** A PDI format token, lower-cased (PDI tokens are case-insensitive). */
export function checkFormat(format: unknown): StoreResult<string> {
  if (typeof format !== 'string' || !PDI_FORMAT.test(format.toLowerCase())) {
    return err('invalid-format', 'a PDI format is a media-type token such as text, html or pdf');
  }
  return ok(format.toLowerCase());
}

export function checkVersion(version: unknown): StoreResult<number | undefined> {
  if (version === undefined) return ok(undefined);
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return err('invalid-version', 'a PDI version is a positive integer');
  }
  return ok(version);
}

export function checkErc(erc: unknown): StoreResult<ErcRecord> {
  const unstorable = findUnstorable(erc, 'erc');
  if (unstorable) return err('invalid-binding', unstorable);
  const parsed = ErcRecord.safeParse(erc ?? {});
  if (parsed.success) return ok(parsed.data);
  return err('invalid-binding', `erc: ${parsed.error.issues[0]?.message ?? 'not an ERC record'}`);
}

/** A series and a real calendar date; the counter's name is `series date`. */
export function checkSerial(series: unknown, date: unknown): StoreResult<string> {
  if (typeof series !== 'string' || !SERIES.test(series)) {
    return err('invalid-series', 'a series is letters, digits, "-" and "." such as ap.org.us');
  }
  const whole = checkSeries(series);
  if (!whole.ok) return whole;
  const m = typeof date === 'string' ? ISO_DATE.exec(date) : null;
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== date) return err('invalid-date', 'the date is YYYY-MM-DD');
  return ok(`${series.toLowerCase()} ${date}`);
}

export interface PdiFilter {
  readonly lower: string | undefined;
  readonly upper: string | null | undefined;
  readonly createdFrom: string | undefined;
  readonly createdTo: string | undefined;
  readonly limit: number;
  /** What a cursor is bound to. */
  readonly fingerprint: string;
}

/** Validate a listPdi filter and turn prefix / from / to into one key range. */
export function checkPdiList(options: PdiListOptions | undefined): StoreResult<PdiFilter> {
  const prefix = checkPrefix(options?.prefix);
  if (!prefix.ok) return prefix;
  const from = options?.from === undefined ? ok(undefined) : checkKey(options.from, 'from');
  if (!from.ok) return from;
  const to = options?.to === undefined ? ok(undefined) : checkKey(options.to, 'to');
  if (!to.ok) return to;
  const createdFrom = checkInstant(options?.createdFrom, 'createdFrom');
  if (!createdFrom.ok) return createdFrom;
  const createdTo = checkInstant(options?.createdTo, 'createdTo');
  if (!createdTo.ok) return createdTo;
  const limit = checkLimit(options?.limit);
  if (!limit.ok) return limit;
  let lower = prefix.value === '' ? undefined : prefix.value;
  if (from.value !== undefined && (lower === undefined || from.value > lower)) lower = from.value;
  let upper: string | null | undefined = prefix.value === '' ? undefined : prefixUpperBound(prefix.value);
  if (to.value !== undefined && (upper === undefined || upper === null || to.value < upper)) upper = to.value;
  const fingerprint = JSON.stringify([
    prefix.value,
    from.value ?? null,
    to.value ?? null,
    createdFrom.value ?? null,
    createdTo.value ?? null,
  ]);
  return ok({
    lower,
    upper,
    createdFrom: createdFrom.value,
    createdTo: createdTo.value,
    limit: limit.value,
    fingerprint,
  });
}
