import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ADMIN_SCOPE, type TokenInfo } from '@pidgate/store';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps.ts';
import {
  adminResponses,
  adminRoute,
  bodyResponses,
  type GatewayEnv,
  jsonBody,
  metricsLabel,
  problemAnswer,
} from '../http/index.ts';
import { type AuthEnv, requireAdmin, requireToken, storeProblem } from './auth.ts';

/**
 * Tokens over HTTP (`/api/v1/tokens`): create (the secret is in the answer, once), list (never a secret)
 * and revoke. Only an administrator's token (scope `pidgate:admin`, `pidgate token create --admin`) may;
 * the CLI does the same on the database directly.
 */

const errors = {
  ...adminResponses,
  403: problemAnswer("The token is not an administrator's (`not-admin`)"),
};

export const TokenSchema = z
  .object({
    id: z.string().openapi({ example: 'tok_nhEx5dJxsl3gtwB_' }),
    name: z.string(),
    scopes: z.array(z.string()),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .openapi('Token');

const CreatedTokenSchema = TokenSchema.extend({
  token: z.string().openapi({ description: 'The secret: shown this once, stored only as its SHA-256' }),
}).openapi('CreatedToken');

const TokenBody = z
  .strictObject({
    name: z.string().min(1).max(200).openapi({ example: 'cataloguing' }),
    scopes: z
      .array(z.string().min(1).max(4096))
      .min(1)
      .max(100)
      .openapi({
        example: ['ark:/99999/x6'],
        description: `identifier prefixes; \`${ADMIN_SCOPE}\` for an administrator`,
      }),
    expiresAt: z
      .string()
      .max(40)
      .nullable()
      .optional()
      .openapi({ example: '2027-01-31T00:00:00Z', description: 'when it stops working (ISO 8601); never by default' }),
  })
  .openapi('TokenRequest');

const tokenJson = (t: TokenInfo) => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  createdAt: t.createdAt,
  revokedAt: t.revokedAt,
  expiresAt: t.expiresAt,
});

export function tokenRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  app.use('/api/v1/tokens/*', metricsLabel('admin'));
  app.use('/api/v1/tokens', metricsLabel('admin'));

  // The store and an administrator's token, or 404 / 401 / 403 before the handler.
  const admin: [MiddlewareHandler<AuthEnv>, MiddlewareHandler<AuthEnv>] = [requireToken(deps), requireAdmin];

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/tokens',
      summary: 'Create a token (its secret is in this answer only)',
      ...adminRoute,
      middleware: admin,
      request: { body: jsonBody(TokenBody) },
      responses: {
        201: {
          description: 'The new token and its secret',
          content: { 'application/json': { schema: CreatedTokenSchema } },
        },
        ...errors,
        ...bodyResponses,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const made = await c.var.store.createToken(body.name, body.scopes, { expiresAt: body.expiresAt ?? null });
      if (!made.ok) return storeProblem(c, made.error);
      return c.json({ ...tokenJson(made.value), token: made.value.token }, 201, { 'cache-control': 'no-store' });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/tokens',
      summary: 'Every token, without its secret',
      ...adminRoute,
      middleware: admin,
      responses: {
        200: {
          description: 'The tokens, oldest first',
          content: { 'application/json': { schema: z.object({ items: z.array(TokenSchema) }) } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const list = await c.var.store.listTokens();
      if (!list.ok) return storeProblem(c, list.error);
      return c.json({ items: list.value.map(tokenJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/tokens/{id}',
      summary: 'Revoke a token (idempotent)',
      ...adminRoute,
      middleware: admin,
      request: {
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(200)
            .openapi({ param: { name: 'id', in: 'path' } }),
        }),
      },
      responses: {
        200: { description: 'The revoked token', content: { 'application/json': { schema: TokenSchema } } },
        ...errors,
        404: problemAnswer('No such token, or no store (`store-disabled`)'),
      },
    }),
    async (c) => {
      const revoked = await c.var.store.revokeToken(c.req.valid('param').id);
      if (!revoked.ok) return storeProblem(c, revoked.error);
      return c.json(tokenJson(revoked.value), 200);
    },
  );
}
