import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Identifier } from '@pidgate/core';
import { thumpStatus } from '@pidgate/erc';
import type { Context } from 'hono';
import { refuseLoop } from '../bound.ts';
import type { AppDeps } from '../deps.ts';
import type { GatewayEnv } from '../env.ts';
import { fastPathAware, preparedFor } from '../fast.ts';
import { listResponse } from '../list.ts';
import { metadataRecord } from '../metadata.ts';
import { STORAGE_ERROR } from '../metrics.ts';
import { METADATA_TYPES, negotiate, routeMethods } from '../negotiate.ts';
import { parseProblem, problem, problemResponse } from '../problem.ts';
import { renderHtml, renderThump } from '../render.ts';
import type { Outcome } from '../resolvers/types.ts';
import { type Inflection, parseRequest, requestTarget, splitInflection } from '../target.ts';
import { basePath } from '../web/layout.tsx';
import { publicBase } from './service.ts';

const LABELS: Readonly<Record<Outcome['kind'], string>> = {
  redirect: 'redirect',
  restricted: 'restricted',
  'not-found': 'not_found',
  gone: 'gone',
  list: 'list',
  /** Discovery failed upstream (502, 504); a store failure (503) is `storage_error`. */
  failed: 'upstream_error',
};

/** The metrics label of an outcome: a failing store (503) is not a failure of discovery upstream. */
function outcomeLabel(outcome: Outcome): string {
  return outcome.kind === 'failed' && outcome.status === 503 ? STORAGE_ERROR : LABELS[outcome.kind];
}

function outcomeResponse(c: Context<GatewayEnv>, outcome: Outcome, input: string, base: string): Response {
  c.set('outcome', outcomeLabel(outcome));
  switch (outcome.kind) {
    case 'redirect': {
      const headers: Record<string, string> = { location: outcome.target };
      if (outcome.links && outcome.links.length > 0) headers['link'] = outcome.links.join(', ');
      if (outcome.contentLocation) headers['content-location'] = outcome.contentLocation;
      return new Response(null, { status: outcome.status, headers });
    }
    case 'restricted':
      return problemResponse(
        problem(403, 'restricted-archive', outcome.explanation, {
          identifier: input,
          archive: outcome.archive,
          accessUrl: outcome.accessUrl,
        }),
        outcome.accessUrl ? { link: `<${outcome.accessUrl}>; rel="help"` } : {},
      );
    case 'not-found':
      return problemResponse(problem(404, outcome.code, outcome.detail, { identifier: input, how: outcome.how }));
    case 'gone':
      return problemResponse(
        problem(410, outcome.code, outcome.detail, {
          identifier: input,
          how: outcome.how,
          erc: outcome.record.erc,
          support: outcome.record.support,
          ...(outcome.record.about ?? {}),
        }),
      );
    case 'list':
      return listResponse(c, outcome, input, base);
    case 'failed':
      return problemResponse(
        problem(outcome.status, outcome.code, outcome.detail, { identifier: input, how: outcome.how }),
      );
  }
}

/**
 * `GET /{identifier}` resolves; `GET /{identifier}?`, `??` and `?info` describe. The identifier is the
 * raw request target after the first `/`; dispatch is by scheme name through the resolver list only.
 */
