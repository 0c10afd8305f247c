import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { LinkClass, LinkHop } from '@pidgate/store';
import { BLOCKED_CODE, blockedLiteral, guardedLookup } from './guard.ts';
import { looksNotFound } from './sniff.ts';

/**
 * One check of one target over HTTP: HEAD first, the same chain again with GET where HEAD is refused (any
 * final answer but 2xx, 429 or 503: 405 and 501 are the usual, 400, 403 and 404 are seen too), each
 * redirect followed up to a limit and recorded, every request bounded by time (connection, headers and
 * body together) and by bytes read. node:http directly, so the DNS lookup can be injected (tests never
 * leave 127.0.0.1) and a request can be cut off at any byte.
 */

export interface ProbeOptions {
  readonly timeoutMs: number;
  /** Bytes of a body read at most; the connection is closed there and the answer counts. */
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly userAgent: string;
  /** When to read an HTML page that answered 2xx for signs of a "not found" page. */
  readonly softNotFound: 'after-redirect' | 'always' | 'off';
  /** The DNS lookup (default: the system's, as Node does). */
  readonly lookup?: LookupFunction;
  /**
   * Refuse loopback, private, link-local and other special addresses (guard.ts), checked at connect time
   * after the lookup: such a target is `blocked-address`. The checker sets it unless
   * `links.allowPrivateAddresses`.
   */
  readonly guard?: boolean;
  /** Certificates trusted besides the system's (tests). */
  readonly ca?: string | readonly string[];
  /** Run one request under the politeness limits of its host (`host:port`); default: at once. */
  readonly gate?: <T>(host: string, request: () => Promise<T>) => Promise<T>;
  /** Called when a host asks to be left alone for a while (429 or 503 with `Retry-After`). */
  readonly onRetryAfter?: (host: string, ms: number) => void;
  /** Aborts every request (the gateway stopping): the probe then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

export interface ProbeResult {
  readonly class: LinkClass;
  /** The final answer's status (null when none came). */
  readonly status: number | null;
  readonly finalUrl: string | null;
  readonly chain: readonly LinkHop[];
  readonly durationMs: number;
  readonly detail: string;
  /** What `Retry-After` asked (try-later only), in milliseconds. */
  readonly retryAfterMs: number | null;
}

/** A body is kept (for the soft 404 sniff) up to this many bytes; the rest is only counted. */
const SNIFF_BYTES = 65_536;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The longest `Retry-After` taken at its word: one day. */
const MAX_RETRY_AFTER_MS = 86_400_000;

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer | null;
}

interface Failure {
  readonly failure: 'timeout' | 'dns' | 'tls' | 'connection' | 'blocked-address';
  readonly detail: string;
}

type Outcome = Answer | Failure;

const isFailure = (o: Outcome): o is Failure => 'failure' in o;

/** A socket or TLS error by its code: which class it is. */
export function failureClass(error: unknown): Failure['failure'] {
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === BLOCKED_CODE) return 'blocked-address';
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA'].includes(code)) return 'dns';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME|ALTNAME|DEPTH_ZERO/.test(code)) return 'tls';
  if ((error as { library?: unknown }).library === 'SSL routines') return 'tls';
  return 'connection';
}

