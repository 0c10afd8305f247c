import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { Grouper, normalizeRecord, type Profile } from '@pidgate/core';
import { urlOf } from '@pidgate/schemes';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps.ts';
import {
  bodyResponses,
  type GatewayEnv,
  jsonBody,
  mediaTypeOf,
  metricsLabel,
  parseProblem,
  problem,
  problemAnswer,
  problemJson,
} from '../http/index.ts';
import { resolutionReport, resolveTarget } from '../resolution/index.ts';
import { normalizeStream } from './ndjson.ts';
import {
  CompareBody,
  CompareResponse,
  NormalizeBody,
  NormalizeResponse,
  ParsedRecord,
  ParseQuery,
  ResolveBody,
  ResolveResponse,
  type ResolveResult,
} from './schemas.ts';

/** A parsed record (any scheme's components) as the JSON object a response carries. */
function recordJson(components: object): Record<string, unknown> {
  return { ...components };
}

const errors = {
  400: problemAnswer('Invalid request or identifier'),
  413: problemAnswer('Body or batch too large'),
};
/** The answers of a route with a JSON body: what the edge answers for any body, then `errors`. */
const bodyErrors = { ...bodyResponses, ...errors };

/** How many identifiers of one batch are resolved at once. */
const RESOLVE_CONCURRENCY = 16;

function tooMany(n: number, limit: number) {
  return problem(413, 'batch-too-large', `${n} identifiers given; at most ${limit} per request`);
}

