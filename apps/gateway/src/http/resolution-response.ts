import { thumpStatus } from '@pidgate/erc';
import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import { STORAGE_ERROR } from '../observability/index.ts';
import {
  describeRecord,
  encodeUriText,
  type FallbackAnswer,
  type Outcome,
  type Resolution,
} from '../resolution/index.ts';
import type { GatewayEnv } from './env.ts';
import { listResponse } from './list.ts';
import { METADATA_TYPES, negotiate, prefersHtml } from './negotiate.ts';
import { publicBase } from './origin.ts';
import { type Problem, problem, problemResponse, unparseableProblem } from './problem.ts';
import { renderThump } from './thump.ts';
import type { HtmlViews } from './views.ts';

/**
 * The one place a resolution becomes an HTTP answer (the identifier route; the fast path writes the same
 * redirect headers, `redirectHeaders`, straight to the socket).
 */

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
export function outcomeLabel(outcome: Outcome): string {
  return outcome.kind === 'failed' && outcome.status === 503 ? STORAGE_ERROR : LABELS[outcome.kind];
}

type Redirect = Extract<Outcome, { kind: 'redirect' }>;

/** The headers of a redirect: `Location`, and `Link` (Memento) and `Content-Location` when there are any. */
export function redirectHeaders(o: Redirect): Record<string, string> {
  const headers: Record<string, string> = { location: o.target };
  if (o.links && o.links.length > 0) headers['link'] = o.links.join(', ');
  if (o.contentLocation) headers['content-location'] = o.contentLocation;
  // The web-archive fallback's redirect to a capture says so (resolution/fallback.ts).
  if (o.fallback) headers['pidgate-fallback'] = o.fallback;
  return headers;
}

/**
 * The problem of a target that resolves to nothing: a path that names no identifier of any known scheme is
 * not here (404), a malformed identifier is 400 with the parser's code and offset, a scheme no resolver
 * answers for 404 `no-resolver`.
 */
export function resolutionProblem(r: Exclude<Resolution, { kind: 'outcome' | 'describe' }>): Problem {
  switch (r.kind) {
    case 'unparseable':
      return unparseableProblem(r.error, r.identifier);
    case 'unknown-inflection':
      return problem(
        400,
        'unknown-inflection',
        'after an identifier, "?" asks for metadata only as "?", "??" or "?info"',
        {
          identifier: r.identifier,
          offset: r.offset,
        },
      );
    case 'no-resolver':
      return problem(404, 'no-resolver', `this gateway does not resolve ${r.id.scheme} identifiers`);
  }
}

/** The answer of a resolver's outcome for `input` (as written in the request). */
export function outcomeResponse(
  c: Context<GatewayEnv>,
  outcome: Outcome,
  input: string,
  base: string,
  views: HtmlViews,
): Response {
  c.set('outcome', outcomeLabel(outcome));
  switch (outcome.kind) {
    case 'redirect':
      return new Response(null, { status: outcome.status, headers: redirectHeaders(outcome) });
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
      return listResponse(c, outcome, input, base, views);
    case 'failed':
      return problemResponse(
        problem(outcome.status, outcome.code, outcome.detail, { identifier: input, how: outcome.how }),
      );
  }
}

/**
 * The web-archive fallback's answer when it does not redirect (resolution/fallback.ts): 404 `target-broken`,
 * a page for a browser, a problem document for a program, both naming the original target, since when it is
 * broken, and the latest captures with their PWIDs (none found: they say so); `Link` names the original and
 * the latest capture. Never cached: the target may come back.
 */
