/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { PidError } from '@pidgate/core';
import type { AppDeps } from '../deps.ts';
import {
  AssetParams,
  basePath,
  type GatewayEnv,
  LookupQuery,
  MetadataRecordSchema,
  negotiate,
  openApiDocument,
  type Problem,
  problem,
  problemAnswer,
  problemContent,
  problemJson,
  resolutionProblem,
  serverUrl,
} from '../http/index.ts';
import { describeRecord, type MetadataRecord, resolveTarget } from '../resolution/index.ts';
import { ASSETS } from './assets.ts';
import { ResolveForm, renderHome } from './home.tsx';
import { MetadataView } from './info.tsx';
import { Highlighted, renderPage } from './layout.tsx';
import { problemRoutes } from './problems.tsx';
import { renderReference } from './reference.tsx';

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

/** A lookup's problem status as the route declares it: 404 when no scheme or no resolver answers, else 400. */
function lookupStatus(p: Problem): 400 | 404 {
  return p.status === 404 ? 404 : 400;
}

/** A trailing THUMP inflection typed into the box is not part of the identifier. */
function stripInflection(id: string): string {
  return id.replace(/(\?info|\?\?|\?)$/, '');
}

type Lookup =
  | { readonly kind: 'empty' }
  | { readonly kind: 'error'; readonly input: string; readonly problem: Problem; readonly error?: PidError }
  | { readonly kind: 'record'; readonly input: string; readonly record: MetadataRecord };

async function lookup(deps: AppDeps, input: string, profile: 'source' | 'modern'): Promise<Lookup> {
  if (input === '') return { kind: 'empty' };
  const r = await resolveTarget(deps, input, { profile, form: 'identifier' });
  switch (r.kind) {
    case 'outcome':
    case 'describe':
      return { kind: 'record', input, record: describeRecord(deps, r, '?info') };
    case 'unparseable':
      // As on the identifier route: no known scheme is 404, a malformed identifier 400.
      return { kind: 'error', input, problem: resolutionProblem(r), error: r.error };
    default:
      return { kind: 'error', input, problem: resolutionProblem(r) };
  }
}

function LookupBody({ base, result }: { base: string; result: Lookup }) {
  const value = result.kind === 'empty' ? '' : result.input;
  return (
    <>
      <ResolveForm base={base} value={value} />
      <div id="resolve-answer">
        {result.kind === 'error' ? (
          <div class="panel" role="alert">
            <p>
              <span class="status-bad">{result.error ? 'Not an identifier' : 'Cannot resolve'}</span>:{' '}
              {result.problem.detail} <span class="error-code">({result.problem.code})</span>
            </p>
            {result.error ? (
              <p>
                <Highlighted input={result.input} offset={result.error.offset} />
              </p>
            ) : null}
          </div>
        ) : null}
        {result.kind === 'record' ? <MetadataView record={result.record} /> : null}
      </div>
    </>
  );
}

/**
 * The web pages: `/lookup` (the resolve box without JavaScript, also JSON), `/assets/{file}` (the
 * stylesheet and the page script), `/docs/api` (the API reference). `/` is in `http/service-routes.ts`.
 */
export function webRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const { config } = deps;
  const base = basePath(config.baseUrl);
  problemRoutes(app, deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/lookup',
      tags: ['Web pages'],
      summary: 'Where an identifier leads and what is known about it, without following it',
      description:
        'The target of the resolve box on the home page, for browsers without JavaScript: an HTML page with the ' +
        '`?info` record. With `Accept: application/json`, the record itself (as `/{identifier}?info` answers), ' +
        'for identifiers that cannot travel in a path as they are.',
      request: { query: LookupQuery },
      responses: {
        200: {
          description: 'The record (or, without `id`, the empty form)',
          content: { 'text/html': { schema: z.string() }, 'application/json': { schema: MetadataRecordSchema } },
        },
        400: {
          description: 'Not a well-formed identifier (`code`, `offset`): the problem, or the form with it',
          content: { ...problemContent, 'text/html': { schema: z.string() } },
        },
        404: {
          description: 'No known scheme, or no resolver for it: the problem, or the form with it',
          content: { ...problemContent, 'text/html': { schema: z.string() } },
        },
        406: problemAnswer('Neither HTML nor JSON is acceptable'),
      },
    }),
    async (c) => {
      c.set('scheme', 'web');
      const query = c.req.valid('query');
      const type = negotiate(c.req.header('accept'), ['text/html', 'application/json'] as const);
      c.header('vary', 'Accept');
      if (type === null) {
        return problemJson(c, problem(406, 'not-acceptable', 'this page comes as text/html or application/json'), {
          vary: 'Accept',
        });
      }
      const input = stripInflection((query.id ?? '').trim());
      const result = await lookup(deps, input, query.profile ?? config.profile);
      if (result.kind === 'record') c.set('scheme', result.record.scheme);
      if (type === 'application/json') {
        if (result.kind === 'empty') {
          return problemJson(c, problem(400, 'missing-identifier', 'give the identifier as ?id='), {
            vary: 'Accept',
          });
        }
        if (result.kind === 'error') {
          return problemJson(c, { ...result.problem, status: lookupStatus(result.problem) }, { vary: 'Accept' });
        }
        return c.json(result.record, 200);
      }
      const status = result.kind === 'error' ? lookupStatus(result.problem) : 200;
      const title = result.kind === 'empty' ? 'Look up an identifier' : result.input;
      return c.html(renderPage({ title, base }, <LookupBody base={base} result={result} />), status);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/assets/{file}',
      tags: ['Web pages'],
      summary: 'The stylesheet and the page script of the web pages',
      request: { params: AssetParams },
      responses: {
        200: {
          description: 'The file (cached for a year when asked for with its `?v=` version)',
          content: { 'text/css': { schema: z.string() }, 'text/javascript': { schema: z.string() } },
        },
        304: { description: 'Not modified (`If-None-Match`)' },
        404: problemAnswer('No such file'),
      },
    }),
    (c) => {
      c.set('scheme', 'web');
      const asset = ASSETS.get(c.req.valid('param').file);
      if (!asset) return problemJson(c, problem(404, 'not-found', 'no such file'));
      const etag = `"${asset.hash}"`;
      const headers = {
        etag,
        'cache-control': c.req.query('v') === asset.hash ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      };
      const match = c.req.header('if-none-match');
      if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        return c.body(null, 304, headers);
      }
      return c.body(asset.body, 200, { ...headers, 'content-type': asset.type });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/docs/api',
      tags: ['Web pages'],
      summary: 'This API reference, for people',
      responses: { 200: html('The OpenAPI document as a page') },
    }),
    (c) => {
      c.set('scheme', 'web');
      const doc = openApiDocument(app, serverUrl(c, config));
      return c.html(renderReference(doc, base), 200);
    },
  );
}

/** The home page for `/` (served by the service route when the client asks for HTML). */
export function homePage(deps: AppDeps): string {
  return renderHome({
    base: basePath(deps.config.baseUrl),
    schemes: deps.registry.schemes.map((s) => s.name),
    profile: deps.config.profile,
    batchLimit: deps.config.batchLimit,
  });
}
