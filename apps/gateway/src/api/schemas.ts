import { z } from '@hono/zod-openapi';

/** Request and response schemas of the /api/v1 routes; `/openapi.json` is generated from these. */
export const ProfileSchema = z
  .enum(['source', 'modern'])
  .openapi({ description: 'Parsing profile', example: 'source' });

export const IdentifierList = z
  .array(z.string().max(1 << 20))
  .min(1)
  .openapi({ example: ['ark:/12025/654xz321', 'ARK:/12025/654XZ321'] });

export const LevelSchema = z.enum(['lexical', 'standard']).openapi({
  description:
    'Level of equivalence: `lexical` (default) compares normalized forms; `standard` groups identifiers that ' +
    "name the same thing under their scheme's own standard (an ISBN-10 with its ISBN-13)",
  example: 'lexical',
});

export const NormalizeBody = z
  .object({
    identifiers: IdentifierList,
    profile: ProfileSchema.optional(),
    level: LevelSchema.optional().openapi({
      description:
        'What `normalized` holds: the equivalence key at this level (`standard`: an ISBN-10 keyed as its ISBN-13, ' +
        'so that the two group together); default `lexical`, the normalized form',
    }),
  })
  .strict()
  .openapi('NormalizeRequest');

export const ErrorDetail = z
  .object({ code: z.string(), message: z.string(), offset: z.number().int().nullable() })
  .openapi('IdentifierError');

/** Findings about a valid identifier that are not errors (`Identifier.warnings`). */
export const WarningList = z
  .array(z.object({ code: z.string(), message: z.string() }).openapi('IdentifierWarning'))
  .openapi({
    description:
      'Findings that are not errors: `isbn-unicode-separator` and `issn-unicode-separator` (a Unicode dash, space ' +
      'or soft hyphen read as a separator), `isbn-unallocated-range` (an ISBN in no range the ISBN agency ' +
      'allocates), `nid-unregistered` (a URN namespace IANA has not registered), …',
  });

/** Exactly the object `pidgate normalize` prints for one line (`normalizeRecord` from @pidgate/core). */
export const NormalizeRecordSchema = z
  .union([
    z.object({
      input: z.string(),
      ok: z.literal(true),
      scheme: z.string(),
      normalized: z.string(),
      url: z
        .string()
        .nullable()
        .openapi({
          description:
            "Where the identifier resolves on the web (the scheme's resolver: doi.org, hdl.handle.net, n2t.net, " +
            "orcid.org, the URN namespace's resolver, the archive's replay URL for a PWID…); null where none is known",
          example: 'https://n2t.net/ark:12025/654xz321',
        }),
      warnings: WarningList.optional().openapi({ description: 'Present only when there is at least one warning' }),
    }),
    z.object({ input: z.string(), ok: z.literal(false), error: ErrorDetail }),
  ])
  .openapi('NormalizeRecord');

export const NormalizeResponse = z.object({ results: z.array(NormalizeRecordSchema) }).openapi('NormalizeResponse');

export const CompareBody = z
  .object({ identifiers: IdentifierList, profile: ProfileSchema.optional(), level: LevelSchema.optional() })
  .strict()
  .openapi('CompareRequest');

export const CompareResponse = z
  .object({
    equivalent: z.boolean(),
    groups: z.array(
      z.object({
        normalized: z.string().openapi({ description: 'The equivalence key of the group at the requested level' }),
        members: z.array(z.number().int()),
      }),
    ),
    errors: z.array(z.object({ index: z.number().int(), input: z.string(), error: ErrorDetail })),
  })
  .openapi('CompareResponse');

export const ParseQuery = z
  .object({
    id: z
      .string()
      .min(1)
      .max(1 << 20)
      .openapi({ param: { name: 'id', in: 'query' }, example: 'ark:/12025/654xz321/s3/f8.05v.tiff' }),
    profile: ProfileSchema.optional().openapi({ param: { name: 'profile', in: 'query' } }),
  })
  .strict();

export const ParsedRecord = z
  .object({
    scheme: z.string(),
    input: z.string(),
    profile: ProfileSchema,
    normalized: z.string(),
    standardKey: z
      .string()
      .optional()
      .openapi({ description: 'The `standard`-level equivalence key, where it differs from `normalized`' }),
    components: z.record(z.string(), z.unknown()),
    warnings: WarningList.optional(),
  })
  .openapi('ParsedIdentifier');

export const ResolveBody = z
  .object({ identifiers: IdentifierList, profile: ProfileSchema.optional() })
  .strict()
  .openapi('ResolveRequest');

export const ResolveResult = z
  .object({
    input: z.string(),
    ok: z.boolean(),
    scheme: z.string().optional(),
    normalized: z.string().optional(),
    status: z.number().int(),
    target: z.string().nullable(),
    how: z.string().nullable(),
    code: z.string().optional(),
    detail: z.string().optional(),
    trace: z.array(z.string()).readonly().optional(),
    error: ErrorDetail.optional(),
  })
  .openapi('ResolveResult');

export const ResolveResponse = z.object({ results: z.array(ResolveResult) }).openapi('ResolveResponse');
