import { z } from 'zod';

/**
 * The one rule for the name of a metadata element (`dc.title`, `datacite.creator`, `_profile`), checked by
 * the store's schema, so every path that writes metadata (the admin API, the EZID API, `pidgate import`)
 * refuses the same names with the same message. A name is 1 to 256 characters and can be written as an
 * ANVL label as it is (ANVL §2, as EZID writes its metadata): no `:` (it ends a label; EZID's `x%3Ay`
 * decodes to one), no control characters (a line break would start another element), no white space at
 * either end, no `#` first (a comment line). Names stored before this rule are still shown: every
 * renderer encodes what ANVL cannot carry (see the gateway's `anvlLabel`).
 */

export const MAX_METADATA_NAME_LENGTH = 256;

/** Why `name` is not a metadata element name, or null when it is one. */
export function metadataNameProblem(name: string): string | null {
  if (name.length === 0) return 'a metadata name is not empty';
  if (name.length > MAX_METADATA_NAME_LENGTH)
    return `a metadata name is at most ${MAX_METADATA_NAME_LENGTH} characters`;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x3a) return `a metadata name cannot hold ":" (it ends an ANVL label): ${JSON.stringify(name)}`;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
      return `a metadata name cannot hold a control character or line break: ${JSON.stringify(name)}`;
  }
  if (name.trim() !== name) return `a metadata name cannot start or end with white space: ${JSON.stringify(name)}`;
  if (name.charCodeAt(0) === 0x23)
    return `a metadata name cannot start with "#" (an ANVL comment): ${JSON.stringify(name)}`;
  return null;
}

/**
 * Metadata, name → value, each name held to `metadataNameProblem` (its message kept, at the name's path: a
 * zod key schema would report only "Invalid key in record").
 */
export function metadataRecord<V extends z.ZodType<string>>(value: V) {
  return z.record(z.string(), value).superRefine((record, ctx) => {
    for (const name of Object.keys(record)) {
      const problem = metadataNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  });
}
