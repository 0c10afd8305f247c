import { readFileSync } from 'node:fs';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { schemes, schemesInWords } from '@pidgate/schemes';
import type { Context } from 'hono';
import { inspectRoutes } from 'hono/dev';
import type { Config } from '../config/index.ts';
import type { AppDeps } from '../deps.ts';
import { PACKAGE_JSON } from '../paths.ts';
import type { GatewayEnv } from './env.ts';
import {
  bodyResponses,
  IdentifierParams,
  MetadataRecordSchema,
  PdiListSchema,
  problemAnswer,
  problemContent,
} from './openapi-schemas.ts';
import { trustedOrigin } from './origin.ts';

export type OpenApiDocument = ReturnType<OpenAPIHono<GatewayEnv>['getOpenAPI31Document']>;

/** The gateway's version (its package.json). */
export const VERSION = (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;

const DESCRIPTION = `The pidgate gateway resolves and describes persistent identifiers: ${schemesInWords(schemes)} (ARKs,
PWIDs, PDIs and URNs by its own resolvers and bindings, the others through their registration authority's resolver).

- \`GET /{identifier}\` redirects to where the identifier leads; \`/{identifier}?\`, \`??\` and \`?info\` describe it
  (THUMP text, JSON or HTML by \`Accept\`).
- \`/api/v1\` is the batch API: parse, normalize (JSON, or a \`text/plain\` body streamed back as NDJSON), compare
  and resolve lists of identifiers.
- \`/api/v1/bindings\`, \`/api/v1/shoulders\` and \`/api/v1/mint\` are the administration of this institution's own
  identifiers, behind store tokens (\`Authorization: Bearer …\`, made by \`pidgate token create --scope PREFIX\`, each
  scoped to identifier prefixes). The \`admin.token\` of the gateway configuration only opens
  \`POST /api/v1/admin/reload\`.

Errors are RFC 9457 problem documents (\`application/problem+json\`) with a stable \`code\` and, for an identifier
that does not parse, the \`offset\` of the first offending character.`;

/** The tags of the document, in the order the reference page lists them. */
export const TAGS = [
  { name: 'Identifiers', description: 'Resolution and metadata of one identifier' },
  { name: 'Batch API', description: 'Lists of identifiers: parse, normalize, compare, resolve' },
  {
    name: 'Administration',
    description:
      'Bindings, shoulders and minting, behind store tokens (`pidgate token create`, scoped to identifier ' +
      'prefixes); the NAAN table reload, behind the `admin.token` of the configuration',
  },
  {
    name: 'EZID API',
    description:
      "EZID's API (Version 2), when `ezid.enabled` (with a store): ANVL `text/plain` bodies, HTTP Basic with a store token",
  },
  { name: 'Service', description: 'Health, metrics and what this gateway is' },
  { name: 'Web pages', description: 'Pages for people, and their static files' },
] as const;

/** The tag of an operation that has none: from its path. */
export function tagOf(path: string): string {
  if (path.startsWith('/api/v1/admin')) return 'Administration';
  if (path.startsWith('/api/')) return 'Batch API';
  if (path === '/{identifier}') return 'Identifiers';
  if (path.startsWith('/assets/') || path.startsWith('/docs/') || path === '/lookup') return 'Web pages';
  return 'Service';
}

/** The metadata record of `?`, `??` and `?info`, as the identifier route negotiates it. */
const metadataContent = {
  'text/plain': { schema: z.string().openapi({ description: 'THUMP (ARK §6): the ERC as ANVL' }) },
  'application/json': { schema: MetadataRecordSchema },
  'text/html': { schema: z.string() },
};

/**
 * Describe in the document the routes that are plain Hono routes (`/metrics`, `/.well-known/ark`, the
 * identifier catch-all), and serve the document at `/openapi.json`. Every other route describes itself
 * with `createRoute`; `routeCoverage` (and its test) finds any that does not.
 */
export function openapiRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A store token, made by `pidgate token create --scope PREFIX` (shown once; only its SHA-256 is stored). ' +
      'It opens the bindings, shoulders and mint endpoints for the identifiers under its scopes (normalized ' +
      'identifier prefixes, at a `/` or `.` boundary or below an ARK shoulder); anything else is 403 `out-of-scope`. ' +
      'Not the `admin.token` of the configuration.',
  });
  registry.registerComponent('securitySchemes', 'adminToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `admin.token` of the gateway configuration (`PIDGATE_ADMIN_TOKEN`): it opens `POST /api/v1/admin/reload` ' +
      'only (404 `admin-disabled` when none is configured). Store tokens are not taken there.',
  });
  registry.registerPath({
    method: 'get',
    path: '/metrics',
    tags: ['Service'],
    summary: 'Prometheus metrics',
    description:
      '`pidgate_requests_total{scheme,outcome}` (outcome: `redirect`, `ok`, `list`, `metadata`, `not_found`, ' +
      '`gone`, `restricted`, `bad_request`, `upstream_error` for a failed discovery, `storage_error` for a failing ' +
      'store, `error`), the `pidgate_request_duration_seconds` histogram, ' +
      '`pidgate_cache_requests_total{cache,result}` and the `pidgate_uptime_seconds` gauge, in the Prometheus ' +
      'text format 0.0.4.',
    responses: { 200: { description: 'Metrics', content: { 'text/plain': { schema: z.string() } } } },
  });
  registry.registerPath({
    method: 'get',
    path: '/.well-known/ark',
    tags: ['Service'],
    summary: "This resolver's ARK endpoint",
    description: 'The base URL as text (or JSON), with `Link: <base/ark:>; rel="ark-resolver"`.',
    responses: {
      200: {
        description: 'The base URL',
        headers: { link: { schema: { type: 'string' }, description: '`<base/ark:>; rel="ark-resolver"`' } },
        content: {
          'text/plain': { schema: z.string() },
          'application/json': {
            schema: z.object({ resolver: z.string(), ark: z.string(), inflections: z.array(z.string()) }),
          },
        },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/{identifier}',
    tags: ['Identifiers'],
    summary: 'Resolve an identifier, or describe it (`?`, `??`, `?info`)',
    description:
      'Without an inflection: a redirect to the target (PWIDs add Memento `Link` headers). With `?` (brief ' +
      'record), `??` (with the commitment) or `?info` (everything, with how it was resolved): the metadata ' +
      'record, negotiated by `Accept` among `text/plain` (THUMP, the default), `application/json` and `text/html`; ' +
      'the status is 200, or 404 when nothing resolves the identifier and 410 when it was deleted, the record ' +
      'being the body all the same. `/.info/{identifier}` is `/{identifier}?info`; an ARK NAAN alone (`/ark:/12025`) ' +
      'is described as with `?info`. A PDI with wildcards (`urn:pdi://ap.org.us/1997/11/*/*`) ' +
      'is a query: 200 with the matching PDIs (JSON, HTML or `text/uri-list` by `Accept`).',
    request: { params: IdentifierParams },
    responses: {
      200: {
        description: 'The metadata record (with `?`, `??` or `?info`), or the PDIs a PDI query (with wildcards) names',
        content: {
          'text/plain': { schema: z.string().openapi({ description: 'THUMP (ARK §6): the ERC as ANVL' }) },
          'application/json': { schema: z.union([MetadataRecordSchema, PdiListSchema]) },
          'text/html': { schema: z.string() },
          'text/uri-list': { schema: z.string().openapi({ description: 'A PDI query: one PDI a line' }) },
        },
      },
      ...Object.fromEntries(
        [301, 302, 303, 307, 308].map((status) => [
          status,
          {
            description:
              status === 302
                ? 'Where the identifier leads (the default status of a binding and of a NAAN record)'
                : `Where the identifier leads, when its binding (or NAAN record) asks for ${status}`,
            headers: {
              location: { schema: { type: 'string' }, description: 'The target, an absolute http(s) URL' },
              link: { schema: { type: 'string' }, description: 'PWID: the original, TimeGate and TimeMap (RFC 7089)' },
            },
          },
        ]),
      ),
      400: problemAnswer('Not a well-formed identifier (`code`, `offset`)'),
      403: problemAnswer('A restricted web archive (`accessUrl` says where to apply)'),
      404: {
        description:
          'Not an identifier of a known scheme, or nothing binds it (with an inflection: the metadata record)',
        content: { ...problemContent, ...metadataContent },
      },
      406: problemAnswer('No acceptable metadata format'),
      410: {
        description:
          'Deleted (tombstoned) by this institution, with its record; everything below it too (`tombstoned`; with an inflection: the metadata record)',
        content: { ...problemContent, ...metadataContent },
      },
      502: problemAnswer('Discovery (DNS) failed'),
      503: problemAnswer("The gateway's store failed (`storage-error`)"),
      504: problemAnswer('Discovery (DNS) timed out'),
    },
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/openapi.json',
      tags: ['Service'],
      summary: 'This document (OpenAPI 3.1)',
      responses: {
        200: {
          description: 'The OpenAPI description of every route',
          content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
        },
      },
    }),
    (c) => {
      c.set('scheme', 'service');
      c.header('cache-control', 'no-cache');
      return c.json(jsonObject(openApiDocument(app, serverUrl(c, deps.config))), 200);
    },
  );
}

