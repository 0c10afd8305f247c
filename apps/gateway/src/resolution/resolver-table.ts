// biome-ignore-all lint/suspicious/noTemplateCurlyInString: resolver URLs are templates with ${urn}-style placeholders.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../config/index.ts';
import { DATA_DIR } from '../paths.ts';

/** The resolver table shipped with the gateway. */
export const BUILTIN_RESOLVERS_FILE = resolve(DATA_DIR, 'resolvers.json');

const template = z
  .string()
  .regex(/^https?:\/\//i, 'must be an http or https URL template')
  .refine((s) => s.includes('${'), 'must contain a placeholder such as ${urn}');

/**
 * Where URNs of a namespace (or of part of one) resolve. `prefix` as `urn.delegations`: `NID` or
 * `NID:NSS-prefix`, case-insensitive, an NSS prefix ending at ":" or "-"; the longest match wins.
 * `url` placeholders: `${urn}` (as written), `${nid}`, `${nss}` (as written), `${normalized}` (the
 * namespace's normal form), `${key}` (the normalized NSS), `${rest}` (the normalized NSS after the
 * prefix's NSS part and its separator: `2648` for `ietf:rfc` and `urn:ietf:rfc:2648`).
 */
export const UrnResolverEntry = z.object({
  prefix: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,31}(:[^\s]*)?$/, 'must be "NID" or "NID:NSS-prefix"'),
  url: template,
  name: z.string().min(1).optional(),
  note: z.string().min(1).optional(),
});

/** Where identifiers of a scheme resolve: `url` a template, e.g. `https://doi.org/${id}`. */
export const SchemeResolverEntry = z.object({
  url: template,
  name: z.string().min(1).optional(),
  note: z.string().min(1).optional(),
});

export const ResolverTableSchema = z.object({
  urn: z.array(UrnResolverEntry),
  schemes: z.record(z.string(), SchemeResolverEntry),
});

export type UrnResolverEntry = z.infer<typeof UrnResolverEntry>;
export type SchemeResolverEntry = z.infer<typeof SchemeResolverEntry>;
export type ResolverTable = z.infer<typeof ResolverTableSchema>;

/** Read and validate one resolver table file; a ConfigError names the file and the first problems. */
export function readResolverTable(file: string): ResolverTable {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(`resolver table ${file}: ${(e as Error).message}`);
  }
  const parsed = ResolverTableSchema.safeParse(value);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 5).map((i) => `  ${i.path.join('.') || '(top)'}: ${i.message}`);
    throw new ConfigError(`resolver table ${file} is not valid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Merge an operator's table over a base one: a URN entry with the same prefix (any case) or a scheme
 * with the same name replaces the base entry; the rest are added.
 */
export function mergeResolverTables(base: ResolverTable, over: ResolverTable): ResolverTable {
  const replaced = new Set(over.urn.map((e) => e.prefix.toLowerCase()));
  return {
    urn: [...base.urn.filter((e) => !replaced.has(e.prefix.toLowerCase())), ...over.urn],
    schemes: { ...base.schemes, ...over.schemes },
  };
}

/**
 * The gateway's resolver table: the built-in `data/resolvers.json`, with the operator's file
 * (`resolvers.file`, `PIDGATE_RESOLVERS_FILE`) merged over it when given.
 */
export function loadResolverTable(file: string | null): ResolverTable {
  const builtin = readResolverTable(BUILTIN_RESOLVERS_FILE);
  return file === null ? builtin : mergeResolverTables(builtin, readResolverTable(file));
}
