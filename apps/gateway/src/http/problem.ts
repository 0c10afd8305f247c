import { CORE_ERROR_CODES, type CoreErrorCode, type PidError } from '@pidgate/core';
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

/**
 * The path, under the gateway's root, of the page that describes each problem code (`/problems/{code}`,
 * web/problems.tsx). A problem's `type` is this absolute-path reference (RFC 9457 §3.1.1 allows a URI
 * reference; it resolves against the request's URL): `/problems/{code}`, or under the base path of
 * `baseUrl` (`/resolver/problems/{code}`, `withProblemBase`). docs/api.md, "Problem documents".
 */
export const PROBLEM_PATH = 'problems/';

/** The `type` of a problem with `code`, for a gateway whose root is at `base` (`/`, `/resolver/`). */
export function problemType(code: string, base = '/'): string {
  return `${base}${PROBLEM_PATH}${encodeURIComponent(code)}`;
}

/** The problem with its `type` under `base` (the path of `baseUrl`); unchanged at the root. */
export function withProblemBase<P extends Problem>(p: P, base: string): P {
  const root = `/${PROBLEM_PATH}`;
  if (base === '/' || !p.type.startsWith(root)) return p;
  return { ...p, type: `${base}${p.type.slice(1)}` };
}

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

/** The reason phrases of RFC 9110 §15 (and RFC 6585, RFC 7725): a problem's `title` (RFC 9457 §3.1.3). */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
};

/** The title of a status: its reason phrase; for a code no RFC names, the class (`Client Error`, `Server Error`). */
export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'Error');
}

/** A problem document named by `code` (its `type` is `/problems/{code}`: `problemType`). */
export function problem<S extends number>(
  status: S,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
): Problem & { readonly status: S } {
  return { type: problemType(code), title: statusTitle(status), status, detail, code, ...extra };
}

/** The problem for an identifier that does not parse: 400 with the parser's code and offset. */
export function parseProblem(error: PidError, input: string): Problem & { readonly status: 400 } {
  const extra: Record<string, unknown> = { offset: error.offset, identifier: input };
  if (error.part !== undefined) extra['part'] = error.part;
  return problem(400, error.code, error.message, extra);
}

/**
 * The status of a parse error when a request path is resolved, for each of the core's dispatch codes: a
 * path that names no identifier of a known scheme is not here (404); an empty, over-long or space-padded
 * one is a bad request (400). Typed over every `CoreErrorCode`: a new dispatch code does not compile until
 * it has a status here. A scheme's own codes all say the identifier is malformed: 400.
 */
const DISPATCH_STATUS = {
  'empty-input': 400,
  'surrounding-whitespace': 400,
  'input-too-long': 400,
  'unknown-scheme': 404,
  'ambiguous-scheme': 400,
} as const satisfies Readonly<Record<CoreErrorCode, ContentfulStatusCode>>;

/** Every status a path that does not parse is answered with. */
export type UnparseableStatus = (typeof DISPATCH_STATUS)[CoreErrorCode] | 400;

const DISPATCH_CODES: ReadonlySet<string> = new Set(CORE_ERROR_CODES);

function isCoreErrorCode(code: string): code is CoreErrorCode {
  return DISPATCH_CODES.has(code);
}

/** The status of a parse error met while resolving a path (see `DISPATCH_STATUS`). */
export function unparseableStatus(code: string): UnparseableStatus {
  return isCoreErrorCode(code) ? DISPATCH_STATUS[code] : 400;
}

/** The problem for a request path that does not parse: `parseProblem`, with the status of `unparseableStatus`. */
export function unparseableProblem(error: PidError, input: string): Problem & { readonly status: UnparseableStatus } {
  const p = parseProblem(error, input);
  const status = unparseableStatus(error.code);
  return status === p.status ? p : { ...p, status, title: statusTitle(status) };
}

export const PROBLEM_JSON = 'application/problem+json';

/** A Response carrying the problem (never a stack trace). */
export function problemResponse(p: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(p), {
    status: p.status,
    headers: { 'content-type': PROBLEM_JSON, 'cache-control': 'no-store', ...headers },
  });
}

/**
 * A problem answer as @hono/zod-openapi types it: one typed response per status of the union, so a route
 * answering `storeProblem` (400 | 404 | …) type-checks against the statuses its `responses` declare.
 */
export type ProblemReply<S extends ContentfulStatusCode> = S extends ContentfulStatusCode
  ? Response & TypedResponse<JSONParsed<Problem>, S, 'json'>
  : never;

/**
 * The problem as a route's typed JSON answer (`c.json`, so @hono/zod-openapi checks its status against the
 * route's `responses`): `application/problem+json`, never cached.
 */
export function problemJson<S extends ContentfulStatusCode>(
  c: Context,
  p: Problem & { readonly status: S },
  headers: Record<string, string> = {},
): ProblemReply<S> {
  const res = c.json(p as Problem, p.status, {
    'content-type': PROBLEM_JSON,
    'cache-control': 'no-store',
    ...headers,
  });
  // `c.json` types one response with the union of statuses; the route checks one per status.
  return res as ProblemReply<S>;
}
