import { z } from '@hono/zod-openapi';

/** An RFC 9457 problem document (`problem.ts`) as the OpenAPI document of every route describes it. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().optional(),
    offset: z.number().int().nullable().optional(),
  })
  .passthrough()
  .openapi('Problem');
