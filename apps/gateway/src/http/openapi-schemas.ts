import { z } from '@hono/zod-openapi';
import { ProblemSchema } from './problem-schema.ts';

/** The body of every problem answer (RFC 9457, `application/problem+json`). */
export const problemContent = { 'application/problem+json': { schema: ProblemSchema } };

/** A problem answer of a route's `responses`: what the status means there. */
export function problemAnswer(description: string) {
  return { description, content: problemContent };
}

/**
 * Every problem a route behind `requireToken` answers through `requireToken`, `forbidden` and `storeProblem`
 * (auth.ts), spread into its `responses`; a route overrides a description where it knows more.
 */
export const adminResponses = {
  400: problemAnswer("Invalid request (the parser's or the store's code)"),
  401: problemAnswer('No valid bearer token (`unauthorized`, `invalid-token`, `token-revoked`, `token-expired`)'),
  403: problemAnswer("The token's scopes do not cover the identifier (`out-of-scope`)"),
  404: problemAnswer('Not found (`not-found`, `unknown-naan`), or a gateway without a store (`store-disabled`)'),
  409: problemAnswer('A precondition failed or the thing exists (`conflict`, `mint-exhausted`)'),
  410: problemAnswer('Deleted: the tombstone, never bound again (`tombstoned`)'),
  414: problemAnswer('Longer than any key the store holds (`key-too-long`)'),
  503: problemAnswer('The store failed (`storage-error`, `store-closed`)'),
};

/**
 * What the edge answers for any request body: `bodyLimit` (app.ts), and a media type the route does not read.
 * `openApiDocument` adds them to an operation with a body that does not list them.
 */
export const bodyResponses = {
  413: problemAnswer('The body is larger than the limit (`body-too-large`)'),
  415: problemAnswer('The body is not of a media type this operation reads'),
};

/** A route's required JSON body, validated by `schema` (a failure is the app's `defaultHook` problem). */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** The tag and security of a route behind a store token (`requireToken`). */
export const adminRoute = { tags: ['Administration'], security: [{ bearer: [] }] };

/**
 * Schemas of the answers that are not /api/v1 JSON (metadata records, lookup): they describe in
 * `/openapi.json` what `metadataRecord()` and `resolutionReport()` in `metadata.ts` build.
 */
export const StorySchema = z
  .object({ who: z.string(), what: z.string(), when: z.string(), where: z.string() })
  .openapi('ErcStory', {
    description: 'An ERC record (who, what, when, where); a missing value is a code such as "(:unav) unavailable"',
  });

export const ResolutionSchema = z
  .object({
    status: z.number().int().openapi({ description: 'The HTTP status a plain GET of the identifier answers' }),
    target: z.string().nullable(),
    how: z.string().openapi({ description: 'Which source resolved it (naan-table, maptr, urn-delegation, …)' }),
    code: z.string().optional(),
    detail: z.string().optional(),
    trace: z.array(z.string()).optional(),
    accessUrl: z.string().nullable().optional(),
  })
  .openapi('Resolution');

export const MetadataRecordSchema = z
  .object({
    identifier: z.string(),
    inflection: z.enum(['?', '??', '?info']),
    scheme: z.string(),
    normalized: z.string(),
    erc: StorySchema,
    support: StorySchema.optional().openapi({ description: 'The commitment (`??` and `?info`)' }),
    profile: z.string().optional(),
    components: z.record(z.string(), z.unknown()).optional(),
    resolution: ResolutionSchema,
    about: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('MetadataRecord');

/** The answer to a query (a PDI with wildcards): what `listResponse` in `list.ts` writes as JSON. */
export const PdiListSchema = z
  .object({
    query: z.string().openapi({ description: 'The query as asked' }),
    count: z.number().int(),
    truncated: z.boolean().openapi({ description: 'More PDIs match than are listed (at most 1000)' }),
    items: z.array(
      z.object({
        identifier: z.string().openapi({ description: 'The fully qualified PDI (`…/id.format.version`)' }),
        target: z.string(),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi('PdiList');

export const LookupQuery = z.object({
  id: z
    .string()
    .max(1 << 20)
    .optional()
    .openapi({
      param: { name: 'id', in: 'query' },
      description: 'The identifier as written; a trailing ?, ?? or ?info is ignored. Without it: the empty form.',
      example: 'ark:/12025/654xz321',
    }),
  profile: z
    .enum(['source', 'modern'])
    .optional()
    .openapi({ param: { name: 'profile', in: 'query' } }),
});

export const AssetParams = z.object({
  file: z.string().openapi({ param: { name: 'file', in: 'path' }, example: 'pidgate.css' }),
});

export const IdentifierParams = z.object({
  identifier: z.string().openapi({
    param: { name: 'identifier', in: 'path' },
    description:
      'The identifier exactly as written, slashes included (`ark:/12025/654xz321/s3/f8.05v.tiff`): the whole ' +
      'request target after the first `/`, nothing decoded. A trailing `?`, `??` or `?info` asks for metadata.',
    example: 'ark:/12025/654xz321',
  }),
});
