import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Identifier } from '@pidgate/core';
import { type PdiComponents, parsePdi, resourceKey } from '@pidgate/pdi';
import type { Binding, PdiVersion, Store, StoreResult } from '@pidgate/store';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../deps.ts';
import {
  adminResponses,
  adminRoute,
  bodyResponses,
  type GatewayEnv,
  jsonBody,
  type Problem,
  parseProblem,
  problem,
  problemAnswer,
  problemJson,
  publicBase,
  requestTarget,
} from '../http/index.ts';
import {
  keyIdentifier,
  type PdiSelector,
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
import { type AuthEnv, forbidden, requireToken, storeProblem, tokenCovers } from './auth.ts';
import { bodyLines, ercProblem, importLines } from './importer.ts';

const PREFIX = '/api/v1/bindings/';
/** One binding: `{identifier}` is the rest of the path, slashes and all (Hono's `:identifier{.+}`). */
const ONE = '/api/v1/bindings/{identifier{.+}}';
const IdentifierParam = z.object({
  identifier: z.string().openapi({
    param: { name: 'identifier', in: 'path' },
    description: 'The identifier as written (slashes and all), e.g. ark:/99999/x6np1wh8k or urn:pdi://ap.org.us',
    example: 'ark:/99999/x6np1wh8k',
  }),
});
const flag = (name: string, description: string) =>
  z
    .enum(['true', 'false'])
    .optional()
    .openapi({ param: { name, in: 'query' }, description });
/** `?prefix=true`: the binding is a prefix rule (shoulder-level, no separator needed; see docs/operating.md). */
const PrefixQuery = z.object({ prefix: flag('prefix', 'true: a prefix rule on this ARK') });
const ReadQuery = PrefixQuery.extend({
  history: flag('history', 'true: with every change (who, when, before, after)'),
});
const OnExistingQuery = z.object({
  onExisting: z
    .enum(['replace', 'skip', 'fail'])
    .optional()
    .openapi({ param: { name: 'onExisting', in: 'query' } }),
});

const bindingContent = { 'application/json': { schema: z.union([BindingSchema, PdiVersionSchema]) } };
const header = (description: string) => ({ schema: { type: 'string' as const }, description });
/** The version of an ARK's binding, for `If-Match`. */
const etag = { etag: header('`"v<version>"` of an ARK\'s binding, for `If-Match`') };
const written = { ...etag, location: header('Where the identifier resolves on this gateway') };
/** What every method of `/api/v1/bindings/{identifier}` answers besides its own statuses (issue 17). */
const oneResponses = {
  ...adminResponses,
  400: problemAnswer('Not a well-formed identifier (the parser code), or a bad query'),
  414: problemAnswer('The identifier is longer than any key the store holds (`key-too-long`)'),
};
/**
 * NDJSON (`application/x-ndjson`), typed as a string: @hono/zod-openapi types every `application/…json`
 * answer as one JSON value that `c.json` writes, and a stream of lines is not one.
 */
const NDJSON: string = 'application/x-ndjson';

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

function today(): { date: string; path: string } {
  const d = new Date().toISOString().slice(0, 10);
  return { date: d, path: d.replace(/-/g, '/') };
}

/** Admin API for bindings: one identifier (PUT, GET, DELETE), a paged list, NDJSON import and export. */
export function bindingRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const auth = requireToken(deps);
  // The token, then what the path names (and for PUT the body), or the problem before the handler.
  const read: [MiddlewareHandler<AuthEnv>, MiddlewareHandler<SubjectEnv>] = [auth, named(deps)];
  const write: [MiddlewareHandler<AuthEnv>, MiddlewareHandler<PutEnv>] = [auth, putInput(deps)];

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
      ...adminRoute,
      middleware: auth,
      request: { query: ListQuery },
      responses: {
        ...adminResponses,
        200: {
          description: 'A page; pass `next` as `cursor` (under a PDI prefix: a page of PDI versions)',
          content: { 'application/json': { schema: z.union([BindingPage, PdiVersionPage]) } },
        },
        400: problemAnswer("A bad prefix or limit, or a cursor that is not this listing's (`invalid-cursor`)"),
      },
    }),
    async (c) => {
      const { store, token }: AuthEnv['Variables'] = c.var;
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

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/bindings/export',
      summary: 'Every binding the token may see (tombstones too), as NDJSON in key order; streamed',
      ...adminRoute,
      middleware: auth,
      request: { query: z.object({ prefix: ListQuery.shape.prefix }) },
      responses: {
        ...adminResponses,
        200: {
          description: 'One binding per line, in the form import takes',
          content: { [NDJSON]: { schema: BindingSchema } },
        },
        400: problemAnswer('A bad prefix'),
      },
    }),
    (c) => exportBindings(c, c.req.valid('query').prefix ?? ''),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/bindings/import',
      summary: 'Bulk load: NDJSON, one binding a line ({"identifier", "target", "status"?, "erc"?, "support"?})',
      description:
        'Lines are written as they arrive, in transactions of up to 2000 lines; each line is answered (NDJSON, in order) once its transaction has committed, so an answered `ok` survives a crash. `?onExisting=replace|skip|fail`.',
      ...adminRoute,
      middleware: auth,
      request: {
        query: OnExistingQuery,
        body: {
          required: true,
          content: { 'application/x-ndjson': { schema: z.string().openapi({ description: 'One binding per line' }) } },
        },
      },
      responses: {
        200: { description: 'One result per line', content: { [NDJSON]: { schema: ImportLineResult } } },
        400: problemAnswer('`onExisting` is not replace, skip or fail'),
        401: adminResponses[401],
        404: problemAnswer('A gateway without a store (`store-disabled`)'),
        503: adminResponses[503],
      },
    }),
    (c) => importBindings(c, deps, c.req.valid('query').onExisting ?? 'replace'),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: ONE,
      summary: 'One binding, with `?history=true` every change (who, when, before, after)',
      ...adminRoute,
      middleware: read,
      request: { params: IdentifierParam, query: ReadQuery },
      responses: {
        ...oneResponses,
        200: { description: 'The binding (a PDI: the version)', headers: etag, content: bindingContent },
        404: problemAnswer('Not bound, or no store (`store-disabled`)'),
        410: problemAnswer('Deleted: the tombstone, never bound again'),
      },
    }),
    (c) => {
      const { subject } = c.var;
      if (subject.kind === 'pdi') return getPdi(c, subject);
      return getArk(c, subject.key, c.req.valid('query').history === 'true');
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: ONE,
      summary:
        'Bind an ARK (create or replace; If-Match: "v<version>", If-None-Match: *), or bind the next version of a PDI; PUT on a PDI document series mints the day\'s next serial number',
      ...adminRoute,
      // The body's schema depends on what the path names (an ARK's binding, a PDI's version): `putInput` reads it.
      middleware: write,
      request: {
        params: IdentifierParam,
        query: PrefixQuery,
        body: jsonBody(z.union([BindingBody, PdiBindingBody])),
      },
      responses: {
        ...oneResponses,
        ...bodyResponses,
        200: { description: 'Replaced (or unchanged)', headers: written, content: bindingContent },
        201: {
          description: 'Created (a PDI: the new version, or the new serial number of a series)',
          headers: written,
          content: bindingContent,
        },
        400: problemAnswer(
          'Bad identifier, body, target (one pointing back here) or series; a PDI series alone is only PUT',
        ),
        409: problemAnswer('If-Match / If-None-Match failed'),
        410: problemAnswer('The identifier was deleted and is never bound again'),
        415: problemAnswer('The body is not JSON (`unsupported-media-type`)'),
      },
    }),
    (c) => {
      const { put } = c.var;
      switch (put.kind) {
        case 'ark':
          return putArk(c, deps, put);
        case 'pdi':
          return putPdi(c, deps, put);
        case 'series':
          return mintSerial(c, deps, put);
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: ONE,
      summary: 'Delete (tombstone) an ARK: it resolves 410 Gone from then on and is never bound again',
      ...adminRoute,
      middleware: read,
      request: { params: IdentifierParam, query: PrefixQuery },
      responses: {
        ...oneResponses,
        200: { description: 'The tombstone', content: bindingContent },
        404: problemAnswer('Not bound, or no store (`store-disabled`)'),
        405: { ...problemAnswer('A PDI is never deleted (`pdi-immutable`)'), headers: { allow: header('`GET, PUT`') } },
        410: problemAnswer('Already deleted'),
      },
    }),
    (c) => deleteArk(c, deps, c.var.subject),
  );
}

