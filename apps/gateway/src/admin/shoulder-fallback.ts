import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { FALLBACK_MODES, isAdmin, type Principal, type ShoulderFallback, type VerifiedToken } from '@pidgate/store';
import type { AppDeps } from '../deps.ts';
import {
  adminResponses,
  adminRoute,
  bodyResponses,
  type GatewayEnv,
  jsonBody,
  metricsLabel,
  problemAnswer,
  problemJson,
} from '../http/index.ts';
import { storageKey } from '../resolution/index.ts';
import { forbidden, requireToken, storeProblem } from './auth.ts';

/**
 * A shoulder's web-archive fallback (issue 25, docs/links.md "Web-archive fallback"): what resolving an
 * identifier under it answers when the link checker says its target is broken. `GET` reads it, `PUT` sets
 * it (`none`, `archive-page`, `archive-redirect`), with an administrator's token or one whose scopes cover the
 * shoulder (as declaring one takes). The shoulder is in the body, not the path: its key holds slashes.
 */

const Mode = z.enum(FALLBACK_MODES).openapi({
  description:
    '`none`: redirect as always; `archive-page`: a page saying the target is gone, linking its latest capture; `archive-redirect`: 302 to the latest capture with `Pidgate-Fallback` (the page when there is none)',
});

const FallbackBody = z
  .object({
    shoulder: z.string().min(1).max(4096).openapi({ example: 'ark:/99999/x6' }),
    fallback: Mode,
  })
  .strict()
  .openapi('ShoulderFallbackRequest');

const FallbackSchema = z
  .object({
    shoulder: z.string(),
    fallback: Mode,
    updatedAt: z.string().nullable(),
    actor: z.string().nullable(),
  })
  .openapi('ShoulderFallback');

const errors = {
  ...adminResponses,
  403: problemAnswer("The token's scopes do not cover the shoulder"),
  404: problemAnswer('No such shoulder is declared (`not-found`), or no store (`store-disabled`)'),
};

/** An administrator's token may set any shoulder's; another token one its scopes cover (as declaring takes). */
const refusal = (token: VerifiedToken, principal: Principal, key: string) =>
  isAdmin(token) && principal.role === 'admin' ? null : forbidden(token, key);

const json = (s: ShoulderFallback) => ({
  shoulder: s.key,
  fallback: s.mode,
  updatedAt: s.updatedAt || null,
  actor: s.actor || null,
});

export function shoulderFallbackRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const { registry, config } = deps;
  const auth = requireToken(deps);
  app.use('/api/v1/shoulders/fallback', metricsLabel('admin'));
  /** The shoulder's storage key as minting and the store spell it. */
  const keyOf = (shoulder: string) => {
    const parsed = registry.parse(shoulder.replace(/\/+$/, ''), config.profile);
    return parsed.ok ? storageKey(parsed.value, registry) : shoulder;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/shoulders/fallback',
      summary: "A shoulder's web-archive fallback for targets the link checker found broken",
      ...adminRoute,
      middleware: auth,
      request: { query: z.object({ shoulder: z.string().min(1).max(4096).openapi({ example: 'ark:/99999/x6' }) }) },
      responses: {
        200: { description: "The shoulder's fallback", content: { 'application/json': { schema: FallbackSchema } } },
        ...errors,
      },
    }),
    async (c) => {
      const { store, token, principal } = c.var;
      const key = keyOf(c.req.valid('query').shoulder);
      const denied = refusal(token, principal, key);
      if (denied) return problemJson(c, denied);
      const got = await store.fallbacks.get(key);
      if (!got.ok) return storeProblem(c, got.error, { shoulder: key });
      return c.json(json(got.value), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/v1/shoulders/fallback',
      summary: "Set a shoulder's web-archive fallback (`none`, `archive-page`, `archive-redirect`)",
      ...adminRoute,
      middleware: auth,
      request: { body: jsonBody(FallbackBody) },
      responses: {
        200: { description: 'Set', content: { 'application/json': { schema: FallbackSchema } } },
        ...errors,
        ...bodyResponses,
      },
    }),
    async (c) => {
      const { store, token, principal } = c.var;
      const body = c.req.valid('json');
      const key = keyOf(body.shoulder);
      const denied = refusal(token, principal, key);
      if (denied) return problemJson(c, denied);
      const set = await store.fallbacks.set(key, body.fallback, principal.username);
      if (!set.ok) return storeProblem(c, set.error, { shoulder: key });
      // This instance answers with the new setting at once; others within their refresh time (5 s).
      await deps.fallbacks?.refresh();
      return c.json(json(set.value), 200);
    },
  );
}