/** A document as the JSON object a response carries (its own fields, copied). */
function jsonObject(doc: object): Record<string, unknown> {
  return { ...doc };
}

/** The `servers` URL: the configured base URL, or a trusted origin (`origin.ts`), never an unknown Host. */
export function serverUrl(c: Context, config: Config): string {
  return trustedOrigin(c, config);
}

const documents = new WeakMap<object, OpenApiDocument>();

/**
 * The OpenAPI 3.1 document of `app`, generated (once per app) from the same zod schemas that validate
 * the requests; `server` goes into `servers`. Operations without tags get one from their path.
 */
export function openApiDocument(app: OpenAPIHono<GatewayEnv>, server: string): OpenApiDocument {
  let doc = documents.get(app);
  if (!doc) {
    doc = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'pidgate gateway',
        version: VERSION,
        description: DESCRIPTION,
        // OpenAPI 3.1 names a license by its SPDX identifier (the generator's types predate the field)
        license: { name: 'MIT', identifier: 'MIT' } as { name: string },
      },
      tags: TAGS.map((t) => ({ ...t })),
    });
    doc.paths = Object.fromEntries(Object.entries(doc.paths ?? {}).map(([path, item]) => [openApiPath(path), item]));
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        const op = (item as Record<string, Operation | undefined>)[method];
        if (op) completeOperation(op, method, path, ids);
      }
    }
    inlineItemSchemas(doc);
    documents.set(app, doc);
  }
  return { ...doc, servers: [{ url: server }] };
}

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  tags?: string[];
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/**
 * The operationIds generated clients name their functions after (`client.getBinding(…)`), for the operations
 * people call; every other operation's is derived from its method and path (`operationIdOf`).
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'GET /': 'getHome',
  'GET /{identifier}': 'resolveIdentifier',
  'GET /healthz': 'getHealth',
  'GET /metrics': 'getMetrics',
  'GET /openapi.json': 'getOpenApiDocument',
  'GET /.well-known/ark': 'getArkResolver',
  'GET /api/v1/parse': 'parseIdentifier',
  'POST /api/v1/normalize': 'normalizeIdentifiers',
  'POST /api/v1/compare': 'compareIdentifiers',
  'POST /api/v1/resolve': 'resolveIdentifiers',
  'GET /api/v1/bindings': 'listBindings',
  'GET /api/v1/bindings/export': 'exportBindings',
  'POST /api/v1/bindings/import': 'importBindings',
  'GET /api/v1/bindings/{identifier}': 'getBinding',
  'PUT /api/v1/bindings/{identifier}': 'putBinding',
  'DELETE /api/v1/bindings/{identifier}': 'deleteBinding',
  'POST /api/v1/mint': 'mintIdentifiers',
  'GET /api/v1/shoulders': 'listShoulders',
  'POST /api/v1/shoulders': 'createShoulder',
  'GET /api/v1/tokens': 'listTokens',
  'POST /api/v1/tokens': 'createToken',
  'DELETE /api/v1/tokens/{id}': 'revokeToken',
  'POST /api/v1/admin/reload': 'reloadNaanTable',
};

/** `get` + `/api/v1/bindings/{identifier}` → `getApiV1BindingsIdentifier`; `/` → `getRoot`. */
export function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  if (words.length === 0) words.push('root');
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * What generators and linters (`@redocly/cli`'s recommended rules, swagger-parser) need of every operation,
 * whoever registered it: a tag, a unique `operationId`, `security: []` when it is public, and the 400
 * every route answers for a request line or Host header the server cannot parse (`invalid-request-target`).
 */
function completeOperation(op: Operation, method: string, path: string, ids: Set<string>): void {
  if (!op.tags || op.tags.length === 0) op.tags = [tagOf(path)];
  let id = op.operationId ?? OPERATION_IDS[`${method.toUpperCase()} ${path}`] ?? operationIdOf(method, path);
  for (let n = 2; ids.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
  ids.add(id);
  op.operationId = id;
  op.security ??= [];
  op.responses ??= {};
  const problem = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
  op.responses['400'] ??= {
    description: 'The request target or Host header is not valid (`invalid-request-target`)',
    content: problem,
  };
  for (const answer of Object.values(op.responses)) streamOfItems(answer);
  if (op.requestBody) {
    // The edge middleware answers these for every body (`bodyLimit`, the content types the route reads).
    op.responses['413'] ??= { description: bodyResponses[413].description, content: problem };
    op.responses['415'] ??= { description: bodyResponses[415].description, content: problem };
  }
}

/**
 * An NDJSON answer (`application/x-ndjson`) is a stream of lines, not one JSON value: its body is text, and the
 * schema its route gives is that of each line, moved to `itemSchema` (OpenAPI 3.2's name for the schema of the
 * items of a sequential media type; `x-itemSchema` here, a 3.1 extension). A generated client reads the body as
 * text and parses each line with the item type.
 */
function streamOfItems(answer: unknown): void {
  const content = (answer as { content?: Record<string, Record<string, unknown>> }).content;
  const ndjson = content?.['application/x-ndjson'];
  if (!ndjson || (ndjson['schema'] as { type?: string } | undefined)?.type === 'string') return;
  ndjson['x-itemSchema'] = ndjson['schema'];
  ndjson['schema'] = {
    type: 'string',
    description: 'NDJSON: one JSON value a line, each as `x-itemSchema` describes (OpenAPI 3.2 `itemSchema`)',
  };
}

/** A component named only by an `x-itemSchema` (which linters do not follow) is written there, not in components. */
function inlineItemSchemas(doc: OpenApiDocument): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(doc.paths);
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      for (const answer of Object.values(op?.responses ?? {})) {
        const ndjson = (answer as { content?: Record<string, Record<string, unknown>> }).content?.[
          'application/x-ndjson'
        ];
        const ref = (ndjson?.['x-itemSchema'] as { $ref?: string } | undefined)?.$ref;
        const name = ref?.slice('#/components/schemas/'.length);
        if (!ndjson || !name || !(name in schemas)) continue;
        if (text.split(`"${ref}"`).length - 1 > 1 || JSON.stringify(doc.components).includes(`"${ref}"`)) continue;
        ndjson['x-itemSchema'] = { title: name, ...(schemas[name] as object) };
        delete schemas[name];
      }
    }
  }
}

