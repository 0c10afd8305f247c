import type { PidError, Profile, Result } from '@pidgate/core';
import { normalizeScan } from './normalize.ts';
import { type PwidComponents, scanPwid } from './parse.ts';
import { type Archive, ArchiveRegistry } from './registry.ts';
import { type PwidResolution, resolvePwid } from './resolve.ts';

/** One distinct PWID of a collection, at its first line, with the lines that repeat it. */
export interface CollectionEntry {
  /** 1-based line of the first occurrence. */
  readonly line: number;
  readonly input: string;
  readonly normalized: string;
  /** The archive-id, lowercase (the grouping key). */
  readonly archiveId: string;
  readonly components: PwidComponents;
  /** Lines of later occurrences (equal once normalized). */
  readonly duplicates: number[];
}

export interface CollectionFailure {
  readonly line: number;
  readonly input: string;
  readonly error: PidError;
}

export interface PwidCollection {
  /** Distinct PWIDs in order of first appearance. */
  readonly entries: CollectionEntry[];
  /** The same entries grouped by archive, archives in order of first appearance. */
  readonly groups: { readonly archiveId: string; readonly entries: CollectionEntry[] }[];
  readonly failures: CollectionFailure[];
  /** How many PWIDs were read (valid, invalid and repeated). */
  readonly read: number;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replace XML's predefined and numeric character references (`&amp;`, `&#38;`, `&#x26;`). */
export function unescapeXml(s: string): string {
  let i = s.indexOf('&');
  if (i < 0) return s;
  let out = '';
  let last = 0;
  for (; i !== -1; i = s.indexOf('&', i + 1)) {
    // a reference is short: look for its ";" only a few characters on (keeps this linear)
    let end = i + 1;
    while (end < s.length && end - i <= 12 && s.charCodeAt(end) !== 59) end++;
    if (s.charCodeAt(end) !== 59) continue;
    const name = s.slice(i + 1, end);
    let value: string | undefined = XML_ENTITIES[name];
    if (value === undefined && name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (Number.isInteger(code) && code > 0 && code <= 0x10ffff) value = String.fromCodePoint(code);
    }
    if (value === undefined) continue;
    out += s.slice(last, i) + value;
    last = end + 1;
    i = end;
  }
  return out + s.slice(last);
}

/**
 * The PWIDs of one line: the text of every `<part>...</part>` element on it (SolrWayback's collection
 * export), or else the trimmed line itself. Blank lines, `#` comments and lines of other XML markup
 * (`<?xml ...?>`, `<collection>`) hold none.
 */
export function pwidsOfLine(line: string): string[] {
  const open = line.indexOf('<part');
  if (open >= 0) {
    const found: string[] = [];
    for (let i = open; i !== -1; i = line.indexOf('<part', i)) {
      const gt = line.indexOf('>', i);
      const next = line.charCodeAt(i + 5);
      if (gt < 0) break;
      // `<part>` or `<part attr="...">`, not `<parts>`
      if (next !== 62 && next !== 32 && next !== 9) {
        i = gt;
        continue;
      }
      const close = line.indexOf('</part>', gt);
      if (close < 0) {
        found.push(unescapeXml(line.slice(gt + 1).trim()));
        break;
      }
      found.push(unescapeXml(line.slice(gt + 1, close).trim()));
      i = close + 7;
    }
    return found;
  }
  const text = line.trim();
  if (text.length === 0 || text.startsWith('#') || text.startsWith('<')) return [];
  return [text];
}

/**
 * Read a web collection: one PWID per line, or SolrWayback's `<part>urn:pwid:...</part>` fragments.
 * Each PWID is parsed and normalized; invalid ones are reported with their line; duplicates (equal once
 * normalized) are folded into the first; the distinct PWIDs are grouped by archive. Linear in the text's length.
 */
export function parseCollection(text: string, profile: Profile = 'source'): PwidCollection {
  const entries: CollectionEntry[] = [];
  const failures: CollectionFailure[] = [];
  const byKey = new Map<string, CollectionEntry>();
  const groups = new Map<string, CollectionEntry[]>();
  let read = 0;
  let lineNo = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNo++;
    const line = text.slice(start, end);
    start = end + 1;
    for (const input of pwidsOfLine(line)) {
      read++;
      const scan = scanPwid(input, profile);
      if (!scan.ok) {
        failures.push({ line: lineNo, input, error: scan.error });
        continue;
      }
      const normalized = normalizeScan(scan.value);
      const seen = byKey.get(normalized);
      if (seen) {
        seen.duplicates.push(lineNo);
        continue;
      }
      const components = scan.value.components;
      const entry: CollectionEntry = {
        line: lineNo,
        input,
        normalized,
        archiveId: components.archiveId.toLowerCase(),
        components,
        duplicates: [],
      };
      byKey.set(normalized, entry);
      entries.push(entry);
      const group = groups.get(entry.archiveId);
      if (group) group.push(entry);
      else groups.set(entry.archiveId, [entry]);
    }
    if (end === text.length) break;
  }
  return {
    entries,
    groups: [...groups].map(([archiveId, list]) => ({ archiveId, entries: list })),
    failures,
    read,
  };
}

export interface CollectionSummary {
  readonly read: number;
  readonly valid: number;
  readonly invalid: number;
  readonly distinct: number;
  readonly duplicates: number;
  readonly archives: {
    readonly archiveId: string;
    readonly name: string | null;
    readonly access: Archive['access'] | null;
    readonly count: number;
  }[];
}

export function summarizeCollection(
  c: PwidCollection,
  registry: ArchiveRegistry = ArchiveRegistry.builtin(),
): CollectionSummary {
  const duplicates = c.entries.reduce((n, e) => n + e.duplicates.length, 0);
  return {
    read: c.read,
    valid: c.read - c.failures.length,
    invalid: c.failures.length,
    distinct: c.entries.length,
    duplicates,
    archives: c.groups.map(({ archiveId, entries }) => {
      const archive = registry.get(archiveId);
      return { archiveId, name: archive?.name ?? null, access: archive?.access ?? null, count: entries.length };
    }),
  };
}

/** The resolution (replay URL, or how to get access) of every distinct PWID, grouped by archive. */
export function resolveCollection(
  c: PwidCollection,
  registry: ArchiveRegistry = ArchiveRegistry.builtin(),
): { entry: CollectionEntry; resolution: Result<PwidResolution> }[] {
  return c.groups.flatMap(({ entries }) =>
    entries.map((entry) => ({ entry, resolution: resolvePwid(entry.components, registry) })),
  );
}
