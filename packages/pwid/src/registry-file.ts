/**
 * Registry files: JSON that adds or overrides archives, validated with zod. Kept apart from `registry.ts`
 * (the archives and the built-in list) so that a program that only parses or recognizes PWIDs (the
 * `@pidgate/pwid/scheme` entry, `@pidgate/schemes`' registry) never loads zod.
 */
import { readFileSync } from 'node:fs';
import { err, type Result } from '@pidgate/core';
import { z } from 'zod';
import { HTTP_URL, PATH_SEGMENT, WAYBACK_FLAG } from './grammar.ts';
import { scanPwid } from './parse.ts';
import { ArchiveRegistry, builtinArchives } from './registry.ts';

/** An archive-id: a domain or "~" registered id, as the PWID parser reads it. */
const archiveIdSchema = z.string().refine((id) => scanPwid(`urn:pwid:${id}:2000-01-01Z:page:~x`).ok, {
  message: 'not an archive-id (a domain, or "~" and unreserved characters)',
});
const httpUrl = z.string().refine((s) => HTTP_URL.test(s), { message: 'not an http(s) URL' });
const once = (s: string, part: string) => s.split(part).length === 2;
/** `{collection}`, if present, is there once, as a whole path segment after the host (`.../{collection}/...`). */
function collectionSegment(s: string): boolean {
  const at = s.indexOf('{collection}');
  if (at < 0) return true;
  const pathStart = s.indexOf('/', s.indexOf('//') + 2);
  return once(s, '{collection}') && pathStart >= 0 && at - 1 >= pathStart && s.startsWith('/{collection}/', at - 1);
}
const pattern = (...parts: string[]) =>
  httpUrl
    .refine((s) => parts.every((p) => once(s, p)), { message: `must hold ${parts.join(' and ')} once each` })
    .refine(collectionSegment, { message: '{collection} must be one whole path segment ("/{collection}/"), once' });
const holdsCollection = (s: string | null): boolean => s?.includes('{collection}') === true;

/** One archive in a registry file; missing fields take the defaults shown. */
export const archiveSchema = z
  .object({
    id: archiveIdSchema,
    aliases: z.array(archiveIdSchema).default([]),
    name: z.string().min(1),
    access: z.enum(['open', 'restricted']).default('open'),
    replay: pattern('{timestamp}', '{uri}')
      .refine((s) => s.indexOf('{timestamp}') < s.indexOf('{uri}'), { message: '{timestamp} comes before {uri}' })
      .refine((s) => s.indexOf('{collection}') < s.indexOf('{timestamp}'), {
        message: '{collection} comes before {timestamp}',
      })
      .nullable()
      .default(null),
    timegate: pattern('{uri}').nullable().default(null),
    timemap: pattern('{uri}').nullable().default(null),
    rawMode: z.string().regex(WAYBACK_FLAG, 'a Wayback flag such as "id_"').nullable().default(null),
    collection: z
      .string()
      .regex(PATH_SEGMENT, 'a path segment of unreserved characters, such as "all"')
      .nullable()
      .default(null),
    accessUrl: httpUrl.nullable().default(null),
  })
  .strict()
  .refine((a) => a.collection !== null || ![a.replay, a.timegate, a.timemap].some(holdsCollection), {
    message: 'a pattern holds {collection}: give the collection resolution fills in (such as "all")',
    path: ['collection'],
  })
  .transform((a) => ({ ...a, id: a.id.toLowerCase(), aliases: a.aliases.map((x) => x.toLowerCase()) }));

/** A registry file: `{"archives": [...], "builtin": true}`; `builtin: false` drops the built-in list. */
export const registryFileSchema = z
  .object({ archives: z.array(archiveSchema), builtin: z.boolean().default(true) })
  .strict();

export type RegistryFile = z.input<typeof registryFileSchema>;

/** Load a registry from a JSON file path or an object, on top of the built-in archives. */
export function loadArchiveRegistry(source: string | unknown): Result<ArchiveRegistry> {
  let data: unknown = source;
  if (typeof source === 'string') {
    let text: string;
    try {
      text = readFileSync(source, 'utf8');
    } catch (e) {
      return err('registry-file', `cannot read ${source}: ${(e as Error).message}`, null);
    }
    try {
      data = JSON.parse(text);
    } catch (e) {
      return err('registry-json', `${source} is not JSON: ${(e as Error).message}`, null);
    }
  }
  const parsed = registryFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    return err('registry-schema', `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid registry'}`, null);
  }
  const { archives, builtin } = parsed.data;
  return { ok: true, value: new ArchiveRegistry([...(builtin ? builtinArchives : []), ...archives]) };
}
