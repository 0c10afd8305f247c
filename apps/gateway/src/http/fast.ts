import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import { type Resolution, resolveTargetNow } from '../resolution/index.ts';
import { basePath } from './origin.ts';
import { PROBLEM_JSON, problem, withProblemBase } from './problem.ts';
import { outcomeLabel, redirectHeaders } from './resolution-response.ts';

/**
 * The resolution hot path, in front of Hono: `GET /{identifier}` (and HEAD) that resolves to a redirect is
 * answered straight on the Node response, without building a Request, routing, running the middleware
 * chain or a Response object. It resolves with the identifier route's own pipeline (`resolveTarget`) and
 * writes the identifier route's redirect headers (`redirectHeaders`) in the order the app sends them;
 * everything else (other paths, inflections, identifiers that do not parse, outcomes that are not
 * redirects, errors) goes on to the Hono app with the resolution handed over (`Prepared`), so nothing is
 * resolved twice and every other answer is the app's. fast.test.ts holds it to the app over real sockets.
 */

/** What the fast path worked out before handing a request on to the app. */
export type Prepared =
  /** `start`: `performance.now()` when the fast path took the request (its latency starts there). */
  | { readonly start: number; readonly resolution: Resolution; readonly error?: undefined }
  /** Thrown while resolving: the app's error handler answers it. */
  | { readonly start: number; readonly error: { readonly value: unknown }; readonly resolution?: undefined };

const prepared = new WeakMap<IncomingMessage, Prepared>();

/** What the fast path left for this request, if it took it first (Hono context of a served request). */
export function preparedFor(c: Context): Prepared | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming === undefined ? undefined : prepared.get(incoming);
}

/** Route handlers written with the fast path in mind (the request middleware, the identifier route). */
const aware = new WeakSet<object>();
export function fastPathAware<T extends object>(handler: T): T {
  aware.add(handler);
  return handler;
}

interface RouteLike {
  readonly method: string;
  readonly path: string;
  readonly handler: object;
}

/**
 * The first route or middleware that could match a path whose first segment holds a `:` (every
 * identifier of a known scheme), other than the handlers that know about the fast path; null when there
 * is none, so that taking such paths before the router changes nothing.
 */
export function fastPathShadow(routes: readonly RouteLike[]): RouteLike | null {
  for (const r of routes) {
    if (aware.has(r.handler)) continue;
    if (r.path.charCodeAt(0) !== 47) return r;
    const end = r.path.indexOf('/', 1);
    const first = end === -1 ? r.path.slice(1) : r.path.slice(1, end);
    if (/[:*{(]/.test(first)) return r;
  }
  return null;
}

/** True when no route could be in the fast path's way (`fastPathShadow` finds none). */
export function fastPathSafe(routes: readonly RouteLike[]): boolean {
  return fastPathShadow(routes) === null;
}

/**
 * Refuse to start a fast path a route would shadow (it would answer requests that route should): the
 * server does not start, rather than quietly answering differently or running without the fast path.
 */
export function assertFastPathSafe(routes: readonly RouteLike[]): void {
  const r = fastPathShadow(routes);
  if (r === null) return;
  throw new Error(
    `the identifier fast path (apps/gateway/src/http/fast.ts) would answer requests for ${r.method} ${r.path} before that route: ` +
      'give the route a path whose first segment holds no parameter or wildcard, or mark its handler fastPathAware ' +
      'and make the fast path answer as it does, or start the server with fastPath: false',
  );
}

/** Does the first segment of `target` (`/ark:/…`, `/urn:…`) hold a `:`? Anything else is not for the fast path. */
function identifierLike(target: string): boolean {
  for (let i = 1; i < target.length; i++) {
    const c = target.charCodeAt(i);
    if (c === 58) return true;
    if (c === 47 || c === 63) return false;
  }
  return false;
}

/** The listener refuses a backslash in the path (before any `?`) with a 400: leave those to it. */
function hasPathBackslash(target: string): boolean {
  const b = target.indexOf('\\');
  if (b === -1) return false;
  const q = target.indexOf('?');
  return q === -1 || b < q;
}

/** Host headers seen, and whether the listener accepts them (the check it makes, done once per host). */
const hosts = new Map<string, boolean>();
const MAX_HOSTS = 256;
const SIMPLE_HOST = /^[A-Za-z0-9.\-_[\]:]+$/;

function hostAccepted(host: string): boolean {
  let ok = hosts.get(host);
  if (ok !== undefined) return ok;
  // Only plain host[:port] forms are taken here; anything odd goes to the listener, which decides.
  ok = false;
  if (SIMPLE_HOST.test(host)) {
    try {
      const url = new URL(`http://${host}/`);
      ok = url.hostname.length === host.length || url.hostname === host.replace(/:\d+$/, '');
    } catch {
      ok = false;
    }
  }
  if (hosts.size >= MAX_HOSTS) hosts.clear();
  hosts.set(host, ok);
  return ok;
}

/** Can `value` go out as a header value exactly as a Headers object would keep it (nothing trimmed or refused)? */
function headerSafe(value: string): boolean {
  const n = value.length;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    const edge = i === 0 || i === n - 1;
    if (c === 9 || c === 32) {
      if (edge) return false;
    } else if (c < 32 || c === 127 || c > 255) return false;
  }
  return true;
}

/**
 * The headers the app's answer to a request without `Origin` goes out with, in the order the listener
 * writes them: `cors` (what the CORS middleware adds to such a request) and the answer's own headers, by
 * name (a Headers object iterates in name order), then `content-type`, which the listener adds to a
 * Response without one. Null when a value is one the app's Headers would trim or refuse: the app answers.
 */
export function wireHeaders(
  cors: Readonly<Record<string, string>>,
  own: Readonly<Record<string, string>>,
): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const name of wireOrder(cors, own)) {
    const value = (own[name] ?? cors[name]) as string;
    if (!headerSafe(value)) return null;
    out[name] = value;
  }
  out['content-type'] ??= 'text/plain; charset=UTF-8';
  return out;
}

