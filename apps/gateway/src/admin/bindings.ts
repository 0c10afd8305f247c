import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Identifier } from '@pidgate/core';
import { type PdiComponents, parsePdi, resourceKey } from '@pidgate/pdi';
import type { AnyIdentifier } from '@pidgate/schemes';
import type { Binding, PdiVersion, Store, StoreResult } from '@pidgate/store';
import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import {
  type GatewayEnv,
  ProblemSchema,
  parseProblem,
  problem,
  problemJson,
  publicBase,
  requestTarget,
} from '../http/index.ts';
import {
  keyIdentifier,
  pdiSelector,
  pointsBack,
  prefixRuleKey,
  qualifiedPdi,
  storageKey,
} from '../resolution/index.ts';
import {
  BindingBody,
  BindingPage,
  BindingSchema,
  ImportLineResult,
  ListQuery,
  PdiBindingBody,
  PdiVersionPage,
  PdiVersionSchema,
} from './admin-schemas.ts';
import { type AuthEnv, adminResponses, forbidden, requireToken, storeProblem, tokenCovers } from './auth.ts';
import { bodyLines, ercProblem, importLines } from './importer.ts';

const PREFIX = '/api/v1/bindings/';
const problemContent = { 'application/problem+json': { schema: ProblemSchema } };
const IdentifierParam = z.object({
  identifier: z.string().openapi({
    param: { name: 'identifier', in: 'path' },
    description: 'The identifier as written (slashes and all), e.g. ark:/99999/x6np1wh8k or urn:pdi://ap.org.us',
    example: 'ark:/99999/x6np1wh8k',
  }),
});

export function bindingJson(b: Binding) {
  return {
    // A prefix rule is stored under a marked key: it answers as its ARK, with `prefix: true`.
    ...keyIdentifier(b.key),
    target: b.target,
    status: b.status,
    erc: b.erc,
    support: b.support,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    version: b.version,
    tombstoned: b.tombstoned,
    deletedAt: b.deletedAt,
    identifierStatus: b.identifierStatus,
    statusReason: b.statusReason,
    owner: b.owner,
    metadata: b.metadata,
  };
}

function pdiJson(v: PdiVersion) {
  return {
    identifier: qualifiedPdi(v),
    resource: v.resourceKey,
    format: v.format,
    version: v.version,
    target: v.target,
    erc: v.erc,
    createdAt: v.createdAt,
  };
}

/** A document series alone (`urn:pdi://ap.org.us`): PUT mints the day's next serial number under it. */
const PDI_SERIES = /^(?:urn:)?pdi:\/\/([A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9][A-Za-z0-9-]*)+)\/?$/i;

async function readJson(c: Context): Promise<{ value: unknown } | Response> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!/^application\/(?:[\w.+-]*\+)?json\b/.test(type)) {
    return problemJson(c, problem(415, 'unsupported-media-type', 'send the binding as application/json'));
  }
  try {
    return { value: await c.req.json() };
  } catch {
    return problemJson(c, problem(400, 'invalid-json', 'the body is not JSON'));
  }
}

function invalid(c: Context, error: z.ZodError): Response {
  return problemJson(
    c,
    problem(400, 'invalid-binding', error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), {
      issues: error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    }),
  );
}

function today(): { date: string; path: string } {
  const d = new Date().toISOString().slice(0, 10);
  return { date: d, path: d.replace(/-/g, '/') };
}