export function identifierRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const { registry, config, resolvers } = deps;
  // The path of the gateway's root as browsers see it (`/resolver/` for https://example.org/resolver/).
  const base = basePath(config.baseUrl);

  // The methods the other routes answer at a path (built once the app has every route).
  let methodsAt: ((path: string) => string[] | null) | null = null;
  const allowAt = (path: string) => {
    methodsAt ??= routeMethods(app.routes);
    return methodsAt(path);
  };
  const notAllowed = (c: Context<GatewayEnv>, allow: readonly string[]) => {
    c.set('scheme', 'none');
    return problemResponse(problem(405, 'method-not-allowed', `${c.req.method} is not allowed here`), {
      allow: allow.join(', '),
    });
  };

  const identifierHandler = fastPathAware(async (c: Context<GatewayEnv>) => {
    // A path of another route (GET /api/v1/normalize) is not an identifier: 405 with that route's methods.
    if (!preparedFor(c)) {
      const allow = allowAt(c.req.path);
      if (allow && !allow.includes(c.req.method)) return notAllowed(c, allow);
    }
    // Resolved already by the fast path (server.ts), which answers plain redirects itself.
    const pre = preparedFor(c);
    if (pre?.id !== undefined) {
      c.set('scheme', pre.id.scheme);
      if (pre.error !== undefined) throw pre.error.value;
      if (pre.outcome !== undefined)
        return outcomeResponse(
          c,
          pre.outcome,
          parseRequest(registry, requestTarget(c), config.profile).identifier,
          base,
        );
    }
    const target = requestTarget(c);
    const { identifier: written } = splitInflection(target);
    if (written.endsWith('?')) {
      c.set('scheme', 'unknown');
      return problemResponse(
        problem(400, 'unknown-inflection', 'after an identifier, "?" asks for metadata only as "?", "??" or "?info"', {
          identifier: written,
          offset: written.length - 1,
        }),
      );
    }
    const { identifier, inflection, parsed } = parseRequest(registry, target, config.profile);
    if (!parsed.ok) {
      c.set('scheme', 'unknown');
      const p = parseProblem(parsed.error, identifier);
      // A path that names no identifier of any known scheme is not here (404); a malformed one is 400.
      return problemResponse(parsed.error.code === 'unknown-scheme' ? { ...p, status: 404, title: 'Not Found' } : p);
    }
    const id = parsed.value;
    c.set('scheme', id.scheme);
    const resolver = resolvers.get(id.scheme);
    if (!resolver) {
      return problemResponse(problem(404, 'no-resolver', `this gateway does not resolve ${id.scheme} identifiers`));
    }
    const outcome = refuseLoop(await resolver.resolve(id, deps), deps.self, c.req.header('host'));
    if (inflection === null) return outcomeResponse(c, outcome, identifier, base);
    // A failing store is 503 for `?`, `??` and `?info` too: no record is described from half the sources.
    if (outcome.kind === 'failed' && outcome.status === 503) return outcomeResponse(c, outcome, identifier, base);
    return metadataResponse(c, deps, inflection, id, outcome, base);
  });
  app.on(['GET', 'HEAD'], '*', identifierHandler);

  // Never reached by GET or HEAD (the identifier route answers those), so the fast path may go first.
  app.all(
    '*',
    fastPathAware((c: Context<GatewayEnv>) => notAllowed(c, allowAt(c.req.path) ?? ['GET', 'HEAD'])),
  );
}

function metadataResponse(
  c: Context<GatewayEnv>,
  deps: AppDeps,
  inflection: Inflection,
  id: Identifier,
  outcome: Outcome,
  base: string,
): Response {
  c.set('outcome', 'metadata');
  const resolver = deps.resolvers.get(id.scheme);
  const description = resolver!.describe(id, outcome, deps);
  const record = metadataRecord(id, inflection, outcome, description);
  const type = negotiate(c.req.header('accept'), METADATA_TYPES);
  const vary = { vary: 'Accept' };
  if (type === null) {
    return problemResponse(problem(406, 'not-acceptable', `metadata comes as ${METADATA_TYPES.join(', ')}`), vary);
  }
  if (type === 'application/json') {
    return new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json', ...vary } });
  }
  if (type === 'text/html') {
    return new Response(renderHtml(record, base), { headers: { 'content-type': 'text/html; charset=utf-8', ...vary } });
  }
  const url = `${publicBase(c, deps.config)}${record.identifier}${inflection}`;
  return new Response(renderThump(record, url), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'thump-status': thumpStatus(200), ...vary },
  });
}