/** The batch API under /api/v1: parse, normalize (JSON or streamed NDJSON), compare, resolve. */
export function apiRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const { registry, config } = deps;
  const profileOf = (p: Profile | undefined): Profile => p ?? config.profile;

  app.use('/api/*', metricsLabel('api'));

  // `POST /api/v1/normalize` with a text/plain body: the lines stream back as NDJSON, answered here before
  // the route's JSON body validation (the route's typed answers are JSON).
  const normalizeLines = createMiddleware<GatewayEnv>(async (c, next) => {
    if (mediaTypeOf(c.req.header('content-type')) !== 'text/plain') return next();
    const profile = c.req.query('profile') ?? config.profile;
    if (profile !== 'source' && profile !== 'modern') {
      return problemJson(c, problem(400, 'invalid-profile', 'profile must be "source" or "modern"'));
    }
    const level = c.req.query('level') ?? 'lexical';
    if (level !== 'lexical' && level !== 'standard') {
      return problemJson(c, problem(400, 'invalid-level', 'level must be "lexical" or "standard"'));
    }
    const length = Number(c.req.header('content-length'));
    if (config.streamLimit > 0 && length > config.streamLimit) {
      return problemJson(c, problem(413, 'body-too-large', `the body is longer than ${config.streamLimit} bytes`));
    }
    const stream = normalizeStream(c.req.raw.body, registry, profile, config.streamLimit, level);
    return c.body(stream, 200, { 'content-type': 'application/x-ndjson' });
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/parse',
      summary: 'The parsed record of one identifier',
      request: { query: ParseQuery },
      responses: {
        200: { description: 'Parsed', content: { 'application/json': { schema: ParsedRecord } } },
        ...errors,
      },
    }),
    (c) => {
      const { id, profile } = c.req.valid('query');
      const result = registry.parse(id, profileOf(profile));
      if (!result.ok) return problemJson(c, parseProblem(result.error, id));
      const { scheme, input, normalized, components, standardKey, warnings } = result.value;
      return c.json(
        {
          scheme,
          input,
          profile: result.value.profile,
          normalized,
          ...(standardKey === undefined ? {} : { standardKey }),
          components: recordJson(components),
          ...(warnings === undefined ? {} : { warnings: warnings.map((w) => ({ code: w.code, message: w.message })) }),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/normalize',
      summary: 'Normalize a list (JSON), or stream a text/plain body of lines back as NDJSON',
      middleware: normalizeLines,
      request: {
        body: {
          required: false,
          content: {
            'application/json': { schema: NormalizeBody },
            'text/plain': { schema: z.string().openapi({ description: 'One identifier per line' }) },
          },
        },
      },
      responses: {
        200: {
          description: 'One normalize record per identifier',
          content: {
            'application/json': { schema: NormalizeResponse },
            'application/x-ndjson': { schema: z.string().openapi({ description: 'One normalize record per line' }) },
          },
        },
        ...bodyErrors,
        415: problemAnswer('No Content-Type: send application/json or text/plain'),
      },
    }),
    async (c) => {
      if (!c.req.header('content-type')) {
        return problemJson(
          c,
          problem(415, 'unsupported-media-type', 'send application/json or text/plain (one identifier per line)'),
        );
      }
      // The body's type is the union of its two media types; text/plain never reaches here (normalizeLines).
      const body = c.req.valid('json') as z.infer<typeof NormalizeBody>;
      if (body.identifiers.length > config.batchLimit) {
        return problemJson(c, tooMany(body.identifiers.length, config.batchLimit));
      }
      const profile = profileOf(body.profile);
      const level = body.level ?? 'lexical';
      return c.json(
        {
          // every record is made with urlOf: each has its url
          results: body.identifiers.map((id) => normalizeRecord(registry, id, profile, level, urlOf)) as z.infer<
            typeof NormalizeResponse
          >['results'],
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/compare',
      summary: 'Group identifiers into equivalence classes',
      request: { body: jsonBody(CompareBody) },
      responses: {
        200: {
          description: 'Groups, in order of first appearance',
          content: { 'application/json': { schema: CompareResponse } },
        },
        ...bodyErrors,
      },
    }),
    (c) => {
      const body = c.req.valid('json');
      if (body.identifiers.length > config.batchLimit) {
        return problemJson(c, tooMany(body.identifiers.length, config.batchLimit));
      }
      const profile = profileOf(body.profile);
      const level = body.level ?? 'lexical';
      const grouper = new Grouper();
      body.identifiers.forEach((id, index) => {
        grouper.add(index, id, registry.normalize(id, profile, level));
      });
      const groups = grouper.groups.map((g) => ({ normalized: g.normalized, members: g.members.map((m) => m.line) }));
      const failures = grouper.failures.map((f) => ({
        index: f.line,
        input: f.input,
        error: { code: f.error.code, message: f.error.message, offset: f.error.offset },
      }));
      return c.json({ equivalent: failures.length === 0 && groups.length === 1, groups, errors: failures }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/resolve',
      summary: 'Resolve a list without redirecting: target, status and how it was found, per identifier',
      request: { body: jsonBody(ResolveBody) },
      responses: {
        200: {
          description: 'One result per identifier, in order',
          content: { 'application/json': { schema: ResolveResponse } },
        },
        ...bodyErrors,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (body.identifiers.length > config.batchLimit) {
        return problemJson(c, tooMany(body.identifiers.length, config.batchLimit));
      }
      const profile = profileOf(body.profile);
      const results: z.infer<typeof ResolveResult>[] = new Array(body.identifiers.length);
      let next = 0;
      const worker = async () => {
        while (next < body.identifiers.length) {
          const index = next++;
          const input = body.identifiers[index] as string;
          results[index] = await resolveOne(deps, input, profile);
        }
      };
      await Promise.all(Array.from({ length: Math.min(RESOLVE_CONCURRENCY, body.identifiers.length) }, worker));
      return c.json({ results }, 200);
    },
  );
}

async function resolveOne(deps: AppDeps, input: string, profile: Profile): Promise<z.infer<typeof ResolveResult>> {
  const r = await resolveTarget(deps, input, { profile, form: 'identifier' });
  switch (r.kind) {
    case 'outcome': {
      const report = resolutionReport(r.outcome, true);
      return { input, ok: report.target !== null, scheme: r.id.scheme, normalized: r.id.normalized, ...report };
    }
    case 'no-resolver': {
      const { scheme, normalized } = r.id;
      return { input, ok: false, scheme, normalized, status: 404, target: null, how: null, code: 'no-resolver' };
    }
    case 'unparseable': {
      const { code, message, offset } = r.error;
      return { input, ok: false, status: 400, target: null, how: null, error: { code, message, offset } };
    }
    // An identifier as given carries no inflection: never reached.
    case 'unknown-inflection':
    case 'describe':
      throw new Error(`resolving ${input} as an identifier gave ${r.kind}`);
  }
}
