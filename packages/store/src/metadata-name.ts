import { z } from 'zod';

/**
 * The one rule for the name of a metadata element (`dc.title`, `datacite.creator`, `_profile`), checked by
 * the store's schema, so every path that writes metadata (the admin API, the EZID API, `pidgate import`)
 * refuses the same names with the same message: 1 to 256 characters, no control characters (a line break,
 * a NUL), no white space at either end (EZID's ANVL reader trims names, so such a name could never be read
 * back). A `:`, `%` or `#` is allowed, as EZID allows them (its ANVL percent-encodes them: `dc.x%3Ay`);
 * every ANVL renderer encodes what a label cannot carry (the gateway's `anvlLabel`), which also covers
 * names stored before this rule.
 */

export const MAX_METADATA_NAME_LENGTH = 256;

/** Why `name` is not a metadata element name, or null when it is one. */
export function metadataNameProblem(name: string): string | null {
  if (name.length === 0) return 'a metadata name is not empty';
  if (name.length > MAX_METADATA_NAME_LENGTH)
    return `a metadata name is at most ${MAX_METADATA_NAME_LENGTH} characters`;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
      return `a metadata name cannot hold a control character or line break: ${JSON.stringify(name)}`;
  }
  if (name.trim() !== name) return `a metadata name cannot start or end with white space: ${JSON.stringify(name)}`;
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
