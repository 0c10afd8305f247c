// What the path of `/api/v1/bindings/{identifier}` names (an ARK, a PDI, a PDI document series), read from
// the raw request target and checked against the token's scopes; or the refusal the route answers.
import { type Identifier, percentDecode } from '@pidgate/core';
import { type PdiComponents, parsePdi, resourceKey } from '@pidgate/pdi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../deps.ts';
import { type Problem, parseProblem, problem, problemJson, requestTarget } from '../http/index.ts';
import { type PdiSelector, pdiSelector, prefixRuleKey, storageKey } from '../resolution/index.ts';
import { type AuthEnv, forbidden, type Token } from './auth.ts';

const PREFIX = '/api/v1/bindings/';

/** A document series alone (`urn:pdi://ap.org.us`): PUT mints the day's next serial number under it. */
export const PDI_SERIES = /^(?:urn:)?pdi:\/\/([A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9][A-Za-z0-9-]*)+)\/?$/i;

/** A path that starts with a scheme (`ark:`, `urn:`, `pdi:`) as written, not percent-encoded. */
const SCHEME_START = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * The identifier of `/api/v1/bindings/{identifier}` and the query. The identifier is taken as written
 * (`ark:/99999/x`, nothing decoded); one whose scheme is percent-encoded (`ark%3A%2F99999%2Fx`, what every
 * OpenAPI client sends for a path parameter) is percent-decoded once, as the resolution routes read it.
 */
export function bindingTarget(c: Context): { raw: string; query: URLSearchParams } {
  const target = requestTarget(c);
  const rest = target.slice(target.indexOf(PREFIX) + PREFIX.length);
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  const decoded = !SCHEME_START.test(path) && path.includes('%') ? percentDecode(path) : null;
  return {
    raw: decoded?.ok && SCHEME_START.test(decoded.value) ? decoded.value : path,
    query: new URLSearchParams(q === -1 ? '' : rest.slice(q + 1)),
  };
}

/** An ARK of the path: its key (a prefix rule's marked key with `?prefix=true`), in the token's scopes. */
export interface ArkSubject {
  readonly kind: 'ark';
  readonly key: string;
  readonly naan: string;
  /** `?prefix=true`: a prefix rule, covering every ARK that starts with it (no separator). */
  readonly rule: boolean;
}

/** A PDI of the path (no wildcards), in the token's scopes. */
export interface PdiSubject {
  readonly kind: 'pdi';
  /** The resource key the store keys on. */
  readonly key: string;
  readonly normalized: string;
  /** The canonical format and version (`.TEXT.01` is `.text.1`); null when the version is no number the store keeps. */
  readonly selector: PdiSelector | null;
  readonly version: string | null;
}

/** A PDI document series alone (`urn:pdi://ap.org.us`): PUT mints the day's next serial number under it. */
export interface SeriesSubject {
  readonly kind: 'series';
  readonly series: string;
}

export interface SubjectEnv {
  Variables: AuthEnv['Variables'] & { subject: ArkSubject | PdiSubject };
}

/** Why the path or body is refused: the problem the route answers. */
export interface Refusal {
  readonly refused: Problem & { readonly status: ContentfulStatusCode };
}

export const refuse = (p: Problem & { readonly status: ContentfulStatusCode }): Refusal => ({ refused: p });

/** A PDI series alone is only PUT (to mint a serial number). */
const seriesAlone = () =>
  refuse(problem(400, 'pdi-series', 'a document series alone is only PUT (to mint a serial number)'));

/** An ARK or a PDI of the path, each by its own rules, within the token's scopes. */
export async function identify(token: Token, deps: AppDeps, raw: string, query: URLSearchParams) {
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

export function seriesSubject(token: Token, series: string) {
  const invalidSeries = seriesProblem(series);
  if (invalidSeries) return refuse(invalidSeries);
  const denied = forbidden(token, `urn:pdi://${series}`);
  if (denied) return refuse(denied);
  return { kind: 'series', series } satisfies SeriesSubject;
}

/** GET and DELETE: the ARK or PDI of the path on `c.var.subject`, or its refusal. */
export function named(deps: AppDeps) {
  return createMiddleware<SubjectEnv>(async (c, next) => {
    const { raw, query } = bindingTarget(c);
    const found = PDI_SERIES.test(raw) ? seriesAlone() : await identify(c.var.token, deps, raw, query);
    if ('refused' in found) return problemJson(c, found.refused);
    c.set('subject', found);
    await next();
  });
}
