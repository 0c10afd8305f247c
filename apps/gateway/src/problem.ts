import type { PidError } from '@pidgate/core';

/** The base of every problem `type` URI this gateway answers (RFC 9457 §3.1.1). */
export const PROBLEM_BASE = 'https://pidgate.org/problems/';

/** An RFC 9457 problem document, with pidgate's extension members. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly instance?: string;
  /** The parser's or resolver's stable error code. */
  readonly code?: string;
  /** Where parsing failed, in characters from the start of the identifier. */
  readonly offset?: number | null;
  readonly part?: string;
  readonly [extension: string]: unknown;
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

/** A problem document named by `code` (its `type` is PROBLEM_BASE + code). */
export function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}): Problem {
  return { type: PROBLEM_BASE + code, title: statusTitle(status), status, detail, code, ...extra };
}

/** The problem for an identifier that does not parse: 400 with the parser's code and offset. */
export function parseProblem(error: PidError, input: string): Problem {
  const extra: Record<string, unknown> = { offset: error.offset, identifier: input };
  if (error.part !== undefined) extra['part'] = error.part;
  return problem(400, error.code, error.message, extra);
}

export const PROBLEM_JSON = 'application/problem+json';

/** A Response carrying the problem (never a stack trace). */
export function problemResponse(p: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(p), {
    status: p.status,
    headers: { 'content-type': PROBLEM_JSON, 'cache-control': 'no-store', ...headers },
  });
}
