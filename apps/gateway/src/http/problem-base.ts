import type { Context, Next } from 'hono';
import type { GatewayEnv } from './env.ts';
import { fastPathAware } from './fast.ts';
import { PROBLEM_JSON, type Problem, withProblemBase } from './problem.ts';

/**
 * Every problem document's `type` under the gateway's base path (`/resolver/problems/{code}` when `baseUrl`
 * is `https://example.org/resolver/`), so that it names the page the gateway serves as browsers see it.
 * Installed only when the base path is not `/` (at the root, `problem()` writes the `type` already).
 */
export function problemBase(base: string) {
  return fastPathAware(async (c: Context<GatewayEnv>, next: Next) => {
    await next();
    const res = c.res;
    if (res.headers.get('content-type') !== PROBLEM_JSON) return;
    let body: Problem;
    try {
      body = (await res.clone().json()) as Problem;
    } catch {
      return;
    }
    const based = withProblemBase(body, base);
    if (based === body) return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    c.res = undefined;
    c.res = new Response(c.req.method === 'HEAD' ? null : JSON.stringify(based), { status: res.status, headers });
  });
}