/** The context of an admin route after `requireToken`, whatever else its middleware put there. */
type Admin<E extends AuthEnv = AuthEnv> = Context<E>;
type Token = AuthEnv['Variables']['token'];

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
function exportLine(token: Token, b: Binding | PdiVersion): string {
  if ('resourceKey' in b) return tokenCovers(token, b.resourceKey) ? `${JSON.stringify(pdiJson(b))}\n` : '';
  return tokenCovers(token, keyIdentifier(b.key).identifier) ? `${JSON.stringify(bindingJson(b))}\n` : '';
}

/** `GET /api/v1/bindings/export`: NDJSON, streamed a page at a time (constant memory). */
async function exportBindings<E extends AuthEnv>(c: Admin<E>, prefix: string): Promise<Response> {
  const { store, token }: AuthEnv['Variables'] = c.var;
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
function importBindings<E extends AuthEnv>(
  c: Admin<E>,
  deps: AppDeps,
  onExisting: 'replace' | 'skip' | 'fail',
): Response {
  const { store, token }: AuthEnv['Variables'] = c.var;
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

/** An ARK of the path: its key (a prefix rule's marked key with `?prefix=true`), in the token's scopes. */
interface ArkSubject {
  readonly kind: 'ark';
  readonly key: string;
  readonly naan: string;
  /** `?prefix=true`: a prefix rule, covering every ARK that starts with it (no separator). */
  readonly rule: boolean;
}

/** A PDI of the path (no wildcards), in the token's scopes. */
interface PdiSubject {
  readonly kind: 'pdi';
  /** The resource key the store keys on. */
  readonly key: string;
  readonly normalized: string;
  /** The canonical format and version (`.TEXT.01` is `.text.1`); null when the version is no number the store keeps. */
  readonly selector: PdiSelector | null;
  readonly version: string | null;
}

/** A PDI document series alone (`urn:pdi://ap.org.us`): PUT mints the day's next serial number under it. */
interface SeriesSubject {
  readonly kind: 'series';
  readonly series: string;
}

type PdiInput = z.infer<typeof PdiBindingBody>;

/** What a PUT binds: the subject of the path, with the body read by that subject's schema. */
type Put =
  | (ArkSubject & { readonly input: z.infer<typeof BindingBody> })
  | (PdiSubject & { readonly input: PdiInput })
  | (SeriesSubject & { readonly input: PdiInput });

interface SubjectEnv {
  Variables: AuthEnv['Variables'] & { subject: ArkSubject | PdiSubject };
}

interface PutEnv {
  Variables: AuthEnv['Variables'] & { put: Put };
}

/** Why the path or body is refused: the problem the route answers. */
interface Refusal {
  readonly refused: Problem & { readonly status: ContentfulStatusCode };
}

const refuse = (p: Problem & { readonly status: ContentfulStatusCode }): Refusal => ({ refused: p });

/** A PDI series alone is only PUT (to mint a serial number). */
const seriesAlone = () =>
  refuse(problem(400, 'pdi-series', 'a document series alone is only PUT (to mint a serial number)'));

/** An ARK or a PDI of the path, each by its own rules, within the token's scopes. */
async function identify(token: Token, deps: AppDeps, raw: string, query: URLSearchParams) {
  const parsed = deps.registry.parse(raw, deps.config.profile);
  if (!parsed.ok) return refuse(parseProblem(parsed.error, raw));
  const id = parsed.value;
  if (id.scheme === 'pdi') return pdiSubject(token, id);
  if (id.scheme !== 'ark') {
    return refuse(
      problem(400, 'scheme-not-bindable', `${id.scheme} identifiers are resolved by their own rules, not bound here`),
    );
  }
  // One key whatever the profile (`ark:/` and `ark:` are one identifier): see storageKey in resolution/storage-key.ts.
  const arkKey = storageKey(id, deps.registry);
  const rule = query.get('prefix') === 'true';
  const denied = forbidden(token, arkKey);
  if (denied) return refuse(denied);
  const naan = id.components.naan.toLowerCase();
  return { kind: 'ark', key: rule ? prefixRuleKey(arkKey) : arkKey, naan, rule } satisfies ArkSubject;
}

function pdiSubject(token: Token, id: Identifier<PdiComponents>) {
  const comp = id.components;
  if (comp.wildcards.length > 0) {
    return refuse(problem(400, 'pdi-query', 'a PDI with wildcards names a set: bind one PDI at a time'));
  }
  const key = resourceKey(comp);
  const denied = forbidden(token, key);
  if (denied) return refuse(denied);
  return {
    kind: 'pdi',
    key,
    normalized: id.normalized,
    selector: pdiSelector(comp),
    version: comp.version,
  } satisfies PdiSubject;
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

function seriesSubject(token: Token, series: string) {
  const invalidSeries = seriesProblem(series);
  if (invalidSeries) return refuse(invalidSeries);
  const denied = forbidden(token, `urn:pdi://${series}`);
  if (denied) return refuse(denied);
  return { kind: 'series', series } satisfies SeriesSubject;
}

/** GET and DELETE: the ARK or PDI of the path on `c.var.subject`, or its refusal. */
function named(deps: AppDeps) {
  return createMiddleware<SubjectEnv>(async (c, next) => {
    const { raw, query } = bindingTarget(c);
    const found = PDI_SERIES.test(raw) ? seriesAlone() : await identify(c.var.token, deps, raw, query);
    if ('refused' in found) return problemJson(c, found.refused);
    c.set('subject', found);
    await next();
  });
}

/**
 * PUT: the subject of the path and the body read by its schema (an ARK's binding, a PDI's version) on
 * `c.var.put`, or the refusal; the path is checked before the body (403 `out-of-scope` before 400 `invalid-json`).
 */
function putInput(deps: AppDeps) {
  return createMiddleware<PutEnv>(async (c, next) => {
    const { raw, query } = bindingTarget(c);
    const series = PDI_SERIES.exec(raw);
    const subject = series
      ? seriesSubject(c.var.token, (series[1] as string).toLowerCase())
      : await identify(c.var.token, deps, raw, query);
    if ('refused' in subject) return problemJson(c, subject.refused);
    const put = await putOf(c, deps, subject);
    if ('refused' in put) return problemJson(c, put.refused);
    c.set('put', put);
    await next();
  });
}

/** What a PUT of `subject` binds: its PUT-only checks, then the body read by its schema. */
async function putOf(c: Context, deps: AppDeps, subject: ArkSubject | PdiSubject | SeriesSubject) {
  switch (subject.kind) {
    case 'ark': {
      if (subject.rule && !(await deps.own?.refresh().then(() => deps.own?.has(subject.naan)))) {
        return refuse(
          problem(
            400,
            'prefix-rule-not-own',
            `prefix rules are kept under this institution's own NAANs; ${subject.naan} is not one (declare it with a shoulder first)`,
          ),
        );
      }
      const input = await readBody(c, BindingBody);
      return 'refused' in input ? input : { ...subject, input: input.value };
    }
    case 'pdi': {
      if (subject.version !== null) {
        return refuse(
          problem(400, 'pdi-version-assigned', 'versions are assigned by the gateway: PUT the PDI without its version'),
        );
      }
      const input = await readBody(c, PdiBindingBody);
      return 'refused' in input ? input : { ...subject, input: input.value };
    }
    case 'series': {
      const input = await readBody(c, PdiBindingBody);
      return 'refused' in input ? input : { ...subject, input: input.value };
    }
  }
}

/** The body as JSON (415 unless it says it is, 400 `invalid-json`), checked by `schema` (400 `invalid-binding`). */
async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<{ readonly value: T } | Refusal> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!/^application\/(?:[\w.+-]*\+)?json\b/.test(type)) {
    return refuse(problem(415, 'unsupported-media-type', 'send the binding as application/json'));
  }
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return refuse(problem(400, 'invalid-json', 'the body is not JSON'));
  }
  const input = schema.safeParse(json);
  if (input.success) return { value: input.data };
  const { issues } = input.error;
  return refuse(
    problem(400, 'invalid-binding', issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '), {
      issues: issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    }),
  );
}