/** Admin API for bindings: one identifier (PUT, GET, DELETE), a paged list, NDJSON import and export. */
export function bindingRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const auth = requireToken(deps);

  app.use('/api/v1/bindings', async (c, next) => {
    c.set('scheme', 'admin');
    await next();
  });
  app.use('/api/v1/bindings/*', async (c, next) => {
    c.set('scheme', 'admin');
    await next();
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/bindings',
      summary: 'List bindings (keyset paging): those the token may see, optionally under a prefix',
      tags: ['Administration'],
      security: [{ bearer: [] }],
      middleware: auth,
      request: { query: ListQuery },
      responses: {
        ...adminResponses,
        200: {
          description: 'A page; pass `next` as `cursor` (under a PDI prefix: a page of PDI versions)',
          content: { 'application/json': { schema: z.union([BindingPage, PdiVersionPage]) } },
        },
        400: {
          description: "A bad prefix or limit, or a cursor that is not this listing's (`invalid-cursor`)",
          content: problemContent,
        },
      },
    }),
    async (c) => {
      const { store, token } = c.var;
      const q = c.req.valid('query');
      // PDI versions are listed under a PDI prefix (`?prefix=urn:pdi://ap.org.us/`), within the token's scopes.
      if (q.prefix && /^urn:pdi:/i.test(q.prefix)) {
        const denied = forbidden(token, q.prefix);
        if (denied) return problemJson(c, denied);
        // A bare series lists that series only (`urn:pdi://ap.org.us` is not a string prefix of `….us.evil.de`),
        // so no page or cursor holds a key of another series.
        const prefix = q.prefix.slice('urn:pdi://'.length).includes('/') ? q.prefix : `${q.prefix}/`;
        const pdis = await store.listPdi({ prefix, cursor: q.cursor, limit: q.limit });
        if (!pdis.ok) return storeProblem(c, pdis.error);
        const items = pdis.value.items.map(pdiJson).filter((v) => tokenCovers(token, v.resource));
        return c.json({ items, next: pdis.value.next }, 200);
      }
      const page = await store.listBindings({
        prefix: q.prefix,
        cursor: q.cursor,
        limit: q.limit,
        includeTombstoned: q.tombstoned === 'true',
        scopes: token.scopes,
      });
      if (!page.ok) return storeProblem(c, page.error);
      const items = page.value.items
        .filter((b) => tokenCovers(token, keyIdentifier(b.key).identifier))
        .map(bindingJson);
      return c.json({ items, next: page.value.next }, 200);
    },
  );

  const exportRoute = createRoute({
    method: 'get',
    path: '/api/v1/bindings/export',
    summary: 'Every binding the token may see (tombstones too), as NDJSON in key order; streamed',
    tags: ['Administration'],
    security: [{ bearer: [] }],
    request: { query: z.object({ prefix: ListQuery.shape.prefix }) },
    responses: {
      ...adminResponses,
      200: {
        description: 'One binding per line, in the form import takes',
        content: { 'application/x-ndjson': { schema: BindingSchema } },
      },
      400: { description: 'A bad prefix', content: problemContent },
    },
  });
  app.openAPIRegistry.registerPath(exportRoute);
  app.get('/api/v1/bindings/export', auth, (c) => exportBindings(c));

  const importRoute = createRoute({
    method: 'post',
    path: '/api/v1/bindings/import',
    summary: 'Bulk load: NDJSON, one binding a line ({"identifier", "target", "status"?, "erc"?, "support"?})',
    description:
      'Lines are written as they arrive, in transactions of up to 2000 lines; each line is answered (NDJSON, in order) once its transaction has committed, so an answered `ok` survives a crash. `?onExisting=replace|skip|fail`.',
    tags: ['Administration'],
    security: [{ bearer: [] }],
    request: {
      query: z.object({
        onExisting: z
          .enum(['replace', 'skip', 'fail'])
          .optional()
          .openapi({ param: { name: 'onExisting', in: 'query' } }),
      }),
      body: {
        required: true,
        content: { 'application/x-ndjson': { schema: z.string().openapi({ description: 'One binding per line' }) } },
      },
    },
    responses: {
      200: { description: 'One result per line', content: { 'application/x-ndjson': { schema: ImportLineResult } } },
      400: { description: '`onExisting` is not replace, skip or fail', content: problemContent },
      401: adminResponses[401],
      404: { description: 'A gateway without a store (`store-disabled`)', content: problemContent },
      503: adminResponses[503],
    },
  });
  app.openAPIRegistry.registerPath(importRoute);
  app.post('/api/v1/bindings/import', auth, (c) => importBindings(c, deps));

  const bindingContent = { 'application/json': { schema: z.union([BindingSchema, PdiVersionSchema]) } };
  const common = {
    ...adminResponses,
    400: { description: 'Not a well-formed identifier (the parser code), or a bad query', content: problemContent },
    414: {
      description: 'The identifier is longer than any key the store holds (`key-too-long`)',
      content: problemContent,
    },
  };
  // Each method documents the statuses it answers (issue 17): GET reads, PUT writes, DELETE tombstones.
  const responsesOf = {
    get: {
      ...common,
      200: { description: 'The binding (a PDI: the version)', content: bindingContent },
      404: { description: 'Not bound, or no store (`store-disabled`)', content: problemContent },
      410: { description: 'Deleted: the tombstone, never bound again', content: problemContent },
    },
    put: {
      ...common,
      200: { description: 'Replaced (or unchanged)', content: bindingContent },
      201: {
        description: 'Created (a PDI: the new version, or the new serial number of a series)',
        content: bindingContent,
      },
      400: {
        description: 'Bad identifier, body, target (one pointing back here) or series; a PDI series alone is only PUT',
        content: problemContent,
      },
      409: { description: 'If-Match / If-None-Match failed', content: problemContent },
      410: { description: 'The identifier was deleted and is never bound again', content: problemContent },
      413: { description: 'The body is larger than `bodyLimit`', content: problemContent },
      415: { description: 'The body is not JSON', content: problemContent },
    },
    delete: {
      ...common,
      200: { description: 'The tombstone', content: bindingContent },
      404: { description: 'Not bound, or no store (`store-disabled`)', content: problemContent },
      405: { description: 'A PDI is never deleted', content: problemContent },
      410: { description: 'Already deleted', content: problemContent },
    },
  };
  // `?prefix=true`: the binding is a prefix rule (shoulder-level, no separator needed; see docs/operating.md).
  const PrefixQuery = z.object({
    prefix: z
      .enum(['true', 'false'])
      .optional()
      .openapi({ param: { name: 'prefix', in: 'query' }, description: 'true: a prefix rule on this ARK' }),
  });
  const one = (method: 'get' | 'put' | 'delete', summary: string, extra: object) =>
    app.openAPIRegistry.registerPath(
      createRoute({
        method,
        path: '/api/v1/bindings/{identifier}',
        summary,
        tags: ['Administration'],
        security: [{ bearer: [] }],
        request: { params: IdentifierParam, query: PrefixQuery, ...extra },
        responses: responsesOf[method],
      }),
    );
  one('get', 'One binding, with `?history=true` every change (who, when, before, after)', {});
  one(
    'put',
    'Bind an ARK (create or replace; If-Match: "v<version>", If-None-Match: *), or bind the next version of a PDI; PUT on a PDI document series mints the day\'s next serial number',
    {
      body: {
        required: true,
        content: { 'application/json': { schema: z.union([BindingBody, PdiBindingBody]) } },
      },
    },
  );
  one('delete', 'Delete (tombstone) an ARK: it resolves 410 Gone from then on and is never bound again', {});

  app.on(['GET', 'PUT', 'DELETE'], '/api/v1/bindings/:identifier{.+}', auth, (c) => oneBinding(c, deps));
}