/** The names of `cors` and `own`, sorted; remembered per set of names (a handful of sets ever occur). */
const orders = new WeakMap<object, Map<string, readonly string[]>>();
function wireOrder(cors: Readonly<Record<string, string>>, own: Readonly<Record<string, string>>): readonly string[] {
  let byOwn = orders.get(cors);
  if (byOwn === undefined) {
    byOwn = new Map();
    orders.set(cors, byOwn);
  }
  const names = Object.keys(own);
  const key = names.join('\n');
  let order = byOwn.get(key);
  if (order === undefined) {
    order = [...new Set([...Object.keys(cors), ...names])].sort();
    if (byOwn.size < 64) byOwn.set(key, order);
  }
  return order;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

interface Queued {
  readonly res: ServerResponse;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly target: string;
}

/**
 * A request handler that answers identifier redirects itself and passes everything else to `next` (the
 * Hono listener), with the resolution it found (`preparedFor`). Returns true when it took the request.
 * Resolution is `resolveTarget` (resolution/pipeline.ts) and the redirect's headers `redirectHeaders`
 * (resolution-response.ts), as on the identifier route; `cors` is what the app's CORS middleware adds to
 * a request without `Origin` (`corsHeadersWithoutOrigin`).
 */
export function createFastPath(
  deps: AppDeps,
  next: Listener,
  cors: Readonly<Record<string, string>>,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { metrics, logger } = deps;

  function handOn(req: IncomingMessage, res: ServerResponse, p: Prepared): void {
    prepared.set(req, p);
    void next(req, res);
  }

  // Redirects are written together when the loop's turn ends, one after another: on a busy server the
  // peers are then woken once for a run of answers rather than once per answer, which makes the writes
  // much cheaper. Nothing thrown while writing leaves `flush`: that one answer fails, the others go.
  let outbox: Queued[] = [];
  let flushing = false;
  const flush = (): void => {
    flushing = false;
    const batch = outbox;
    outbox = [];
    for (const q of batch) {
      try {
        q.res.writeHead(q.status, q.headers);
        q.res.end();
      } catch (e) {
        failed(q, e);
      }
    }
  };

  /** Writing an answer failed: log it, answer 500 if nothing went out yet, else drop the connection. */
  function failed(q: Queued, e: unknown): void {
    try {
      logger.event('error', { path: q.target.slice(0, 2048), message: String((e as Error)?.message ?? e) });
      if (q.res.headersSent) q.res.destroy();
      else {
        const p = withProblemBase(
          problem(500, 'internal-error', 'the gateway failed to answer this request'),
          basePath(deps.config.baseUrl),
        );
        q.res.writeHead(500, { 'cache-control': 'no-store', 'content-type': PROBLEM_JSON });
        q.res.end(JSON.stringify(p));
      }
    } catch {
      q.res.destroy();
    }
  }

  function answer(req: IncomingMessage, res: ServerResponse, target: string, start: number, r: Resolution): void {
    if (r.kind !== 'outcome' || r.outcome.kind !== 'redirect') {
      handOn(req, res, { start, resolution: r });
      return;
    }
    const headers = wireHeaders(cors, redirectHeaders(r.outcome));
    if (headers === null) {
      handOn(req, res, { start, resolution: r });
      return;
    }
    const status = r.outcome.status;
    const ms = performance.now() - start;
    metrics.observe(r.id.scheme, outcomeLabel(r.outcome), ms / 1000);
    if (logger.enabled) {
      logger.request({
        method: req.method as string,
        path: target,
        status,
        ms,
        scheme: r.id.scheme,
        outcome: 'redirect',
      });
    }
    outbox.push({ res, status, headers, target });
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  }

  /** `answer`, with anything it throws (before it handed on or queued: those are its last steps) answered by the app. */
  function settle(req: IncomingMessage, res: ServerResponse, target: string, start: number, r: Resolution): void {
    try {
      answer(req, res, target, start, r);
    } catch (e) {
      handOn(req, res, { start, error: { value: e } });
    }
  }

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const target = req.url;
    if (target === undefined || target.charCodeAt(0) !== 47 || !identifierLike(target)) return false;
    if (hasPathBackslash(target)) return false;
    // A cross-origin request gets CORS headers for its origin from the app's middleware: leave it to the app.
    if (req.headers.origin !== undefined) return false;
    const host = req.headers.host;
    if (host === undefined || host === '' || !hostAccepted(host)) return false;
    const start = performance.now();
    let r: Resolution | Promise<Resolution>;
    try {
      r = resolveTargetNow(deps, target, { loopCheck: { host } });
    } catch (e) {
      handOn(req, res, { start, error: { value: e } });
      return true;
    }
    if (r instanceof Promise) {
      r.then(
        (done) => settle(req, res, target, start, done),
        (e: unknown) => handOn(req, res, { start, error: { value: e } }),
      );
    } else settle(req, res, target, start, r);
    return true;
  };
}