/** GET: the binding, with `?history=true` every change. */
async function getArk<E extends AuthEnv>(c: Admin<E>, key: string, withHistory: boolean) {
  const { store }: AuthEnv['Variables'] = c.var;
  const found = await store.getBinding(key);
  if (!found.ok) return storeProblem(c, found.error, { identifier: key });
  const binding = bindingJson(found.value);
  const etag = { etag: `"v${found.value.version}"` };
  if (!withHistory) return c.json(binding, 200, etag);
  const history = await store.history(key);
  if (!history.ok) return storeProblem(c, history.error);
  const changes = history.value.map((h) => ({
    at: h.at,
    actor: h.actor,
    action: h.action,
    before: h.before && bindingJson(h.before),
    after: bindingJson(h.after),
  }));
  return c.json({ ...binding, history: changes }, 200, etag);
}

/** GET of a PDI: its version (the latest, or the one the PDI names). */
async function getPdi<E extends AuthEnv>(c: Admin<E>, subject: PdiSubject) {
  const { selector, normalized } = subject;
  if (selector === null) {
    return problemJson(
      c,
      problem(404, 'not-found', `${normalized} has no such PDI binding`, { identifier: normalized }),
    );
  }
  const found = await c.var.store.getPdi(subject.key, selector.format, selector.version);
  if (!found.ok) return storeProblem(c, found.error, { identifier: normalized });
  return c.json(pdiJson(found.value), 200);
}

