import { readFileSync } from 'node:fs';
import { err, type Result } from '@pidgate/core';
import { z } from 'zod';
import { HTTP_URL, PATH_SEGMENT, WAYBACK_FLAG } from './grammar.ts';
import { scanPwid } from './parse.ts';

/**
 * A web archive: how to replay its captures and where to look for alternatives (Memento, RFC 7089).
 * Patterns hold `{timestamp}` (the Wayback timestamp), `{flags}` (a Wayback mode such as `id_`, or
 * nothing), `{uri}` (the archived URI as itself) and, for archives whose replay URLs name a collection
 * (Archive-It: `https://wayback.archive-it.org/1234/...`), `{collection}`: one whole path segment that
 * any collection name matches when a replay URL is read, and that resolution fills with `collection`.
 */
export interface Archive {
  /** The archive-id PWIDs use: a domain or "~" and a registered id, lowercase. */
  readonly id: string;
  /** Other archive-ids (and replay hosts) that name the same archive. */
  readonly aliases: readonly string[];
  readonly name: string;
  /** `restricted` archives are never given a replay link: access is applied for. */
  readonly access: 'open' | 'restricted';
  /** `https://web.archive.org/web/{timestamp}{flags}/{uri}`, or null when there is no public replay. */
  readonly replay: string | null;
  /** Memento TimeGate: `https://web.archive.org/web/{uri}`. */
  readonly timegate: string | null;
  /** Memento TimeMap: `https://web.archive.org/web/timemap/link/{uri}`. */
  readonly timemap: string | null;
  /** The replay flag that serves a capture as archived, unrewritten (`id_`), or null. */
  readonly rawMode: string | null;
  /**
   * What resolution puts in a pattern's `{collection}` segment (Archive-It: `all`, which replays a capture
   * of any collection), or null when no pattern holds one.
   */
  readonly collection: string | null;
  /** Where to read how to get access, or apply for it. */
  readonly accessUrl: string | null;
}

const wayback = (
  id: string,
  name: string,
  prefix: string,
  aliases: string[] = [],
  rawMode: string | null = 'id_',
  collection: string | null = null,
): Archive => ({
  id,
  aliases,
  name,
  access: 'open',
  replay: `${prefix}{timestamp}${rawMode === null ? '' : '{flags}'}/{uri}`,
  timegate: `${prefix}{uri}`,
  timemap: `${prefix}timemap/link/{uri}`,
  rawMode,
  collection,
  accessUrl: null,
});

/** The archives pidgate knows without a registry file. */
export const builtinArchives: readonly Archive[] = [
  wayback('archive.org', 'Internet Archive Wayback Machine', 'https://web.archive.org/web/', ['web.archive.org']),
  // https://wayback.archive-it.org/1234/20160122112029/http://www.dr.dk: 1234 is the collection; `all`
  // replays a capture of any collection, so a PWID (which names no collection) resolves through it
  wayback(
    'archive-it.org',
    'Archive-It (Internet Archive)',
    'https://wayback.archive-it.org/{collection}/',
    ['wayback.archive-it.org'],
    'id_',
    'all',
  ),
  wayback('arquivo.pt', 'Arquivo.pt', 'https://arquivo.pt/wayback/'),
  wayback('webarchive.org.uk', 'UK Web Archive', 'https://www.webarchive.org.uk/wayback/archive/', [
    'www.webarchive.org.uk',
  ]),
  wayback('nationalarchives.gov.uk', 'UK Government Web Archive', 'https://webarchive.nationalarchives.gov.uk/', [
    'webarchive.nationalarchives.gov.uk',
  ]),
  wayback('swap.stanford.edu', 'Stanford Web Archive Portal', 'https://swap.stanford.edu/'),
  {
    id: 'archive.today',
    aliases: ['archive.is', 'archive.ph', 'archive.li', 'archive.vn', 'archive.fo', 'archive.md'],
    name: 'archive.today',
    access: 'open',
    replay: 'https://archive.is/{timestamp}/{uri}',
    timegate: 'https://archive.is/timegate/{uri}',
    timemap: 'https://archive.is/timemap/{uri}',
    rawMode: null,
    collection: null,
    accessUrl: null,
  },
  wayback('vefsafn.is', 'Icelandic Web Archive (Vefsafn)', 'https://wayback.vefsafn.is/wayback/', [
    'wayback.vefsafn.is',
  ]),
  wayback('webarchive.loc.gov', 'Library of Congress Web Archives', 'https://webarchive.loc.gov/all/'),
  wayback('bibalex.org', 'Bibliotheca Alexandrina Internet Archive', 'https://web.archive.bibalex.org/web/', [
    'web.archive.bibalex.org',
  ]),
  {
    id: 'netarkivet.dk',
    aliases: [],
    name: 'Netarkivet (the Danish web archive)',
    access: 'restricted',
    replay: null,
    timegate: null,
    timemap: null,
    rawMode: null,
    collection: null,
    accessUrl: 'https://netarkivet.dk/',
  },
];

/** A set of archives, looked up by archive-id or alias, case-insensitively. */
export class ArchiveRegistry {
  readonly archives: readonly Archive[];
  readonly #byId = new Map<string, Archive>();

  constructor(archives: Iterable<Archive>) {
    // a later archive with the same id replaces the earlier one, aliases and all
    const byOwnId = new Map<string, Archive>();
    for (const archive of archives) {
      byOwnId.delete(archive.id.toLowerCase());
      byOwnId.set(archive.id.toLowerCase(), archive);
    }
    this.archives = [...byOwnId.values()];
    for (const archive of this.archives) {
      for (const alias of archive.aliases) this.#byId.set(alias.toLowerCase(), archive);
    }
    for (const archive of this.archives) this.#byId.set(archive.id.toLowerCase(), archive);
  }

  /** The archive a PWID's archive-id names (or one of its aliases), or undefined. */
  get(archiveId: string): Archive | undefined {
    return this.#byId.get(archiveId.toLowerCase());
  }

  /** This registry with `archives` added; an archive with a known id replaces the old one. */
  extend(archives: Iterable<Archive>): ArchiveRegistry {
    return new ArchiveRegistry([...this.archives, ...archives]);
  }

  static builtin(): ArchiveRegistry {
    return new ArchiveRegistry(builtinArchives);
  }
}

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
