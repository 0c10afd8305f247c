import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { bindingRoutes, mintingRoutes, shoulderFallbackRoutes, tokenRoutes, webhookRoutes } from './admin/index.ts';
import { apiRoutes } from './api/index.ts';
import { downloadRoutes } from './batch/index.ts';
import { type Config, formatIssues } from './config/index.ts';
import { consoleRoutes } from './console/index.ts';
import type { AppDeps } from './deps.ts';
import { ezidRoutes } from './ezid/index.ts';
import {
  basePath,
  fastPathAware,
  type GatewayEnv,
  identifierRoutes,
  openapiRoutes,
  PROBLEM_JSON,
  type Problem,
  prefersHtml,
  preparedFor,
  problem,
  problemBase,
  problemJson,
  problemResponse,
  requestTarget,
  serviceRoutes,
} from './http/index.ts';
import { outcomeOf } from './observability/index.ts';
import { reportRoutes } from './reports/index.ts';
import { renderProblemHtml, webRoutes, webViews } from './web/index.ts';

/** Map anything thrown to a problem document; never a stack trace, and 500 only for our own faults. */
function errorResponse(e: unknown, c: Context<GatewayEnv>, deps: AppDeps): Response {
  // A middleware's own answer (the bearer-auth refusals of auth.ts are problem documents already).
  if (e instanceof HTTPException && e.res) return e.getResponse();
  if (e instanceof HTTPException && e.status < 500) {
    const code = e.status === 415 ? 'unsupported-media-type' : e.status === 413 ? 'body-too-large' : 'invalid-request';
    return problemResponse(problem(e.status, code, e.message || 'the request cannot be processed'));
  }
  deps.logger.event('error', { path: requestTarget(c).slice(0, 2048), message: String((e as Error)?.message ?? e) });
  return problemResponse(problem(500, 'internal-error', 'the gateway failed to answer this request'));
}

/** The CORS options of the public read and batch APIs; null when no origin is allowed (`cors.origins` empty). */
export function corsOptions(config: Config) {
  if (config.cors.origins.length === 0) return null;
  return {
    origin: config.cors.origins.includes('*') ? '*' : config.cors.origins,
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Accept'],
    exposeHeaders: ['Location', 'Content-Location', 'Link', 'Thump-Status'],
    maxAge: 86400,
  } satisfies Parameters<typeof cors>[0];
}

/**
 * The headers the CORS middleware (hono/cors) adds to a GET or HEAD without `Origin`, for the fast path:
 * `Access-Control-Allow-Origin: *` when any origin may call, the exposed headers, and `Vary: Origin` when
 * the answer depends on the origin.
 */
export function corsHeadersWithoutOrigin(config: Config): Record<string, string> {
  const o = corsOptions(config);
  if (o === null) return {};
  const headers: Record<string, string> = {};
  if (o.origin === '*') headers['access-control-allow-origin'] = '*';
  headers['access-control-expose-headers'] = o.exposeHeaders.join(',');
  if (o.origin !== '*') headers['vary'] = 'Origin';
  return headers;
}

/**
 * The routes that accept credentials, which never answer CORS (issue 27): the admin API (bindings, minting,
 * shoulders, tokens, reload: bearer tokens) and the EZID API (Basic credentials a browser may have cached,
 * session cookies) under `ezid.basePath` (at the root: its `/id/`, `/login`, `/logout`, `/shoulder/`).
 */
