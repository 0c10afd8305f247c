/**
 * The archives PWIDs name, and the built-in list. Registry files (JSON, validated with zod) are read by
 * `registry-file.ts`, kept apart so that parsing and recognizing PWIDs never load zod.
 */

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
  // The Austrian National Library's web archive: "access to the archived content is possible, for legal
  // reasons, only on site" (ÖNB), so no link is given; its replay URLs, which ÖNB's own PWID resolver reads
  // (https://webarchiv.onb.ac.at/web/20131203170303/http://m.onb.ac.at/prunksaal.htm), are PWIDs.
  {
    id: 'webarchiv.onb.ac.at',
    aliases: [],
    name: 'Webarchiv Österreich (Austrian National Library)',
    access: 'restricted',
    replay: 'https://webarchiv.onb.ac.at/web/{timestamp}{flags}/{uri}',
    timegate: null,
    timemap: null,
    rawMode: 'id_',
    collection: null,
    accessUrl: 'https://webarchiv.onb.ac.at/',
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
