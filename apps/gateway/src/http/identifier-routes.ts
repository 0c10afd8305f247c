import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import { resolveTarget } from '../resolution/index.ts';
import type { GatewayEnv } from './env.ts';
import { fastPathAware, preparedFor } from './fast.ts';
import { routeMethods } from './negotiate.ts';
import { basePath } from './origin.ts';
import { problem, problemResponse } from './problem.ts';
import { requestTarget } from './request-target.ts';
import { resolutionResponse } from './resolution-response.ts';
import type { HtmlViews } from './views.ts';

/**
 * `GET /{identifier}` resolves; `GET /{identifier}?`, `??` and `?info` describe. The identifier is the
 * raw request target after the first `/`; `resolveTarget` (resolution/pipeline.ts) reads and resolves it and
 * `resolutionResponse` (resolution-response.ts) answers.
 */
export function identifierRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps, views: HtmlViews): void {
  const { config } = deps;
  // The path of the gateway's root as browsers see it (`/resolver/` for https://example.org/resolver/).
  const base = basePath(config.baseUrl);

  // The methods the other routes answer at a path (built once the app has every route).
  let methodsAt: ((path: string) => string[] | null) | null = null;
  const allowAt = (path: string) => {
    methodsAt ??= routeMethods(app.routes);
    return methodsAt(path);
  };
  const notAllowed = (c: Context<GatewayEnv>, allow: readonly string[]) => {
    c.set('scheme', 'none');
    return problemResponse(problem(405, 'method-not-allowed', `${c.req.method} is not allowed here`), {
      allow: allow.join(', '),
    });
  };

  const identifierHandler = fastPathAware(async (c: Context<GatewayEnv>) => {
    // Resolved already by the fast path (server.ts), which answers plain redirects itself.
    const pre = preparedFor(c);
    if (pre !== undefined) {
      if (pre.error !== undefined) throw pre.error.value;
      return resolutionResponse(c, deps, pre.resolution, base, views);
    }
    // A path of another route (GET /api/v1/normalize) is not an identifier: 405 with that route's methods.
    const allow = allowAt(c.req.path);
    if (allow && !allow.includes(c.req.method)) return notAllowed(c, allow);
    const resolution = await resolveTarget(deps, requestTarget(c), { loopCheck: { host: c.req.header('host') } });
    return resolutionResponse(c, deps, resolution, base, views);
  });
  app.on(['GET', 'HEAD'], '*', identifierHandler);

  // Never reached by GET or HEAD (the identifier route answers those), so the fast path may go first.
  app.all(
    '*',
    fastPathAware((c: Context<GatewayEnv>) => notAllowed(c, allowAt(c.req.path) ?? ['GET', 'HEAD'])),
  );
}