function fallbackResponse(
  c: Context<GatewayEnv>,
  answer: FallbackAnswer,
  outcome: Extract<Outcome, { kind: 'not-found' }>,
  input: string,
  base: string,
  views: HtmlViews,
): Response {
  c.set('outcome', outcomeLabel(outcome));
  const latest = answer.health.captures?.[0];
  const link = [
    `<${encodeUriText(answer.original)}>; rel="original"`,
    ...(latest ? [`<${latest.url}>; rel="memento"; datetime="${new Date(latest.datetime).toUTCString()}"`] : []),
  ].join(', ');
  const headers = { link, 'pidgate-fallback': 'archive-page', vary: 'Accept', 'cache-control': 'no-store' };
  if (prefersHtml(c.req.header('accept'))) {
    return new Response(c.req.method === 'HEAD' ? null : views.fallbackPage(answer, input, base), {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    });
  }
  return problemResponse(
    problem(404, outcome.code, outcome.detail, {
      identifier: input,
      how: outcome.how,
      target: answer.original,
      brokenSince: answer.health.brokenSince,
      lastClass: answer.health.lastClass,
      lastStatus: answer.health.lastStatus,
      captures: answer.health.captures ?? [],
      archives: answer.health.archives ?? [],
    }),
    headers,
  );
}

/**
 * The status a metadata answer (`?`, `??`, `?info`) goes out with: 410 when the identifier was deleted
 * (a tombstone), 404 when nothing bound or discovered it, else 200. The record is the body either way, so
 * a client learns what the gateway knows and, from the status alone, whether the object is there. This is
 * what arklet (internetarchive/arklet) does: `?info`/`?json` of a tombstoned ARK answer 410 with its
 * metadata, of an ARK nothing matches 404; the arks.org resolver (CDLUC3/resolver) answers an
 * introspection it finds no definition for with 404.
 */
export function describeStatus(outcome: Outcome): 200 | 404 | 410 {
  if (outcome.kind === 'gone') return 410;
  return outcome.kind === 'not-found' ? 404 : 200;
}

/** `?`, `??`, `?info`: the record in THUMP text, JSON or HTML, by `Accept`. */
function metadataResponse(
  c: Context<GatewayEnv>,
  deps: AppDeps,
  r: Extract<Resolution, { kind: 'describe' }>,
  base: string,
  views: HtmlViews,
): Response {
  c.set('outcome', 'metadata');
  const record = describeRecord(deps, r, r.inflection);
  const type = negotiate(c.req.header('accept'), METADATA_TYPES);
  const vary = { vary: 'Accept' };
  if (type === null) {
    return problemResponse(problem(406, 'not-acceptable', `metadata comes as ${METADATA_TYPES.join(', ')}`), vary);
  }
  const status = describeStatus(r.outcome);
  if (type === 'application/json') {
    return new Response(JSON.stringify(record), { status, headers: { 'content-type': 'application/json', ...vary } });
  }
  if (type === 'text/html') {
    return new Response(views.metadataPage(record, base), {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...vary },
    });
  }
  const url = `${publicBase(c, deps.config)}${record.identifier}${r.inflection}`;
  return new Response(renderThump(record, url), {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'thump-status': thumpStatus(status), ...vary },
  });
}

/**
 * The answer to a resolution, with the request's metrics labels set (`scheme`; `outcome` where the status
 * alone does not tell it). `base` is the path of the gateway's root as browsers see it.
 */
export function resolutionResponse(
  c: Context<GatewayEnv>,
  deps: AppDeps,
  r: Resolution,
  base: string,
  views: HtmlViews,
): Response {
  switch (r.kind) {
    case 'unparseable':
    case 'unknown-inflection':
      c.set('scheme', 'unknown');
      return problemResponse(resolutionProblem(r));
    case 'no-resolver':
      c.set('scheme', r.id.scheme);
      return problemResponse(resolutionProblem(r));
    case 'outcome':
      c.set('scheme', r.id.scheme);
      if (r.fallback && r.outcome.kind === 'not-found')
        return fallbackResponse(c, r.fallback, r.outcome, r.identifier, base, views);
      return outcomeResponse(c, r.outcome, r.identifier, base, views);
    case 'describe':
      c.set('scheme', r.id.scheme);
      return metadataResponse(c, deps, r, base, views);
  }
}