/** `Retry-After`: delay-seconds or an HTTP date, in milliseconds from `now` (null when absent or unreadable). */
export function retryAfterMs(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return Math.min(Number(v) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(v);
  if (Number.isNaN(at) || v.length > 64) return null;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}

/** One request: its status, headers and (GET) the first bytes of its body; or why none came. */
function request(url: URL, method: 'HEAD' | 'GET', options: ProbeOptions): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    if (options.guard) {
      const literal = blockedLiteral(url.hostname);
      if (literal) {
        resolve({ failure: 'blocked-address', detail: literal.message });
        return;
      }
    }
    let settled = false;
    const lookup = options.guard ? guardedLookup(options.lookup) : options.lookup;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method,
        agent: false,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          'accept-encoding': 'identity',
        },
        ...(lookup ? { lookup } : {}),
        ...(options.ca ? { ca: options.ca as string[] } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (method === 'HEAD') {
          finish({ status, headers: res.headers, body: null });
          return;
        }
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let read = 0;
        const done = () => finish({ status, headers: res.headers, body: Buffer.concat(kept) });
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (keptBytes < SNIFF_BYTES) {
            const part = chunk.subarray(0, SNIFF_BYTES - keptBytes);
            kept.push(part);
            keptBytes += part.length;
          }
          if (read >= options.maxBytes) done();
        });
        res.on('end', done);
        res.on('error', (e) => finish({ failure: failureClass(e), detail: describe(e) }));
      },
    );
    const onAbort = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(options.signal?.reason);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    function finish(outcome: Outcome) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve(outcome);
    }
    req.on('error', (e) => finish({ failure: failureClass(e), detail: describe(e) }));
    const timer = setTimeout(
      () => finish({ failure: 'timeout', detail: `no complete answer within ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    req.end();
  });
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  return `${e.code ? `${String(e.code)}: ` : ''}${String(e.message ?? error)}`.slice(0, 500);
}

interface Chain {
  readonly hops: LinkHop[];
  /** The last request's outcome (a redirect when the chain stopped at the limit). */
  readonly last: Outcome;
  readonly url: URL;
  readonly stop?: 'too-many-redirects' | 'invalid';
  readonly detail?: string;
}

/** Follow the chain from `start` with one method, each request through the host's gate. */
async function follow(start: URL, method: 'HEAD' | 'GET', options: ProbeOptions): Promise<Chain> {
  const hops: LinkHop[] = [];
  const gate = options.gate ?? ((_host, fn) => fn());
  let url = start;
  for (;;) {
    const current = url;
    const last = await gate(current.host, () => request(current, method, options));
    hops.push({ url: current.href, method, status: isFailure(last) ? null : last.status });
    if (isFailure(last) || !REDIRECTS.has(last.status)) return { hops, last, url };
    const location = last.headers.location;
    if (location === undefined) return { hops, last, url };
    if (hops.length > options.maxRedirects) {
      return { hops, last, url, stop: 'too-many-redirects', detail: `more than ${options.maxRedirects} redirects` };
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return { hops, last, url, stop: 'invalid', detail: 'a redirect to something that is not a URL' };
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      return { hops, last, url, stop: 'invalid', detail: `a redirect to a ${next.protocol} URL` };
    }
    url = next;
  }
}

const tryLater = (status: number) => status === 429 || status === 503;
const success = (status: number) => status >= 200 && status < 300;

/** Check one target. Never rejects, except with the signal's reason when `options.signal` aborts. */
export async function probe(target: string, options: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now();
  const result = (
    cls: LinkClass,
    chain: readonly LinkHop[],
    detail: string,
    extra: Partial<ProbeResult> = {},
  ): ProbeResult => {
    const final = chain[chain.length - 1];
    return {
      class: cls,
      status: final?.status ?? null,
      finalUrl: final?.url ?? null,
      chain,
      durationMs: performance.now() - started,
      detail,
      retryAfterMs: null,
      ...extra,
    };
  };
  let start: URL;
  try {
    start = new URL(target);
  } catch {
    return result('invalid', [], 'the target is not a URL');
  }
  if (start.protocol !== 'http:' && start.protocol !== 'https:') {
    return result('invalid', [], `a ${start.protocol} target is not checked`);
  }
  let chain = await follow(start, 'HEAD', options);
  let hops = chain.hops;
  const refused = (c: Chain) => !isFailure(c.last) && !c.stop && !success(c.last.status) && !tryLater(c.last.status);
  if (refused(chain)) {
    chain = await follow(start, 'GET', options);
    hops = [...hops, ...chain.hops];
  }
  if (chain.stop) return result(chain.stop, hops, chain.detail ?? chain.stop);
  const last = chain.last;
  if (isFailure(last)) return result(last.failure, hops, last.detail);
  const status = last.status;
  if (tryLater(status)) {
    const wait = retryAfterMs(headerText(last.headers['retry-after']), Date.now());
    if (wait !== null) options.onRetryAfter?.(chain.url.host, wait);
    return result('try-later', hops, `HTTP ${status}${wait === null ? '' : `, Retry-After ${wait} ms`}`, {
      retryAfterMs: wait,
    });
  }
  if (status >= 500) return result('server-error', hops, `HTTP ${status}`);
  if (status >= 400) return result('client-error', hops, `HTTP ${status}`);
  if (!success(status)) return result('invalid', hops, `HTTP ${status} with no Location to follow`);
  const redirected = chain.hops.length > 1;
  const type = headerText(last.headers['content-type']) ?? '';
  const sniff =
    /html/i.test(type) &&
    (options.softNotFound === 'always' || (options.softNotFound === 'after-redirect' && chain.hops.length > 1));
  if (sniff) {
    let body = last.body;
    if (body === null) {
      const gate = options.gate ?? ((_host, fn) => fn());
      const page = await gate(chain.url.host, () => request(chain.url, 'GET', options));
      hops = [...hops, { url: chain.url.href, method: 'GET', status: isFailure(page) ? null : page.status }];
      body = !isFailure(page) && success(page.status) ? page.body : null;
    }
    const says = body === null ? null : looksNotFound(body);
    if (says !== null) return result('soft-404', hops, `HTTP ${status}, but the page says "${says}"`);
  }
  if (redirected && chain.url.hostname !== start.hostname) {
    return result('redirected', hops, `HTTP ${status} at ${chain.url.hostname}`);
  }
  return result('ok', hops, `HTTP ${status}`);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