/** DELETE: the tombstone; a PDI is never deleted (405). */
async function deleteArk<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, subject: ArkSubject | PdiSubject) {
  if (subject.kind === 'pdi') {
    return problemJson(
      c,
      problem(405, 'pdi-immutable', 'a PDI binding is never changed or deleted: a change is a new version'),
      { allow: 'GET, PUT' },
    );
  }
  const deleted = await c.var.store.deleteBinding(subject.key, c.var.token.id);
  if (!deleted.ok) return storeProblem(c, deleted.error, { identifier: subject.key });
  deps.rules?.invalidate();
  return c.json(bindingJson(deleted.value), 200);
}

/** PUT: create or replace (If-Match: "v<version>", If-None-Match: *); 201 when created. */
async function putArk<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, put: Extract<Put, { kind: 'ark' }>) {
  const { store, token }: AuthEnv['Variables'] = c.var;
  const { key, input } = put;
  const why = ercProblem(input.erc, input.support);
  if (why) return problemJson(c, problem(400, 'invalid-erc', why));
  if (pointsBack(input.target, deps.self, c.req.header('host'))) return targetLoop(c, input.target);
  const ifMatch = /^"v(\d+)"$/.exec(c.req.header('if-match') ?? '');
  // The owner (EZID's `_owner`) is the token's name unless the body names one.
  const stored = await store.putBinding(key, { owner: token.name, ...input }, token.id, {
    ...(c.req.header('if-none-match') === '*' ? { ifAbsent: true } : {}),
    ...(ifMatch ? { ifVersion: Number(ifMatch[1]) } : {}),
  });
  if (!stored.ok) return storeProblem(c, stored.error, { identifier: key });
  deps.rules?.invalidate();
  const { action, binding } = stored.value;
  const headers = {
    etag: `"v${binding.version}"`,
    location: `${publicBase(c, deps.config)}${keyIdentifier(binding.key).identifier}`,
  };
  const body = { ...bindingJson(binding), action };
  return action === 'created' ? c.json(body, 201, headers) : c.json(body, 200, headers);
}

