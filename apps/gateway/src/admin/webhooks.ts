import { randomBytes } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { err, ok } from '@pidgate/core';
import {
  type Principal,
  relationOf,
  type Store,
  type StoreResult,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
} from '@pidgate/store';
import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import {
  adminResponses,
  adminRoute,
  bodyResponses,
  type GatewayEnv,
  jsonBody,
  metricsLabel,
  problem,
  problemAnswer,
  problemJson,
} from '../http/index.ts';
import { requireToken, storeProblem } from './auth.ts';

/**
 * Link webhooks over HTTP (`/api/v1/webhooks`, issue 25): a user's or a group's subscriptions to the link
 * checker's `broken` and `recovered` events (delivered by links/webhooks.ts). Who may manage one follows the
 * ownership rule (store's ownership.ts): the owner, a co-owner the owner named, the members of the group,
 * administrators; never a read-only account. The secret is shown once, when it is made; after that only
 * `"secretSet": true`.
 */

/** May this principal see and manage this subscription? */
export function mayManageWebhook(p: Principal, hook: Pick<Webhook, 'owner' | 'group'>): boolean {
  if (p.role === 'readonly') return false;
  const relation = relationOf(p, { key: '', owner: hook.owner, ownerGroup: hook.group, identifierStatus: 'public' });
  return relation !== null && relation !== 'unowned';
}

/** The subscriptions a principal may manage: all for an administrator, else its own, its owners' and its groups'. */
export async function webhooksOf(store: Store, p: Principal): Promise<StoreResult<Webhook[]>> {
  if (p.role === 'admin') return store.webhooks.list();
  if (p.role === 'readonly') return { ok: true, value: [] };
  return store.webhooks.list({ owners: [p.username, ...p.coOwnerOf], groups: p.groups });
}

/** The user or group a subscription names exists: `unknown-user` / `unknown-group` otherwise. */
export async function checkSubscriber(
  store: Store,
  owner: string | null,
  group: string | null,
): Promise<StoreResult<void>> {
  if (owner !== null) {
    const user = await store.getUser(owner);
    if (!user.ok) return user;
  }
  if (group !== null) {
    const groups = await store.listGroups();
    if (!groups.ok) return groups;
    if (!groups.value.some((g) => g.name === group)) {
      return err('unknown-group', `no group ${group}`);
    }
  }
  return ok(undefined);
}

/** A new secret, when the caller gives none: 32 random bytes, base64url. */
export const newWebhookSecret = (): string => randomBytes(32).toString('base64url');

