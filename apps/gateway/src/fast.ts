import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Identifier } from '@pidgate/core';
import type { Context } from 'hono';
import { refuseLoop } from './bound.ts';
import type { AppDeps } from './deps.ts';
import type { Outcome } from './resolvers/types.ts';
import { parseRequest } from './target.ts';

/**
 * The resolution hot path, in front of Hono: `GET /{identifier}` (and HEAD) that resolves to a redirect is
 * answered straight on the Node response, without building a Request, routing, running the middleware
 * chain or a Response object. Everything else (other paths, inflections, identifiers that do not parse,
 * outcomes that are not redirects, errors) goes on to the Hono app, with what was already worked out handed
 * over (`Prepared`), so nothing is resolved twice and every answer but the plain redirect is built by the
 * same code as before. The redirect itself, its log line and its metrics are the ones the app gives.
 */

/** What the fast path worked out before handing a request on to the app. */
export interface Prepared {
  /** `performance.now()` when the fast path took the request (the request's latency starts there). */
  readonly start: number;
  readonly id?: Identifier;
  readonly outcome?: Outcome;
  /** Thrown while resolving: the app's error handler answers it. */
  readonly error?: { readonly value: unknown };
}

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
  readonly path: string;
  readonly handler: object;
}

/**
 * True when no route or middleware could match a path whose first segment holds a `:` (every identifier
 * of a known scheme), except the handlers that know about the fast path: then taking such paths before the
 * router changes nothing. A route added later with a parameter or wildcard first (`/:x`, `*`) turns it off.
 */
export function fastPathSafe(routes: readonly RouteLike[]): boolean {
  for (const r of routes) {
    if (aware.has(r.handler)) continue;
    if (r.path.charCodeAt(0) !== 47) return false;
    const end = r.path.indexOf('/', 1);
    const first = end === -1 ? r.path.slice(1) : r.path.slice(1, end);
    if (/[:*{(]/.test(first)) return false;
  }
  return true;
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

/**
 * The headers the app's redirect goes out with, in the order it sends them (a Headers object iterates in
 * name order; the listener adds `content-type` to a Response without one).
 */
function redirectHeaders(o: Extract<Outcome, { kind: 'redirect' }>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (o.contentLocation) headers['content-location'] = o.contentLocation;
  headers['content-type'] = 'text/plain; charset=UTF-8';
  if (o.links && o.links.length > 0) headers['link'] = o.links.join(', ');
  headers['location'] = o.target;
  return headers;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * A request handler that answers identifier redirects itself and passes everything else to `next` (the
 * Hono listener). Returns true when it took the request.
 */
export function createFastPath(deps: AppDeps, next: Listener): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { registry, config, resolvers, metrics, logger } = deps;

  function handOn(req: IncomingMessage, res: ServerResponse, p: Prepared): void {
    prepared.set(req, p);
    void next(req, res);
  }

  // Redirects resolved synchronously (NAAN table, PWID, URN) while the loop reads requests are written
  // together when that turn ends, one after another: on a busy server the peers are then woken once for
  // a run of answers rather than once per answer, which makes the writes much cheaper. Answers that
  // waited for the store already come in such a run (it batches its lookups the same way) and go at once.
  const outbox: { res: ServerResponse; status: number; headers: Record<string, string> }[] = [];
  let flushing = false;
  const flush = (): void => {
    flushing = false;
    for (const { res, status, headers } of outbox.splice(0)) send(res, status, headers);
  };

  function send(res: ServerResponse, status: number, headers: Record<string, string>): void {
    res.writeHead(status, headers);
    res.end();
  }

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    target: string,
    start: number,
    id: Identifier,
    o: Outcome,
    now: boolean,
  ): void {
    if (o.kind !== 'redirect') {
      handOn(req, res, { start, id, outcome: o });
      return;
    }
    let headers: Record<string, string>;
    try {
      headers = redirectHeaders(o);
    } catch (e) {
      handOn(req, res, { start, id, error: { value: e } });
      return;
    }
    const ms = performance.now() - start;
    metrics.observe(id.scheme, 'redirect', ms / 1000);
    if (logger.enabled) {
      logger.request({
        method: req.method as string,
        path: target,
        status: o.status,
        ms,
        scheme: id.scheme,
        outcome: 'redirect',
      });
    }
    if (now) send(res, o.status, headers);
    else {
      outbox.push({ res, status: o.status, headers });
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    }
  }

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const target = req.url;
    if (target === undefined || target.charCodeAt(0) !== 47 || !identifierLike(target)) return false;
    if (hasPathBackslash(target)) return false;
    // A cross-origin request gets CORS headers from the app's middleware: leave it to the app.
    if (req.headers.origin !== undefined) return false;
    const host = req.headers.host;
    if (host === undefined || host === '' || !hostAccepted(host)) return false;
    const start = performance.now();
    const { inflection, parsed } = parseRequest(registry, target, config.profile);
    if (inflection !== null || !parsed.ok) return false;
    const id = parsed.value;
    const resolver = resolvers.get(id.scheme);
    if (resolver === undefined) return false;
    let result: Outcome | Promise<Outcome>;
    try {
      result = resolver.resolve(id, deps);
    } catch (e) {
      handOn(req, res, { start, id, error: { value: e } });
      return true;
    }
    if (result instanceof Promise) {
      result.then(
        (o) => answer(req, res, target, start, id, refuseLoop(o, deps.self, host), true),
        (e: unknown) => handOn(req, res, { start, id, error: { value: e } }),
      );
    } else answer(req, res, target, start, id, refuseLoop(result, deps.self, host), false);
    return true;
  };
}
