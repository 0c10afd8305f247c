import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ADMIN_SCOPE, isAdmin, type TokenInfo } from '@pidgate/store';
import { authenticate, noStore, storeProblem } from '../auth.ts';
import type { AppDeps } from '../deps.ts';
import type { GatewayEnv } from '../env.ts';
import { problem, problemResponse } from '../problem.ts';
import { ProblemSchema } from '../schemas.ts';

/**
 * Tokens over HTTP (`/api/v1/tokens`): create (the secret is in the answer, once), list (never a secret)
 * and revoke. Only an administrator's token (scope `pidgate:admin`, `pidgate token create --admin`) may;
 * the CLI does the same on the database directly.
 */

const problemContent = { 'application/problem+json': { schema: ProblemSchema } };
const errors = {
  400: { description: 'Invalid request', content: problemContent },
  401: { description: 'No valid bearer token', content: problemContent },
  403: { description: "The token is not an administrator's", content: problemContent },
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
  app.use('/api/v1/tokens/*', async (c, next) => {
    c.set('scheme', 'admin');
    await next();
  });
  app.use('/api/v1/tokens', async (c, next) => {
    c.set('scheme', 'admin');
    await next();
  });

  /** The store and the caller's token when it is an administrator's; else the problem to answer. */
  const admin = async (c: Parameters<typeof authenticate>[0]) => {
    if (!deps.store) return noStore();
    const token = await authenticate(c, deps.store);
    if (token instanceof Response) return token;
    if (!isAdmin(token)) {
      return problemResponse(
        problem(403, 'not-admin', `managing tokens needs an administrator's token (scope ${ADMIN_SCOPE})`),
      );
    }
    return { store: deps.store, token };
  };

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/tokens',
      summary: 'Create a token (its secret is in this answer only)',
      tags: ['Administration'],
      security: [{ bearer: [] }],
      request: { body: { required: true, content: { 'application/json': { schema: TokenBody } } } },
      responses: {
        201: {
          description: 'The new token and its secret',
          content: { 'application/json': { schema: CreatedTokenSchema } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const who = await admin(c);
      if (who instanceof Response) return who as never;
      const body = c.req.valid('json');
      const made = await who.store.createToken(body.name, body.scopes, { expiresAt: body.expiresAt ?? null });
      if (!made.ok) return storeProblem(made.error) as never;
      return c.json({ ...tokenJson(made.value), token: made.value.token }, 201, { 'cache-control': 'no-store' });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/tokens',
      summary: 'Every token, without its secret',
      tags: ['Administration'],
      security: [{ bearer: [] }],
      responses: {
        200: {
          description: 'The tokens, oldest first',
          content: { 'application/json': { schema: z.object({ items: z.array(TokenSchema) }) } },
        },
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const who = await admin(c);
      if (who instanceof Response) return who as never;
      const list = await who.store.listTokens();
      if (!list.ok) return storeProblem(list.error) as never;
      return c.json({ items: list.value.map(tokenJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/tokens/{id}',
      summary: 'Revoke a token (idempotent)',
      tags: ['Administration'],
      security: [{ bearer: [] }],
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
        404: { description: 'No such token', content: problemContent },
      },
    }),
    async (c) => {
      const who = await admin(c);
      if (who instanceof Response) return who as never;
      const revoked = await who.store.revokeToken(c.req.valid('param').id);
      if (!revoked.ok) return storeProblem(revoked.error) as never;
      return c.json(tokenJson(revoked.value), 200);
    },
  );
}