type Admin = Context<GatewayEnv & AuthEnv>;

async function* emptyPages(): AsyncIterable<StoreResult<Binding>> {}

/** The bindings, then every PDI version under each of `ranges` (key prefixes), a page at a time. */
async function* withPdis(
  arks: AsyncIterable<StoreResult<Binding>>,
  store: Store,
  ranges: readonly string[],
): AsyncIterable<StoreResult<Binding | PdiVersion>> {
  yield* arks;
  for (const prefix of ranges) {
    let cursor: string | undefined;
    for (;;) {
      const page = await store.listPdi({ prefix, cursor, limit: 1000 });
      if (!page.ok) {
        yield page;
        return;
      }
      for (const v of page.value.items) yield { ok: true, value: v };
      if (!page.value.next) break;
      cursor = page.value.next;
    }
  }
}

/** The export line of a binding or PDI version, or '' when the token's scopes do not cover it. */
function exportLine(token: AuthEnv['Variables']['token'], b: Binding | PdiVersion): string {
  if ('resourceKey' in b) return tokenCovers(token, b.resourceKey) ? `${JSON.stringify(pdiJson(b))}\n` : '';
  return tokenCovers(token, keyIdentifier(b.key).identifier) ? `${JSON.stringify(bindingJson(b))}\n` : '';
}

