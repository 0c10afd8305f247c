import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Identifier, Result } from '@pidgate/core';
import { type PdiComponents, parsePdi, resourceKey } from '@pidgate/pdi';
import type { Binding, PdiVersion, Store, VerifiedToken } from '@pidgate/store';
import type { Context } from 'hono';
import {
  BindingBody,
  BindingPage,
  BindingSchema,
  ImportLineResult,
  ListQuery,
  PdiBindingBody,
  PdiVersionSchema,
} from '../admin-schemas.ts';
import { authenticate, forbidden, noStore, storeProblem } from '../auth.ts';
import { keyIdentifier, pointsBack, prefixRuleKey, storageKey } from '../bound.ts';
import type { AppDeps } from '../deps.ts';
import type { GatewayEnv } from '../env.ts';
import { bodyLines, ercProblem, importLines } from '../importer.ts';
import { parseProblem, problem, problemResponse } from '../problem.ts';
import { pdiSelector, qualifiedPdi } from '../resolvers/pdi.ts';
import { ProblemSchema } from '../schemas.ts';
import { requestTarget } from '../target.ts';
import { publicBase } from './service.ts';

const PREFIX = '/api/v1/bindings/';
const problemContent = { 'application/problem+json': { schema: ProblemSchema } };
const authErrors = {
  401: { description: 'No valid bearer token', content: problemContent },
  403: { description: "The token's scopes do not cover the identifier", content: problemContent },
};
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

/** Authenticate, or the response to send; null store is 404. */
async function caller(c: Context, deps: AppDeps): Promise<{ store: Store; token: VerifiedToken } | Response> {
  if (!deps.store) return noStore();
  const token = await authenticate(c, deps.store);
  if (token instanceof Response) return token;
  return { store: deps.store, token };
}

async function readJson(c: Context): Promise<{ value: unknown } | Response> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!/^application\/(?:[\w.+-]*\+)?json\b/.test(type)) {
    return problemResponse(problem(415, 'unsupported-media-type', 'send the binding as application/json'));
  }
  try {
    return { value: await c.req.json() };
  } catch {
    return problemResponse(problem(400, 'invalid-json', 'the body is not JSON'));
  }
}

