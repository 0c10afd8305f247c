import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { mayCreate, type Shoulder } from '@pidgate/store';
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
import { storageKey } from '../resolution/index.ts';
import { MintBody, MintResponse, ShoulderBody, ShoulderSchema } from './admin-schemas.ts';
import { forbidden, requireToken, storeProblem, tokenCovers } from './auth.ts';
import { ercProblem } from './importer.ts';
import { declareShoulder, mint, shoulderKey } from './minter.ts';
import { actorOf, ownedInput, ownershipChangeProblem, refusalProblem, shoulderGroup } from './ownership.ts';

const errors = {
  ...adminResponses,
  403: problemAnswer("The token's scopes do not cover the shoulder"),
  404: problemAnswer('No such shoulder or NAAN, or no store (`store-disabled`)'),
  409: problemAnswer('The template has no identifiers left, or the shoulder exists'),
};

function shoulderJson(s: Shoulder) {
  return {
    shoulder: s.key,
    naan: s.naan,
    template: s.template,
    minted: s.minted,
    capacity: s.capacity,
    createdAt: s.createdAt,
  };
}

/** Fill `{id}` in a target with the minted identifier. */
function fill(target: string, id: string): string {
  return target.replaceAll('{id}', id);
}

/** Minting (`POST /api/v1/mint`) and the shoulders this institution serves (`/api/v1/shoulders`). */
export function mintingRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const { registry, config } = deps;
  const auth = requireToken(deps);
  for (const path of ['/api/v1/mint', '/api/v1/shoulders']) {
    app.use(path, metricsLabel('admin'));
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/mint',
      summary:
        'Mint identifiers on a shoulder (its NOID template, NCDA check character); with `bind`, bind each ({id} in the target is the new identifier)',
      ...adminRoute,
      middleware: auth,
      request: { body: jsonBody(MintBody) },
      responses: {
        200: {
          description: 'The new identifiers, in minting order',
          content: { 'application/json': { schema: MintResponse } },
        },
        ...errors,
        ...bodyResponses,
      },
    }),
    async (c) => {
      const { store, token, principal } = c.var;
      const body = c.req.valid('json');
      const parsed = registry.parse(body.shoulder, config.profile);
      const key = parsed.ok ? storageKey(parsed.value, registry) : body.shoulder;
      const denied = forbidden(token, key);
      if (denied) return problemJson(c, denied);
      // Under a shoulder assigned to a group only its members (and administrators) mint.
      const group = await shoulderGroup(store, key);
      if (!group.ok) return storeProblem(c, group.error, { shoulder: key });
      if (!mayCreate(principal, key, group.value)) return problemJson(c, refusalProblem('forbidden', key));
      const owned = body.bind ? ownedInput(principal, null, body.bind, group.value) : null;
      if (owned === 'ownership-change') return problemJson(c, ownershipChangeProblem(key));
      if (body.bind) {
        const why = ercProblem(body.bind.erc, body.bind.support);
        if (why) return problemJson(c, problem(400, 'invalid-erc', why));
      }
      const minted = await mint(store, registry, config.profile, key, body.count);
      if (!minted.ok) return storeProblem(c, minted.error, { shoulder: key });
      if (body.bind) {
        const bind = owned ?? body.bind;
        const items = minted.value.map((id) => ({ ...bind, key: id, target: fill(bind.target, id) }));
        const failures: string[] = [];
        const done = await store.importBindings(items, {
          actor: actorOf(principal),
          acting: { principal },
          onExisting: 'fail',
          batchSize: Math.max(1, items.length),
          onResult: (r) => {
            if (!r.ok) failures.push(`${r.key}: ${r.error.code}`);
          },
        });
        if (!done.ok) return storeProblem(c, done.error);
        if (failures.length > 0) {
          return problemJson(
            c,
            problem(400, 'mint-bind-failed', `minted, but not bound: ${failures.slice(0, 5).join('; ')}`, {
              identifiers: minted.value,
            }),
          );
        }
      }
      return c.json({ shoulder: key, identifiers: minted.value, bound: body.bind !== undefined }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/shoulders',
      summary: 'The shoulders this institution mints on (those the token may see)',
      ...adminRoute,
      middleware: auth,
      responses: {
        200: {
          description: 'Shoulders with their template and how many were minted',
          content: { 'application/json': { schema: z.object({ shoulders: z.array(ShoulderSchema) }) } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const { store, token } = c.var;
      const list = await store.listShoulders();
      if (!list.ok) return storeProblem(c, list.error);
      const shoulders = list.value.filter((s) => tokenCovers(token, s.key)).map(shoulderJson);
      return c.json({ shoulders }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/shoulders',
      summary:
        "Declare a shoulder this institution mints on, with its NOID template (its prefix is the shoulder's Name: ark:/99999/x6 takes x6.reeddk); its NAAN is declared with it",
      ...adminRoute,
      middleware: auth,
      request: { body: jsonBody(ShoulderBody) },
      responses: {
        201: { description: 'Declared', content: { 'application/json': { schema: ShoulderSchema } } },
        ...errors,
        ...bodyResponses,
      },
    }),
    async (c) => {
      const { store, token } = c.var;
      const body = c.req.valid('json');
      const checked = shoulderKey(registry, config.profile, body.shoulder, body.template);
      if (!checked.ok) return problemJson(c, problem(400, checked.error.code, checked.error.message));
      const denied = forbidden(token, checked.value.key);
      if (denied) return problemJson(c, denied);
      const made = await declareShoulder(store, registry, config.profile, body);
      if (!made.ok) return storeProblem(c, made.error, { shoulder: checked.value.key });
      return c.json(shoulderJson(made.value), 201);
    },
  );
}