export function credentialedPath(config: Config): (path: string) => boolean {
  const admin = /^\/api\/v1\/(bindings|mint|shoulders|admin|tokens)(\/|$)/;
  const base = config.ezid.basePath;
  const ezid = !config.ezid.enabled
    ? null
    : base === ''
      ? /^\/(id|login|logout|shoulder)(\/|$)/
      : new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|$)`);
  return (path) => admin.test(path) || (ezid?.test(path) ?? false);
}

/** Turn a problem document into an HTML page when the client prefers HTML (a browser). */
function negotiatedErrors(base: string) {
  return async (c: Context<GatewayEnv>, next: Next) => {
    await next();
    const res = c.res;
    if (res.headers.get('content-type') !== PROBLEM_JSON || !prefersHtml(c.req.header('accept'))) return;
    let body: Problem;
    try {
      body = (await res.clone().json()) as Problem;
    } catch {
      return;
    }
    const headers = new Headers(res.headers);
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.delete('content-length');
    headers.append('vary', 'Accept');
    c.res = undefined;
    c.res = new Response(c.req.method === 'HEAD' ? null : renderProblemHtml(body, base), {
      status: res.status,
      headers,
    });
  };
}

/**
 * The gateway as a Hono app. Routes: `/` and the service endpoints, the /api/v1 batch API, then every
 * other GET path is an identifier. Build `deps` with `createDeps(config)`.
 */
export function createApp(deps: AppDeps): OpenAPIHono<GatewayEnv> {
  const { metrics, logger, config } = deps;
  const app = new OpenAPIHono<GatewayEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const detail = formatIssues(result.error, 'request').replace(/^invalid configuration \(request\):\n/, '');
        return problemJson(
          c,
          problem(400, 'invalid-request', `the request does not match its schema:\n${detail}`, {
            issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
          }),
        );
      }
      return undefined;
    },
  });

  // Metrics and the log line of every request (the fast path in server.ts does the same for the redirects
  // it answers; for requests it hands on, the latency counts from when it took them).
  const observe = fastPathAware(async (c: Context<GatewayEnv>, next: Next) => {
    const start = preparedFor(c)?.start ?? performance.now();
    await next();
    const ms = performance.now() - start;
    const scheme = c.get('scheme') ?? 'none';
    const outcome = c.get('outcome') ?? outcomeOf(c.res.status);
    metrics.observe(scheme, outcome, ms / 1000);
    if (logger.enabled) {
      logger.request({ method: c.req.method, path: requestTarget(c), status: c.res.status, ms, scheme, outcome });
    }
  });
  app.use('*', observe);

  const jsonLimit = bodyLimit({
    maxSize: config.bodyLimit,
    onError: () => problemResponse(problem(413, 'body-too-large', `the body is longer than ${config.bodyLimit} bytes`)),
  });
  app.use('/api/*', async (c, next) => {
    // A text/plain body to /normalize is streamed line by line with its own limit (streamLimit).
    const type = c.req.header('content-type') ?? '';
    if (c.req.method === 'POST' && /^text\/plain\b/i.test(type) && c.req.path === '/api/v1/normalize') return next();
    // A bulk import is NDJSON of any length, read line by line as it arrives.
    if (c.req.method === 'POST' && c.req.path === '/api/v1/bindings/import') return next();
    return jsonLimit(c, next);
  });

  // Browsers get an HTML page in the site layout for every error; programs the problem document.
  app.use('*', fastPathAware(negotiatedErrors(basePath(config.baseUrl))));
  // Problem `type`s name `/problems/{code}` under the base path of `baseUrl` (docs/api.md).
  if (basePath(config.baseUrl) !== '/') app.use('*', problemBase(basePath(config.baseUrl)));
  // CORS for the public read and batch APIs (never a route that accepts credentials), preflight included.
  const corsed = corsOptions(config);
  if (corsed !== null) {
    const allowed = cors(corsed);
    const credentialed = credentialedPath(config);
    app.use(
      '*',
      fastPathAware((c: Context<GatewayEnv>, next: Next) => (credentialed(c.req.path) ? next() : allowed(c, next))),
    );
  }

  app.onError((e, c) => errorResponse(e, c, deps));
  app.notFound(() => problemResponse(problem(404, 'not-found', 'nothing here')));

  // The pages browsers get from the edge's routes (`/`, `?info`, a query's list), rendered by web/.
  const views = webViews(deps);
  serviceRoutes(app, deps, views);
  apiRoutes(app, deps);
  bindingRoutes(app, deps);
  mintingRoutes(app, deps);
  shoulderFallbackRoutes(app, deps);
  tokenRoutes(app, deps);
  webhookRoutes(app, deps);
  reportRoutes(app, deps);
  openapiRoutes(app, deps);
  webRoutes(app, deps);
  downloadRoutes(app, deps);
  ezidRoutes(app, deps);
  app.route('/console/', consoleRoutes(deps));
  identifierRoutes(app, deps, views);
  return app;
}