/** 400 `target-loop`: a target on this gateway that names an identifier would redirect back here. */
function targetLoop(c: Context, target: string) {
  return problemJson(
    c,
    problem(400, 'target-loop', `${target} points back at this gateway: it would resolve in a loop`, { target }),
  );
}

/** PUT of a PDI: its next version, in the format the PDI or the body names. */
function putPdi<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, put: Extract<Put, { kind: 'pdi' }>) {
  const { input } = put;
  const canonical = put.selector?.format;
  const format = canonical ?? input.format;
  if (!format) return problemJson(c, problem(400, 'format-required', 'give the format in the PDI or as "format"'));
  if (canonical && input.format && input.format.toLowerCase() !== canonical) {
    return problemJson(c, problem(400, 'format-mismatch', 'the body names another format than the PDI'));
  }
  return putVersion(c, deps, put.key, format, input);
}

async function putVersion<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, key: string, format: string, input: PdiInput) {
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

/** PUT of a document series alone: the day's next serial number under it, bound as its first version. */
async function mintSerial<E extends AuthEnv>(c: Admin<E>, deps: AppDeps, put: Extract<Put, { kind: 'series' }>) {
  const { series, input } = put;
  if (!input.format) return problemJson(c, problem(400, 'format-required', 'give the format as "format"'));
  const day = today();
  const serial = await c.var.store.nextSerial(series, day.date);
  if (!serial.ok) return storeProblem(c, serial.error);
  return putVersion(c, deps, `urn:pdi://${series}/${day.path}/${serial.value}`, input.format, input);
}