/** `GET /api/v1/bindings/export`: NDJSON, streamed a page at a time (constant memory). */
async function exportBindings(c: Admin): Promise<Response> {
  const { store, token } = c.var;
  const prefix = c.req.query('prefix') ?? '';
  // The store reads only the key range under the prefix, a page at a time (constant memory); then the
  // PDI versions under the token's PDI scopes (or under a PDI prefix), in the same form as the listing.
  const pdiPrefix = /^urn:pdi:/i.test(prefix);
  const arks = pdiPrefix ? emptyPages() : store.exportBindings({ prefix, scopes: token.scopes });
  const pdiRanges = pdiPrefix
    ? tokenCovers(token, prefix)
      ? [prefix]
      : []
    : token.scopes.filter((scope) => /^urn:pdi:/i.test(scope) && scope.startsWith(prefix)).map((s) => `${s}/`);
  const iterator = withPdis(arks, store, pdiRanges)[Symbol.asyncIterator]();
  // The first page decides the status: a bad prefix is 400, a failing store 503, as problem documents.
  let first: IteratorResult<StoreResult<Binding | PdiVersion>> | null = await iterator.next();
  if (!first.done && !first.value.ok) return storeProblem(c, first.value.error);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let out = '';
      while (out.length < 1 << 16) {
        const next = first ?? (await iterator.next());
        first = null;
        if (next.done) {
          if (out) controller.enqueue(encoder.encode(out));
          controller.close();
          return;
        }
        if (!next.value.ok) {
          out += `${JSON.stringify({ ok: false, code: next.value.error.code, detail: next.value.error.message })}\n`;
          controller.enqueue(encoder.encode(out));
          controller.close();
          return;
        }
        out += exportLine(token, next.value.value);
      }
      controller.enqueue(encoder.encode(out));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return c.body(stream, 200, { 'content-type': 'application/x-ndjson' });
}

/** `POST /api/v1/bindings/import`: each line answered (NDJSON) once its transaction has committed. */
function importBindings(c: Admin, deps: AppDeps): Response {
  const { store, token } = c.var;
  const onExisting = c.req.query('onExisting') ?? 'replace';
  if (onExisting !== 'replace' && onExisting !== 'skip' && onExisting !== 'fail') {
    return problemJson(c, problem(400, 'invalid-request', 'onExisting is replace, skip or fail'));
  }
  const encoder = new TextEncoder();
  const body = c.req.raw.body;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let out = '';
      const totals = await importLines(bodyLines(body), {
        store,
        registry: deps.registry,
        profile: deps.config.profile,
        scopes: token.scopes,
        actor: token.id,
        onExisting,
        emit: (r) => {
          out += `${JSON.stringify(r)}\n`;
        },
        // The answers of each transaction go out as soon as it has committed.
        flush: () => {
          if (out) controller.enqueue(encoder.encode(out));
          out = '';
        },
      }).catch((e: Error) => ({ stopped: e.message }) as { stopped: string });
      if (out) controller.enqueue(encoder.encode(out));
      if (totals.stopped) {
        controller.enqueue(
          encoder.encode(`${JSON.stringify({ ok: false, code: 'import-stopped', detail: totals.stopped })}\n`),
        );
      }
      controller.close();
    },
  });
  return c.body(stream, 200, { 'content-type': 'application/x-ndjson' });
}

/** The identifier of `/api/v1/bindings/{identifier}` exactly as written (nothing decoded), and the query. */
function bindingTarget(c: Context): { raw: string; query: URLSearchParams } {
  const target = requestTarget(c);
  const rest = target.slice(target.indexOf(PREFIX) + PREFIX.length);
  const q = rest.indexOf('?');
  return {
    raw: q === -1 ? rest : rest.slice(0, q),
    query: new URLSearchParams(q === -1 ? '' : rest.slice(q + 1)),
  };
}

/** `GET | PUT | DELETE /api/v1/bindings/{identifier}`: a PDI series, a PDI or an ARK, each by its own rules. */
async function oneBinding(c: Admin, deps: AppDeps): Promise<Response> {
  const { raw, query } = bindingTarget(c);
  const series = PDI_SERIES.exec(raw);
  if (series) {
    if (c.req.method !== 'PUT') {
      return problemJson(
        c,
        problem(400, 'pdi-series', 'a document series alone is only PUT (to mint a serial number)'),
      );
    }
    return mintSerial(c, deps, (series[1] as string).toLowerCase());
  }
  const parsed = deps.registry.parse(raw, deps.config.profile);
  if (!parsed.ok) return problemJson(c, parseProblem(parsed.error, raw));
  const id = parsed.value;
  if (id.scheme === 'pdi') return pdiBinding(c, deps, id as Identifier<PdiComponents>);
  if (id.scheme !== 'ark') {
    return problemJson(
      c,
      problem(400, 'scheme-not-bindable', `${id.scheme} identifiers are resolved by their own rules, not bound here`),
    );
  }
  return arkBinding(c, deps, id, query.get('prefix') === 'true', query.get('history') === 'true');
}

