import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { formatIssues } from './config.ts';
import type { AppDeps } from './deps.ts';
import type { GatewayEnv } from './env.ts';
import { fastPathAware, preparedFor } from './fast.ts';
import { outcomeOf } from './metrics.ts';
import { openapiRoutes } from './openapi.ts';
import { problem, problemResponse } from './problem.ts';
import { apiRoutes } from './routes/api.ts';
import { bindingRoutes } from './routes/bindings.ts';
import { identifierRoutes } from './routes/identifier.ts';
import { mintingRoutes } from './routes/minting.ts';
import { serviceRoutes } from './routes/service.ts';
import { requestTarget } from './target.ts';
import { webRoutes } from './web/routes.tsx';

/** Map anything thrown to a problem document; never a stack trace, and 500 only for our own faults. */
function errorResponse(e: unknown, c: Context<GatewayEnv>, deps: AppDeps): Response {
  if (e instanceof HTTPException && e.status < 500) {
    const code = e.status === 415 ? 'unsupported-media-type' : e.status === 413 ? 'body-too-large' : 'invalid-request';
    return problemResponse(problem(e.status, code, e.message || 'the request cannot be processed'));
  }
  deps.logger.event('error', { path: requestTarget(c).slice(0, 2048), message: String((e as Error)?.message ?? e) });
  return problemResponse(problem(500, 'internal-error', 'the gateway failed to answer this request'));
}

/**
 * The gateway as a Hono app. Routes: `/` and the service endpoints, the /api/v1 batch API, then every
 * other GET path is an identifier. Build `deps` with `createDeps(config)`.
 */
export function createApp(deps: AppDeps): OpenAPIHono<GatewayEnv> {
  const { metrics, logger, config } = deps;
  const app = new OpenAPIHono<GatewayEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const detail = formatIssues(result.error, 'request').replace(/^invalid configuration \(request\):\n/, '');
        return problemResponse(
          problem(400, 'invalid-request', `the request does not match its schema:\n${detail}`, {
            issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
          }),
        ) as never;
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

  app.onError((e, c) => errorResponse(e, c, deps));
  app.notFound(() => problemResponse(problem(404, 'not-found', 'nothing here')));

  serviceRoutes(app, deps);
  apiRoutes(app, deps);
  bindingRoutes(app, deps);
  mintingRoutes(app, deps);
  openapiRoutes(app, deps);
  webRoutes(app, deps);
  identifierRoutes(app, deps);
  return app;
}