const WebhookSchema = z
  .object({
    id: z.string().openapi({ example: 'wh_3q2cQ0aH1lX8k9mN' }),
    owner: z.string().nullable().openapi({ description: 'the user whose identifiers it covers (or null)' }),
    group: z.string().nullable().openapi({ description: 'the group whose identifiers it covers (or null)' }),
    url: z.string().openapi({ example: 'https://hooks.example.org/pidgate' }),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    secretSet: z.literal(true).openapi({ description: 'the secret is never shown after creation' }),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .openapi('Webhook');

const CreatedSchema = WebhookSchema.extend({
  secret: z.string().openapi({ description: 'The signing secret: in this answer only' }),
}).openapi('CreatedWebhook');

const DeliverySchema = z
  .object({
    id: z.string(),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    events: z.number().int(),
    dueAt: z.string(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('WebhookDelivery');

export const WebhookBody = z
  .strictObject({
    url: z
      .string()
      .min(1)
      .max(2048)
      .refine((u) => {
        try {
          const parsed = new URL(u);
          return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password;
        } catch {
          return false;
        }
      }, 'an absolute http or https URL, without a user or password')
      .openapi({ example: 'https://hooks.example.org/pidgate' }),
    owner: z.string().min(1).max(200).optional().openapi({ description: 'a user (by default the caller)' }),
    group: z.string().min(1).max(200).optional().openapi({ description: 'a group, instead of an owner' }),
    secret: z
      .string()
      .min(16)
      .max(200)
      .optional()
      .openapi({ description: 'the signing secret (16 to 200 characters); made for you when left out' }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1)
      .max(2)
      .optional()
      .openapi({ description: 'by default both, `broken` and `recovered`' }),
    enabled: z.boolean().optional(),
  })
  .refine((b) => b.owner === undefined || b.group === undefined, {
    path: ['group'],
    message: 'an owner or a group, not both',
  })
  .openapi('WebhookRequest');

export const webhookJson = (w: Webhook) => ({
  id: w.id,
  owner: w.owner,
  group: w.group,
  url: w.url,
  events: [...w.events],
  enabled: w.enabled,
  secretSet: true as const,
  createdAt: w.createdAt,
  createdBy: w.createdBy,
});

function forbidden(c: Context, what: string) {
  return problemJson(c, problem(403, 'webhook-forbidden', `you may not manage ${what}`));
}

function invalid(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  c: Context,
) {
  if (result.success || !result.error) return undefined;
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
  const detail = issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return problemJson(c, problem(400, 'invalid-webhook', `the webhook is not valid: ${detail}`, { issues }));
}

const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const errors = {
  ...adminResponses,
  403: problemAnswer('Not the caller’s webhook, nor its group’s (`webhook-forbidden`)'),
};

export function webhookRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  app.use('/api/v1/webhooks', metricsLabel('admin'));
  app.use('/api/v1/webhooks/*', metricsLabel('admin'));

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/webhooks',
      summary: 'Subscribe a user or a group to the link checker’s broken and recovered events',
      description:
        'Deliveries are HMAC-signed JSON POSTs (docs/links.md, "Webhooks"). The secret is in this answer only.',
      ...adminRoute,
      middleware: requireToken(deps),
      request: { body: jsonBody(WebhookBody) },
      responses: {
        201: {
          description: 'The subscription and its secret',
          content: { 'application/json': { schema: CreatedSchema } },
        },
        ...errors,
        ...bodyResponses,
        400: problemAnswer('A bad field (`invalid-webhook`)'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const p = c.var.principal;
      const owner = body.group !== undefined ? null : (body.owner ?? p.username);
      const group = body.group ?? null;
      if (!mayManageWebhook(p, { owner, group })) {
        return forbidden(c, group !== null ? `the webhooks of group ${group}` : `the webhooks of ${owner}`);
      }
      const exists = await checkSubscriber(c.var.store, owner, group);
      if (!exists.ok) return storeProblem(c, exists.error);
      const secret = body.secret ?? newWebhookSecret();
      const made = await c.var.store.webhooks.create(
        {
          owner,
          group,
          url: body.url,
          secret,
          events: (body.events ?? [...WEBHOOK_EVENTS]) as WebhookEvent[],
          enabled: body.enabled ?? true,
          createdBy: p.username,
        },
        new Date().toISOString(),
      );
      if (!made.ok) return storeProblem(c, made.error);
      return c.json({ ...webhookJson(made.value), secret }, 201, { 'cache-control': 'no-store' });
    },
    invalid,
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/webhooks',
      summary: 'The webhooks the caller manages (every one, for an administrator)',
      ...adminRoute,
      middleware: requireToken(deps),
      responses: {
        200: {
          description: 'The subscriptions, oldest first, without their secrets',
          content: { 'application/json': { schema: z.object({ items: z.array(WebhookSchema) }) } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const list = await webhooksOf(c.var.store, c.var.principal);
      if (!list.ok) return storeProblem(c, list.error);
      return c.json({ items: list.value.map(webhookJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/webhooks/{id}',
      summary: 'One webhook and its latest deliveries',
      ...adminRoute,
      middleware: requireToken(deps),
      request: { params: idParam },
      responses: {
        200: {
          description: 'The subscription and its last 50 deliveries, newest first',
          content: {
            'application/json': { schema: WebhookSchema.extend({ deliveries: z.array(DeliverySchema) }) },
          },
        },
        ...errors,
      },
    }),
    async (c) => {
      const hook = await c.var.store.webhooks.get(c.req.valid('param').id);
      // Someone else's subscription is answered as if it did not exist.
      if (!hook.ok || !mayManageWebhook(c.var.principal, hook.value)) {
        return hook.ok || hook.error.code === 'not-found'
          ? problemJson(c, problem(404, 'not-found', 'no such webhook'))
          : storeProblem(c, hook.error);
      }
      const deliveries = await c.var.store.webhooks.deliveries(hook.value.id, 50);
      if (!deliveries.ok) return storeProblem(c, deliveries.error);
      return c.json(
        {
          ...webhookJson(hook.value),
          deliveries: deliveries.value.map(({ webhook: _w, ...d }) => d),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/webhooks/{id}',
      summary: 'Remove a webhook (its waiting events and deliveries with it)',
      ...adminRoute,
      middleware: requireToken(deps),
      request: { params: idParam },
      responses: {
        200: { description: 'The removed subscription', content: { 'application/json': { schema: WebhookSchema } } },
        ...errors,
      },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const hook = await c.var.store.webhooks.get(id);
      if (!hook.ok || !mayManageWebhook(c.var.principal, hook.value)) {
        return hook.ok || hook.error.code === 'not-found'
          ? problemJson(c, problem(404, 'not-found', 'no such webhook'))
          : storeProblem(c, hook.error);
      }
      const removed = await c.var.store.webhooks.remove(id);
      if (!removed.ok) return storeProblem(c, removed.error);
      return c.json(webhookJson(removed.value), 200);
    },
  );
}