/**
 * A Hono route path as an OpenAPI path: `/assets/:file` → `/assets/{file}`; a route's own path with a pattern
 * (`/api/v1/bindings/{identifier{.+}}`, which @hono/zod-openapi routes as `:identifier{.+}`) → `{identifier}`.
 */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}').replace(/\{([A-Za-z0-9_]+)\{[^}]*\}\}/g, '{$1}');
}

export interface RouteCoverage {
  /** `METHOD /path` of routes the app answers that the document does not describe. */
  readonly undocumented: string[];
  /** `METHOD /path` the document describes that no route answers. */
  readonly missing: string[];
}

/** A route of the staff console (`/console/…`), which the API document does not describe. */
function isConsolePath(path: string): boolean {
  return path === '/console' || path.startsWith('/console/');
}

/**
 * Compare the routes registered on `app` (handlers, not middleware) with the paths of `doc`. The
 * catch-all `GET *` is the identifier route, described as `/{identifier}`; `HEAD` of a `GET` route
 * and the catch-all 405 answer to every other method are not operations of their own.
 */
export function routeCoverage(app: OpenAPIHono<GatewayEnv>, doc: OpenApiDocument): RouteCoverage {
  const registered = new Set<string>();
  const routes = inspectRoutes(app).filter((r) => !r.isMiddleware);
  // A route of every method (`app.all`, the EZID API's own method handling) answers what is described under it.
  const everyMethod = routes.filter((r) => r.method === 'ALL' && r.path !== '*' && r.path !== '/*');
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (!(item as Record<string, unknown>)[method]) continue;
      const covered = everyMethod.some((r) =>
        r.path.endsWith('/*') ? path.startsWith(r.path.slice(0, -1)) : path === r.path,
      );
      if (covered) registered.add(`${method.toUpperCase()} ${path}`);
    }
  }
  for (const r of routes) {
    if (r.method === 'ALL' && r.path !== '*' && r.path !== '/*') continue;
    // The staff console is pages for people (HTML forms, a session cookie and CSRF), not an API: docs/console.md.
    if (isConsolePath(r.path)) continue;
    if (r.path === '*' || r.path === '/*') {
      if (r.method === 'GET') registered.add('GET /{identifier}');
      continue;
    }
    registered.add(`${r.method} ${openApiPath(r.path)}`);
  }
  for (const key of [...registered]) {
    if (key.startsWith('HEAD ') && registered.has(`GET ${key.slice(5)}`)) registered.delete(key);
  }
  const described = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      if ((item as Record<string, unknown>)[method]) described.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return {
    undocumented: [...registered].filter((k) => !described.has(k)).sort(),
    missing: [...described].filter((k) => !registered.has(k)).sort(),
  };
}
