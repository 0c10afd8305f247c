import { PidgateError } from '@pidgate/core';
import { type AnvlElement, type AnvlRecord, serializeAnvl } from './anvl.ts';
import { type ErcObject, type ErcValueInput, ercFromObject } from './build.ts';
import { type Erc, type ErcSegment, ercToAnvl, QUARTET } from './erc.ts';
import { type ErcValue, formatErcValue, missingValue } from './value.ts';

/**
 * THUMP responses to the two ARK inflections of draft-kunze-ark-09 §6:
 * `?` asks for a brief description (the `erc:` segment) and `??` for the permanence
 * commitment as well (`erc:` then `erc-support:`).
 */
export type ThumpInflection = '?' | '??';

/** The THUMP version the source spec's sessions announce (`THUMP-Status: 0.1 200 OK`). */
export const THUMP_VERSION = '0.1';
/** The content type of the sessions in §6. */
export const THUMP_CONTENT_TYPE = 'text/plain';

/**
 * The record-set header `|set: who | what | when | where` (§6): who created the set,
 * its title (the request, e.g. `12025/psbbantu?`), when it was created, and where an
 * automated process can access it.
 */
export interface ThumpSet {
  readonly who: ErcValueInput;
  readonly what: ErcValueInput;
  readonly when: ErcValueInput;
  readonly where: ErcValueInput;
}

/** `here: count | start | total`: the records here, the number of the first, the set's size. */
export interface ThumpHere {
  readonly count: number;
  readonly start: number;
  readonly total: number;
}

export interface ThumpResponse {
  readonly inflection: ThumpInflection;
  readonly set: ThumpSet;
  readonly records: readonly (Erc | ErcObject)[];
  /** Default: every record is here, numbered from 1. */
  readonly here?: ThumpHere;
  /** Fold lines longer than this (default 72, as in §6's sessions; 0 never folds). */
  readonly width?: number;
}

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  410: 'Gone',
  414: 'URI Too Long',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The value of the `THUMP-Status` header (§6): the THUMP version, the status code and its
 * reason phrase, `0.1 200 OK`. Pass `reason` for a code outside the usual HTTP set.
 */
export function thumpStatus(code = 200, options: { reason?: string; version?: string } = {}): string {
  const reason = options.reason ?? REASONS[code];
  if (!Number.isInteger(code) || code < 100 || code > 599 || reason === undefined) {
    throw new PidgateError({
      code: 'thump-status',
      message: `no reason phrase known for status ${code}`,
      offset: null,
    });
  }
  return `${options.version ?? THUMP_VERSION} ${code} ${reason}`;
}

/** The THUMP response headers of §6: `Content-Type` and `THUMP-Status`. */
export function thumpHeaders(code = 200): Record<string, string> {
  return { 'Content-Type': THUMP_CONTENT_TYPE, 'THUMP-Status': thumpStatus(code) };
}

function value(input: ErcValueInput): ErcValue {
  if (typeof input === 'string') return formatErcValue({ data: input });
  if (typeof input === 'number') return formatErcValue({ data: String(input) });
  return typeof (input as ErcValue).text === 'string' ? (input as ErcValue) : formatErcValue(input);
}

function isErc(r: Erc | ErcObject): r is Erc {
  return Array.isArray((r as Erc).segments) && typeof (r as Erc).stub === 'boolean';
}

function quartetSegment(label: string, code: 'unav'): ErcSegment {
  return {
    label,
    story: 'support',
    abbreviated: false,
    elements: QUARTET.map((name) => ({ label: name, name, qualifier: null, values: [missingValue(code)] })),
  };
}

/**
 * The part of a record a THUMP request asks for: the anchoring `erc:` segment for `?`,
 * and its `erc-support:` segment too for `??` (all four `(:unav)` when the record has none).
 */
export function thumpRecord(record: Erc | ErcObject, inflection: ThumpInflection): Erc {
  const erc = isErc(record) ? record : ercFromObject(record);
  const anchoring = erc.segments.find((s) => s.label === 'erc');
  if (erc.stub || !anchoring) {
    throw new PidgateError({
      code: 'stub-record',
      message: 'a stub ERC must be completed before it is released (§7.7)',
      offset: null,
    });
  }
  const segments: ErcSegment[] = [anchoring];
  if (inflection === '??') {
    segments.push(erc.segments.find((s) => s.label === 'erc-support') ?? quartetSegment('erc-support', 'unav'));
  }
  return { stub: false, segments };
}

/**
 * The body of a THUMP response (§6): the record-set header, a blank line, then the records,
 * a blank line between them.
 *
 *     |set: NLM | 12025/psbbantu? | 20030731
 *         | http://ark.nlm.nih.gov/ark:/12025/psbbantu?
 *     here: 1 | 1 | 1
 *
 *     erc:
 *     who: Lederberg, Joshua
 *     ...
 */
export function formatThump(response: ThumpResponse): string {
  const { set, records, inflection } = response;
  const here = response.here ?? { count: records.length, start: 1, total: records.length };
  const header: AnvlElement[] = [
    { label: '|set', value: [set.who, set.what, set.when, set.where].map((v) => value(v).text).join(' | ') },
    { label: 'here', value: `${here.count} | ${here.start} | ${here.total}` },
  ];
  const anvl: AnvlRecord[] = [{ elements: header }];
  for (const record of records) anvl.push(ercToAnvl(thumpRecord(record, inflection)));
  return serializeAnvl(anvl, { width: response.width ?? 72 });
}
