import { z } from '@hono/zod-openapi';
import {
  IDENTIFIER_STATUSES,
  MAX_TARGET_LENGTH,
  metadataRecord,
  PERMANENCE_LEVELS,
  REDIRECT_STATUSES,
  targetRefusal,
} from '@pidgate/store';

/**
 * Request and response schemas of the admin API (bindings, minting, shoulders, bulk import and export).
 * They mirror the store's `BindingInput` (which checks everything again) so that /openapi.json shows them.
 */

const ercValue = z.string().max(65_536);
const ErcRecord = z.record(
  z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, 'an ERC element name'),
  z.union([ercValue, z.array(ercValue).max(64)]),
);
/** The store's target check (`targetRefusal`): an absolute http(s) URL read one way (else `ambiguous-target`). */
const TargetUrl = z
  .string()
  .min(1)
  .max(MAX_TARGET_LENGTH)
  .superRefine((s, ctx) => {
    const refused = targetRefusal(s);
    if (!refused) return;
    ctx.addIssue({
      code: 'custom',
      message: refused.message,
      ...(refused.kind === 'ambiguous' ? { params: { code: 'ambiguous-target' } } : {}),
    });
  });

const Erc = ErcRecord.openapi({
  description: 'An ERC record (ARK §7): element → value or values; the kernel is who, what, when, where',
  example: { who: 'Kunze, John', what: 'The ARK Identifier Scheme', when: '2005', where: 'https://example.org/ark' },
});

const Support = ErcRecord.openapi({
  description: `The commitment (erc-support, what ?? adds). Put one of the NLM permanence levels of ARK §5.2 in "what": ${PERMANENCE_LEVELS.join('; ')}`,
  example: {
    who: 'Example Library',
    what: 'Permanent: Stable Content',
    when: '2024',
    where: 'https://example.org/policy',
  },
});

export const BindingBody = z
  .strictObject({
    target: TargetUrl.openapi({ example: 'https://repository.example.org/objects/abc' }),
    // zod 4's multi-value literal is rendered with its first value only: the enum is written out whole.
    status: z
      .literal([...REDIRECT_STATUSES])
      .optional()
      .openapi({ type: 'integer', enum: [...REDIRECT_STATUSES], description: 'The redirect status (default 302)' }),
    erc: Erc.optional(),
    support: Support.nullable().optional(),
    identifierStatus: z.enum(IDENTIFIER_STATUSES).optional().openapi({
      description: 'public (the default) resolves; reserved is known to its owner only (404); unavailable answers 410',
    }),
    statusReason: z.string().min(1).max(1000).nullable().optional().openapi({ example: 'withdrawn by author' }),
    owner: z.string().min(1).max(200).nullable().optional().openapi({
      description: "by default the token's owner (a new identifier) or as it is; only an administrator changes it",
    }),
    ownerGroup: z
      .string()
      .min(1)
      .max(200)
      .nullable()
      .optional()
      .openapi({ description: "the owner group (EZID's _ownergroup); only an administrator changes it" }),
    metadata: metadataRecord(z.string())
      .optional()
      .openapi({ description: 'Dublin Core, DataCite and other elements (EZID: dc.*, datacite.*, _profile, _export)' }),
  })
  .openapi('BindingRequest');

export const PdiBindingBody = z
  .strictObject({
    target: TargetUrl,
    /** The format, when the PDI in the path has none (a document series, or a resource). */
    format: z.string().min(1).max(64).optional(),
    erc: Erc.optional(),
    owner: z.string().min(1).max(200).nullable().optional().openapi({
      description:
        "the resource's owner: by default its latest version's (or the caller's for a new resource); only an administrator changes it",
    }),
    ownerGroup: z.string().min(1).max(200).nullable().optional().openapi({
      description: "the resource's owner group, as `owner`; only an administrator changes it",
    }),
  })
  .openapi('PdiBindingRequest');

export const BindingSchema = z
  .object({
    identifier: z.string(),
    prefix: z.boolean().openapi({
      description: 'true for a prefix rule: it covers every ARK that starts with `identifier` (no separator needed)',
    }),
    target: z.string(),
    status: z.number().int(),
    erc: z.record(z.string(), z.unknown()),
    support: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
    tombstoned: z.boolean(),
    deletedAt: z.string().nullable(),
    identifierStatus: z.enum(IDENTIFIER_STATUSES),
    statusReason: z.string().nullable(),
    owner: z.string().nullable(),
    ownerGroup: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
  })
  .openapi('Binding');

export const PdiVersionSchema = z
  .object({
    identifier: z.string().openapi({ example: 'urn:pdi://ap.org.us/1997/11/27/12.pdf.2' }),
    resource: z.string(),
    format: z.string(),
    version: z.number().int(),
    target: z.string(),
    erc: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    owner: z.string().nullable(),
    ownerGroup: z.string().nullable(),
  })
  .openapi('PdiVersion');

export const BindingPage = z
  .object({ items: z.array(BindingSchema), next: z.string().nullable() })
  .openapi('BindingPage');

/** A page of PDI versions: the listing under a PDI prefix (`?prefix=urn:pdi://ap.org.us/`). */
export const PdiVersionPage = z
  .object({ items: z.array(PdiVersionSchema), next: z.string().nullable() })
  .openapi('PdiVersionPage');

export const ListQuery = z.object({
  prefix: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .openapi({ param: { name: 'prefix', in: 'query' }, example: 'ark:/99999/x6' }),
  cursor: z
    .string()
    .max(8192)
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' } }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' } }),
  tombstoned: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ param: { name: 'tombstoned', in: 'query' }, description: 'include deleted identifiers' }),
});

export const MintBody = z
  .strictObject({
    shoulder: z.string().min(1).max(4096).openapi({ example: 'ark:/99999/x6' }),
    count: z.number().int().min(1).max(1000).default(1),
    /** Bind each new identifier: `{id}` in the target is replaced by the identifier. */
    bind: BindingBody.optional(),
  })
  .openapi('MintRequest');

export const MintResponse = z
  .object({ shoulder: z.string(), identifiers: z.array(z.string()), bound: z.boolean() })
  .openapi('MintResponse');

export const ShoulderBody = z
  .strictObject({
    shoulder: z.string().min(1).max(4096).openapi({ example: 'ark:/99999/x6' }),
    template: z.string().min(1).max(64).openapi({ example: 'x6.reeddk' }),
    seed: z.string().min(1).max(200).optional(),
    /** The name of the NAAN's organization, recorded when the NAAN is declared along with the shoulder. */
    naanName: z.string().max(200).optional(),
  })
  .openapi('ShoulderRequest');

export const ShoulderSchema = z
  .object({
    shoulder: z.string(),
    naan: z.string(),
    template: z.string(),
    minted: z.number().int(),
    capacity: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .openapi('Shoulder');

export const ImportLineResult = z
  .object({
    line: z.number().int(),
    identifier: z.string().optional(),
    ok: z.boolean(),
    action: z.string().optional(),
    code: z.string().optional(),
    detail: z.string().optional(),
  })
  .openapi('ImportLineResult');
