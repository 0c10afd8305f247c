import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
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
import { deleteArk, getArk, putArk } from './ark-bindings.ts';
import { type AuthEnv, requireToken } from './auth.ts';
import { named, type SubjectEnv } from './binding-subject.ts';
import { exportBindings, importBindings, listBindings } from './bulk-bindings.ts';
import { getPdi, mintSerial, putPdi } from './pdi-bindings.ts';
import { type PutEnv, putInput } from './put-input.ts';

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

/** Admin API for bindings: one identifier (PUT, GET, DELETE), a paged list, NDJSON import and export. */
export function bindingRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const auth = requireToken(deps);
  // The token, then what the path names (and for PUT the body), or the problem before the handler.
  const read: [MiddlewareHandler<AuthEnv>, MiddlewareHandler<SubjectEnv>] = [auth, named(deps)];
  const write: [MiddlewareHandler<AuthEnv>, MiddlewareHandler<PutEnv>] = [auth, putInput(deps)];

  app.use('/api/v1/bindings', metricsLabel('admin'));
  app.use('/api/v1/bindings/*', metricsLabel('admin'));

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
    (c) => listBindings(c, c.req.valid('query')),
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