function invalid(error: z.ZodError): Response {
  return problemResponse(
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
  const { registry, config } = deps;

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
      request: { query: ListQuery },
      responses: {
        200: {
          description: 'A page; pass `next` as `cursor`',
          content: { 'application/json': { schema: BindingPage } },
        },
        400: {
          description: "A bad prefix or limit, or a cursor that is not this listing's (`invalid-cursor`)",
          content: problemContent,
        },
        503: { description: 'The store failed (`storage-error`)', content: problemContent },
        ...authErrors,
      },
    }),
    async (c) => {
      const who = await caller(c, deps);
      if (who instanceof Response) return who as never;
      const q = c.req.valid('query');
      // PDI versions are listed under a PDI prefix (`?prefix=urn:pdi://ap.org.us/`), within the token's scopes.
      if (q.prefix && /^urn:pdi:/i.test(q.prefix)) {
        const denied = forbidden(who.token, q.prefix);
        if (denied) return denied as never;
        // A bare series lists that series only (`urn:pdi://ap.org.us` is not a string prefix of `….us.evil.de`),
        // so no page or cursor holds a key of another series.
        const prefix = q.prefix.slice('urn:pdi://'.length).includes('/') ? q.prefix : `${q.prefix}/`;
        const pdis = await who.store.listPdi({ prefix, cursor: q.cursor, limit: q.limit });
        if (!pdis.ok) return storeProblem(pdis.error) as never;
        const items = pdis.value.items.map(pdiJson).filter((v) => forbidden(who.token, v.resource) === null);
        return c.json({ items, next: pdis.value.next } as never, 200);
      }
      const page = await who.store.listBindings({
        prefix: q.prefix,
        cursor: q.cursor,
        limit: q.limit,
        includeTombstoned: q.tombstoned === 'true',
        scopes: who.token.scopes,
      });
      if (!page.ok) return storeProblem(page.error) as never;
      const items = page.value.items
        .filter((b) => forbidden(who.token, keyIdentifier(b.key).identifier) === null)
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
      200: {
        description: 'One binding per line, in the form import takes',
        content: { 'application/x-ndjson': { schema: BindingSchema } },
      },
      ...authErrors,
    },
  });
  app.openAPIRegistry.registerPath(exportRoute);
  app.get('/api/v1/bindings/export', async (c) => {
    const who = await caller(c, deps);
    if (who instanceof Response) return who;
    const prefix = c.req.query('prefix') ?? '';
    // The store reads only the key range under the prefix, a page at a time (constant memory); then the
    // PDI versions under the token's PDI scopes (or under a PDI prefix), in the same form as the listing.
    const pdiPrefix = /^urn:pdi:/i.test(prefix);
    const arks = pdiPrefix ? emptyPages() : who.store.exportBindings({ prefix, scopes: who.token.scopes });
    const pdiRanges = pdiPrefix
      ? forbidden(who.token, prefix) === null
        ? [prefix]
        : []
      : who.token.scopes.filter((scope) => /^urn:pdi:/i.test(scope) && scope.startsWith(prefix)).map((s) => `${s}/`);
    const iterator = withPdis(arks, who.store, pdiRanges)[Symbol.asyncIterator]();
    // The first page decides the status: a bad prefix is 400, a failing store 503, as problem documents.
    let first: IteratorResult<Result<Binding | PdiVersion>> | null = await iterator.next();
    if (!first.done && !first.value.ok) return storeProblem(first.value.error);
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
          const b = next.value.value;
          if ('resourceKey' in b) {
            if (forbidden(who.token, b.resourceKey) === null) out += `${JSON.stringify(pdiJson(b))}\n`;
          } else if (forbidden(who.token, keyIdentifier(b.key).identifier) === null) {
            out += `${JSON.stringify(bindingJson(b))}\n`;
          }
        }
        controller.enqueue(encoder.encode(out));
      },
      async cancel() {
        await iterator.return?.();
      },
    });
    return c.body(stream, 200, { 'content-type': 'application/x-ndjson' });
  });

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
      503: { description: 'The store failed (`storage-error`)', content: problemContent },
      ...authErrors,
    },
  });
  app.openAPIRegistry.registerPath(importRoute);
  app.post('/api/v1/bindings/import', async (c) => {
    const who = await caller(c, deps);
    if (who instanceof Response) return who;
    const onExisting = c.req.query('onExisting') ?? 'replace';
    if (onExisting !== 'replace' && onExisting !== 'skip' && onExisting !== 'fail') {
      return problemResponse(problem(400, 'invalid-request', 'onExisting is replace, skip or fail'));
    }
    const encoder = new TextEncoder();
    const body = c.req.raw.body;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        let out = '';
        const totals = await importLines(bodyLines(body), {
          store: who.store,
          registry,
          profile: config.profile,
          scopes: who.token.scopes,
          actor: who.token.id,
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
  });

  const bindingContent = { 'application/json': { schema: z.union([BindingSchema, PdiVersionSchema]) } };
  const common = {
    400: { description: 'Not a well-formed identifier (the parser code), or a bad query', content: problemContent },
    414: {
      description: 'The identifier is longer than any key the store holds (`key-too-long`)',
      content: problemContent,
    },
    503: { description: 'The store failed (`storage-error`)', content: problemContent },
    ...authErrors,
  };
  // Each method documents the statuses it answers (issue 17): GET reads, PUT writes, DELETE tombstones.
  const responsesOf = {
    get: {
      200: { description: 'The binding (a PDI: the version)', content: bindingContent },
      404: { description: 'Not bound', content: problemContent },
      410: { description: 'Deleted: the tombstone, never bound again', content: problemContent },
      ...common,
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
      200: { description: 'The tombstone', content: bindingContent },
      404: { description: 'Not bound', content: problemContent },
      405: { description: 'A PDI is never deleted', content: problemContent },
      410: { description: 'Already deleted', content: problemContent },
      ...common,
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

  app.on(['GET', 'PUT', 'DELETE'], '/api/v1/bindings/:identifier{.+}', async (c) => {
    const who = await caller(c, deps);
    if (who instanceof Response) return who;
    const target = requestTarget(c);
    const rest = target.slice(target.indexOf(PREFIX) + PREFIX.length);
    const q = rest.indexOf('?');
    const raw = q === -1 ? rest : rest.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : rest.slice(q + 1));
    const series = PDI_SERIES.exec(raw);
    if (series) {
      if (c.req.method !== 'PUT') {
        return problemResponse(
          problem(400, 'pdi-series', 'a document series alone is only PUT (to mint a serial number)'),
        );
      }
      return mintSerial(c, deps, who, (series[1] as string).toLowerCase());
    }
    const parsed = registry.parse(raw, config.profile);
    if (!parsed.ok) return problemResponse(parseProblem(parsed.error, raw));
    const id = parsed.value;
    if (id.scheme === 'pdi') return pdiBinding(c, deps, who, id as Identifier<PdiComponents>);
    if (id.scheme !== 'ark') {
      return problemResponse(
        problem(400, 'scheme-not-bindable', `${id.scheme} identifiers are resolved by their own rules, not bound here`),
      );
    }
    // One key whatever the profile (`ark:/` and `ark:` are one identifier): see bound.ts storageKey.
    // `?prefix=true`: the binding is a prefix rule, covering every ARK that starts with it (no separator).
    const arkKey = storageKey(id, registry);
    const isRule = query.get('prefix') === 'true';
    const key = isRule ? prefixRuleKey(arkKey) : arkKey;
    const denied = forbidden(who.token, arkKey);
    if (denied) return denied;
    const naan = (id.components as { naan: string }).naan.toLowerCase();
    if (isRule && c.req.method === 'PUT' && !(await deps.own?.refresh().then(() => deps.own?.has(naan)))) {
      return problemResponse(
        problem(
          400,
          'prefix-rule-not-own',
          `prefix rules are kept under this institution's own NAANs; ${naan} is not one (declare it with a shoulder first)`,
        ),
      );
    }
    const { store } = who;
    if (c.req.method === 'GET') {
      const found = await store.getBinding(key);
      if (!found.ok) return storeProblem(found.error, { identifier: key });
      const body: Record<string, unknown> = bindingJson(found.value);
      if (query.get('history') === 'true') {
        const history = await store.history(key);
        if (!history.ok) return storeProblem(history.error);
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
    if (c.req.method === 'DELETE') {
      const deleted = await store.deleteBinding(key, who.token.id);
      if (!deleted.ok) return storeProblem(deleted.error, { identifier: key });
      deps.rules?.invalidate();
      return c.json(bindingJson(deleted.value), 200);
    }
    const json = await readJson(c);
    if (json instanceof Response) return json;
    const input = BindingBody.safeParse(json.value);
    if (!input.success) return invalid(input.error);
    const why = ercProblem(input.data.erc, input.data.support);
    if (why) return problemResponse(problem(400, 'invalid-erc', why));
    if (pointsBack(input.data.target, deps.self, c.req.header('host'))) return targetLoop(input.data.target);
    const ifMatch = /^"v(\d+)"$/.exec(c.req.header('if-match') ?? '');
    // The owner (EZID's `_owner`) is the token's name unless the body names one.
    const put = await store.putBinding(key, { owner: who.token.name, ...input.data }, who.token.id, {
      ...(c.req.header('if-none-match') === '*' ? { ifAbsent: true } : {}),
      ...(ifMatch ? { ifVersion: Number(ifMatch[1]) } : {}),
    });
    if (!put.ok) return storeProblem(put.error, { identifier: key });
    deps.rules?.invalidate();
    const { action, binding } = put.value;
    const headers = {
      etag: `"v${binding.version}"`,
      location: `${publicBase(c, config)}${keyIdentifier(binding.key).identifier}`,
    };
    return c.json({ ...bindingJson(binding), action }, action === 'created' ? 201 : 200, headers);
  });
}

type Caller = { store: Store; token: VerifiedToken };

async function* emptyPages(): AsyncIterable<Result<Binding>> {}

/** The bindings, then every PDI version under each of `ranges` (key prefixes), a page at a time. */
async function* withPdis(
  arks: AsyncIterable<Result<Binding>>,
  store: Store,
  ranges: readonly string[],
): AsyncIterable<Result<Binding | PdiVersion>> {
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

/** 400 `target-loop`: a target on this gateway that names an identifier would redirect back here. */
function targetLoop(target: string): Response {
  return problemResponse(
    problem(400, 'target-loop', `${target} points back at this gateway: it would resolve in a loop`, { target }),
  );
}

async function pdiBinding(c: Context, deps: AppDeps, who: Caller, id: Identifier<PdiComponents>): Promise<Response> {
  const comp = id.components;
  if (comp.wildcards.length > 0) {
    return problemResponse(problem(400, 'pdi-query', 'a PDI with wildcards names a set: bind one PDI at a time'));
  }
  const key = resourceKey(comp);
  // The store keys on the canonical parts: `.TEXT.01` is `.text.1`.
  const selector = pdiSelector(comp);
  const denied = forbidden(who.token, key);
  if (denied) return denied;
  if (c.req.method === 'DELETE') {
    return problemResponse(
      problem(405, 'pdi-immutable', 'a PDI binding is never changed or deleted: a change is a new version'),
      { allow: 'GET, PUT' },
    );
  }
  if (c.req.method === 'GET') {
    if (selector === null) {
      return problemResponse(
        problem(404, 'not-found', `${id.normalized} has no such PDI binding`, { identifier: id.normalized }),
      );
    }
    const found = await who.store.getPdi(key, selector.format, selector.version);
    if (!found.ok) return storeProblem(found.error, { identifier: id.normalized });
    return c.json(pdiJson(found.value), 200);
  }
  if (comp.version !== null) {
    return problemResponse(
      problem(400, 'pdi-version-assigned', 'versions are assigned by the gateway: PUT the PDI without its version'),
    );
  }
  const json = await readJson(c);
  if (json instanceof Response) return json;
  const input = PdiBindingBody.safeParse(json.value);
  if (!input.success) return invalid(input.error);
  const canonical = selector?.format;
  const format = canonical ?? input.data.format;
  if (!format) return problemResponse(problem(400, 'format-required', 'give the format in the PDI or as "format"'));
  if (canonical && input.data.format && input.data.format.toLowerCase() !== canonical) {
    return problemResponse(problem(400, 'format-mismatch', 'the body names another format than the PDI'));
  }
  return putVersion(c, deps, who, key, format, input.data);
}

async function putVersion(
  c: Context,
  deps: AppDeps,
  who: Caller,
  key: string,
  format: string,
  input: z.infer<typeof PdiBindingBody>,
): Promise<Response> {
  if (input.erc) {
    const why = ercProblem(input.erc, null);
    if (why) return problemResponse(problem(400, 'invalid-erc', why));
  }
  const made = await who.store.putPdiVersion(
    key,
    format,
    input.target,
    who.token.id,
    input.erc ? { erc: input.erc } : {},
  );
  if (!made.ok) return storeProblem(made.error, { identifier: key });
  const body = pdiJson(made.value);
  return c.json(body, 201, { location: `${publicBase(c, deps.config)}${body.identifier}` });
}

/** A document series alone, checked by the PDI grammar (§2.2: the last component is an ISO 3166 country code). */
function seriesProblem(series: string): Response | null {
  const parsed = parsePdi(`urn:pdi://${series}/2000/01/01/1`);
  if (parsed.ok) return null;
  return problemResponse(
    problem(400, parsed.error.code, `${JSON.stringify(series)} is not a PDI document series: ${parsed.error.message}`),
  );
}

async function mintSerial(c: Context, deps: AppDeps, who: Caller, series: string): Promise<Response> {
  const invalidSeries = seriesProblem(series);
  if (invalidSeries) return invalidSeries;
  const denied = forbidden(who.token, `urn:pdi://${series}`);
  if (denied) return denied;
  const json = await readJson(c);
  if (json instanceof Response) return json;
  const input = PdiBindingBody.safeParse(json.value);
  if (!input.success) return invalid(input.error);
  if (!input.data.format) return problemResponse(problem(400, 'format-required', 'give the format as "format"'));
  const day = today();
  const serial = await who.store.nextSerial(series, day.date);
  if (!serial.ok) return storeProblem(serial.error);
  return putVersion(c, deps, who, `urn:pdi://${series}/${day.path}/${serial.value}`, input.data.format, input.data);
}
