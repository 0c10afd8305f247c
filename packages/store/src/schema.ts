import { z } from 'zod';
import { ERC_ELEMENT_NAME, ISO_TIMESTAMP } from './grammar.ts';
import { MAX_TARGET_LENGTH, serializeTarget, targetRefusal } from './target.ts';

export { MAX_TARGET_LENGTH };

import { metadataRecord } from './metadata-name.ts';

/**
 * The NLM permanence levels quoted in the ARK spec §5.2 (draft-kunze-ark-09, from [NLMPerm]).
 * Offered as the documented values of a commitment's `what` element; not enforced.
 */
export const PERMANENCE_LEVELS = [
  'Not Guaranteed',
  'Permanent: Dynamic Content',
  'Permanent: Stable Content',
  'Permanent: Unchanging Content',
] as const;
export type PermanenceLevel = (typeof PERMANENCE_LEVELS)[number];

/** What each permanence level promises, verbatim from ARK §5.2. */
export const PERMANENCE_DESCRIPTIONS: Readonly<Record<PermanenceLevel, string>> = {
  'Not Guaranteed':
    'No commitment has been made to retain this resource. It could become unavailable at any time. Its identifier could be changed.',
  'Permanent: Dynamic Content':
    'A commitment has been made to keep this resource permanently available. Its identifier will always provide access to the resource. Its content could be revised or replaced.',
  'Permanent: Stable Content':
    'A commitment has been made to keep this resource permanently available. Its identifier will always provide access to the resource. Its content is subject only to minor corrections or additions.',
  'Permanent: Unchanging Content':
    'A commitment has been made to keep this resource permanently available. Its identifier will always provide access to the resource. Its content will not change.',
};

/** The redirect statuses a binding may answer with. */
export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** The longest ERC element value, and the most elements in one record. */
export const MAX_ERC_VALUE_LENGTH = 65_536;
export const MAX_ERC_ELEMENTS = 256;

const ercValue = z.string().max(MAX_ERC_VALUE_LENGTH);

/**
 * An ERC record (ARK §7): element name → value, or several values for a repeated element.
 * The kernel elements are `who`, `what`, `when`, `where`.
 */
export const ErcRecord = z
  .record(z.string().regex(ERC_ELEMENT_NAME, 'an ERC element name'), z.union([ercValue, z.array(ercValue).max(64)]))
  .refine((r) => Object.keys(r).length <= MAX_ERC_ELEMENTS, `at most ${MAX_ERC_ELEMENTS} elements`);
export type ErcRecord = z.infer<typeof ErcRecord>;

/**
 * An http(s) URL, absolute, with a host, read one way only (`target.ts`); the output is its WHATWG
 * serialization, what is stored and sent in `Location`. A target read two ways fails with an issue whose
 * `params.code` is `ambiguous-target`.
 */
export const TargetUrl = z
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
  })
  .transform(serializeTarget);

/**
 * An identifier's status, EZID's model: `public` resolves; `reserved` is known to its owner only (404 to
 * everyone else); `unavailable` answers 410 Gone with its record and the optional reason.
 */
export const IDENTIFIER_STATUSES = ['public', 'reserved', 'unavailable'] as const;
export type IdentifierStatus = (typeof IDENTIFIER_STATUSES)[number];

export const MAX_OWNER_LENGTH = 200;
export const MAX_REASON_LENGTH = 1000;
/** The longest value of one other metadata element (a DataCite or Crossref XML document fits). */
export const MAX_METADATA_VALUE_LENGTH = 1 << 20;

/**
 * Metadata beyond the ERC record, element name → value: Dublin Core (`dc.title`), DataCite
 * (`datacite.creator`, or a whole `datacite` XML document), and EZID's own settable elements
 * (`_profile`, `_export`). Kept as given and served as JSON.
 */
export const OtherMetadata = metadataRecord(z.string().max(MAX_METADATA_VALUE_LENGTH)).refine(
  (r) => Object.keys(r).length <= MAX_ERC_ELEMENTS,
  `at most ${MAX_ERC_ELEMENTS} elements`,
);
export type OtherMetadata = z.infer<typeof OtherMetadata>;

/** An ISO 8601 instant, as `Date#toISOString` writes it. */
const Instant = z
  .string()
  .max(40)
  .refine((s) => ISO_TIMESTAMP.test(s) && !Number.isNaN(Date.parse(s)), 'an ISO 8601 instant')
  .transform((s) => new Date(s).toISOString());

/**
 * What a caller gives to bind an identifier: the target and redirect status, the ERC record
 * (what `?` shows) and the commitment (`support`, what `??` adds; put a `PERMANENCE_LEVELS`
 * value in its `what`); the identifier's status (and the reason it is unavailable), its owner
 * (a token name) and other metadata. `createdAt`/`updatedAt` keep the timestamps of a migrated
 * record (an import); left out, the store's clock is used.
 */
export const BindingInput = z.strictObject({
  target: TargetUrl,
  status: z.literal([...REDIRECT_STATUSES]).default(302),
  erc: ErcRecord.default({}),
  support: ErcRecord.nullable().default(null),
  identifierStatus: z.enum(IDENTIFIER_STATUSES).default('public'),
  statusReason: z.string().min(1).max(MAX_REASON_LENGTH).nullable().default(null),
  owner: z.string().min(1).max(MAX_OWNER_LENGTH).nullable().default(null),
  /** The owner group; left out: kept as it is on an update, null on a create. */
  ownerGroup: z.string().min(1).max(MAX_OWNER_LENGTH).nullable().optional(),
  metadata: OtherMetadata.default({}),
  createdAt: Instant.optional(),
  updatedAt: Instant.optional(),
});
/** The input as a caller writes it (status, erc and support may be left out). */
export type BindingInput = z.input<typeof BindingInput>;
/** The input after validation, every field present. */
export type BindingData = z.output<typeof BindingInput>;