/**
 * An ARK's binding. One key whatever the profile (`ark:/` and `ark:` are one identifier): see bound.ts
 * storageKey. `?prefix=true`: the binding is a prefix rule, covering every ARK that starts with it (no separator).
 */
async function arkBinding(c: Admin, deps: AppDeps, id: AnyIdentifier, isRule: boolean, history: boolean) {
  const arkKey = storageKey(id, deps.registry);
  const key = isRule ? prefixRuleKey(arkKey) : arkKey;
  const denied = forbidden(c.var.token, arkKey);
  if (denied) return problemJson(c, denied);
  if (isRule && c.req.method === 'PUT') {
    const naan = (id.components as { naan: string }).naan.toLowerCase();
    if (!(await deps.own?.refresh().then(() => deps.own?.has(naan)))) {
      return problemJson(
        c,
        problem(
          400,
          'prefix-rule-not-own',
          `prefix rules are kept under this institution's own NAANs; ${naan} is not one (declare it with a shoulder first)`,
        ),
      );
    }
  }
  if (c.req.method === 'GET') return getArk(c, key, history);
  if (c.req.method === 'DELETE') return deleteArk(c, deps, key);
  return putArk(c, deps, key);
}

/** GET: the binding, with `?history=true` every change. */
async function getArk(c: Admin, key: string, withHistory: boolean): Promise<Response> {
  const { store } = c.var;
  const found = await store.getBinding(key);
  if (!found.ok) return storeProblem(c, found.error, { identifier: key });
  const body: Record<string, unknown> = bindingJson(found.value);
  if (withHistory) {
    const history = await store.history(key);
    if (!history.ok) return storeProblem(c, history.error);
    body['history'] = history.value.map((h) => ({
      at: h.at,
      actor: h.actor,
      action: h.action,
      before: h.before && bindingJson(h.before),
      after: bindingJson(h.after),
    }));
  }
  return c.json(body, 200, { etag: `"v${found.value.version}"` });
}

/** DELETE: the tombstone. */
async function deleteArk(c: Admin, deps: AppDeps, key: string): Promise<Response> {
  const deleted = await c.var.store.deleteBinding(key, c.var.token.id);
  if (!deleted.ok) return storeProblem(c, deleted.error, { identifier: key });
  deps.rules?.invalidate();
  return c.json(bindingJson(deleted.value), 200);
}

/** PUT: create or replace (If-Match: "v<version>", If-None-Match: *); 201 when created. */
async function putArk(c: Admin, deps: AppDeps, key: string): Promise<Response> {
  const { store, token } = c.var;
  const json = await readJson(c);
  if (json instanceof Response) return json;
  const input = BindingBody.safeParse(json.value);
  if (!input.success) return invalid(c, input.error);
  const why = ercProblem(input.data.erc, input.data.support);
  if (why) return problemJson(c, problem(400, 'invalid-erc', why));
  if (pointsBack(input.data.target, deps.self, c.req.header('host'))) return targetLoop(c, input.data.target);
  const ifMatch = /^"v(\d+)"$/.exec(c.req.header('if-match') ?? '');
  // The owner (EZID's `_owner`) is the token's name unless the body names one.
  const put = await store.putBinding(key, { owner: token.name, ...input.data }, token.id, {
    ...(c.req.header('if-none-match') === '*' ? { ifAbsent: true } : {}),
    ...(ifMatch ? { ifVersion: Number(ifMatch[1]) } : {}),
  });
  if (!put.ok) return storeProblem(c, put.error, { identifier: key });
  deps.rules?.invalidate();
  const { action, binding } = put.value;
  const headers = {
    etag: `"v${binding.version}"`,
    location: `${publicBase(c, deps.config)}${keyIdentifier(binding.key).identifier}`,
  };
  return c.json({ ...bindingJson(binding), action }, action === 'created' ? 201 : 200, headers);
}

/** 400 `target-loop`: a target on this gateway that names an identifier would redirect back here. */
function targetLoop(c: Context, target: string): Response {
  return problemJson(
    c,
    problem(400, 'target-loop', `${target} points back at this gateway: it would resolve in a loop`, { target }),
  );
}

async function pdiBinding(c: Admin, deps: AppDeps, id: Identifier<PdiComponents>): Promise<Response> {
  const comp = id.components;
  if (comp.wildcards.length > 0) {
    return problemJson(c, problem(400, 'pdi-query', 'a PDI with wildcards names a set: bind one PDI at a time'));
  }
  const key = resourceKey(comp);
  // The store keys on the canonical parts: `.TEXT.01` is `.text.1`.
  const selector = pdiSelector(comp);
  const denied = forbidden(c.var.token, key);
  if (denied) return problemJson(c, denied);
  if (c.req.method === 'DELETE') {
    return problemJson(
      c,
      problem(405, 'pdi-immutable', 'a PDI binding is never changed or deleted: a change is a new version'),
      { allow: 'GET, PUT' },
    );
  }
  if (c.req.method === 'GET') {
    if (selector === null) {
      return problemJson(
        c,
        problem(404, 'not-found', `${id.normalized} has no such PDI binding`, { identifier: id.normalized }),
      );
    }
    const found = await c.var.store.getPdi(key, selector.format, selector.version);
    if (!found.ok) return storeProblem(c, found.error, { identifier: id.normalized });
    return c.json(pdiJson(found.value), 200);
  }
  if (comp.version !== null) {
    return problemJson(
      c,
      problem(400, 'pdi-version-assigned', 'versions are assigned by the gateway: PUT the PDI without its version'),
    );
  }
  const json = await readJson(c);
  if (json instanceof Response) return json;
  const input = PdiBindingBody.safeParse(json.value);
  if (!input.success) return invalid(c, input.error);
  const canonical = selector?.format;
  const format = canonical ?? input.data.format;
  if (!format) return problemJson(c, problem(400, 'format-required', 'give the format in the PDI or as "format"'));
  if (canonical && input.data.format && input.data.format.toLowerCase() !== canonical) {
    return problemJson(c, problem(400, 'format-mismatch', 'the body names another format than the PDI'));
  }
  return putVersion(c, deps, key, format, input.data);
}

async function putVersion(
  c: Admin,
  deps: AppDeps,
  key: string,
  format: string,
  input: z.infer<typeof PdiBindingBody>,
): Promise<Response> {
  if (input.erc) {
    const why = ercProblem(input.erc, null);
    if (why) return problemJson(c, problem(400, 'invalid-erc', why));
  }
  const made = await c.var.store.putPdiVersion(
    key,
    format,
    input.target,
    c.var.token.id,
    input.erc ? { erc: input.erc } : {},
  );
  if (!made.ok) return storeProblem(c, made.error, { identifier: key });
  const body = pdiJson(made.value);
  return c.json(body, 201, { location: `${publicBase(c, deps.config)}${body.identifier}` });
}

/** A document series alone, checked by the PDI grammar (§2.2: the last component is an ISO 3166 country code). */
function seriesProblem(series: string) {
  const parsed = parsePdi(`urn:pdi://${series}/2000/01/01/1`);
  if (parsed.ok) return null;
  return problem(
    400,
    parsed.error.code,
    `${JSON.stringify(series)} is not a PDI document series: ${parsed.error.message}`,
  );
}

async function mintSerial(c: Admin, deps: AppDeps, series: string): Promise<Response> {
  const invalidSeries = seriesProblem(series);
  if (invalidSeries) return problemJson(c, invalidSeries);
  const denied = forbidden(c.var.token, `urn:pdi://${series}`);
  if (denied) return problemJson(c, denied);
  const json = await readJson(c);
  if (json instanceof Response) return json;
  const input = PdiBindingBody.safeParse(json.value);
  if (!input.success) return invalid(c, input.error);
  if (!input.data.format) return problemJson(c, problem(400, 'format-required', 'give the format as "format"'));
  const day = today();
  const serial = await c.var.store.nextSerial(series, day.date);
  if (!serial.ok) return storeProblem(c, serial.error);
  return putVersion(c, deps, `urn:pdi://${series}/${day.path}/${serial.value}`, input.data.format, input.data);
}
