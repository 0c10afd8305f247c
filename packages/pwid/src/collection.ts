import { type PidError, profileOf, type Result, type SchemeOptions } from '@pidgate/core';
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

/** One PWID as written in a collection: its text and the 1-based line it starts on. */
export interface CollectionItem {
  readonly line: number;
  readonly input: string;
}

/**
 * `text.indexOf(needle, from)` for `from` that never decreases, in linear time in all: an answer at or
 * after `from` (or "none", -1) is kept and reused, so no stretch of the text is searched twice.
 */
function forwardFinder(text: string, needle: string): (from: number) => number {
  let found = -2;
  let searchedFrom = 0;
  return (from) => {
    if (found === -1 || (found >= from && searchedFrom <= from)) return found;
    searchedFrom = from;
    found = text.indexOf(needle, from);
    return found;
  };
}

/** XML white space (`S`): space, tab, CR, LF. */
const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 13 || c === 10;

/**
 * The text of a `<part>` element: the line breaks inside it and the indentation around them removed (a
 * PWID holds no white space, so a PWID wrapped onto the next line is joined again), then XML references decoded.
 */
function elementText(raw: string): string {
  if (raw.indexOf('\n') < 0) return unescapeXml(raw.trim());
  let out = '';
  for (const piece of raw.split('\n')) out += piece.trim();
  return unescapeXml(out);
}

/**
 * The PWIDs of a collection with the line each starts on: the text of every `<part>...</part>` element
 * (SolrWayback's collection export; an element and its tags may be wrapped over several lines), and every
 * other line that is not blank, a `#` comment or XML markup (`<?xml ...?>`, `<collection>`), trimmed.
 * An element runs from its start tag to `</part>` or, if that is missing, to the next tag (`<`) or the
 * end of the text; the rest of the line after an element is not read. Linear in the text's length.
 */
export function collectionItems(text: string): CollectionItem[] {
  const items: CollectionItem[] = [];
  const n = text.length;
  // each finder is asked about positions that never decrease
  const nextNewline = forwardFinder(text, '\n');
  const nextCounted = forwardFinder(text, '\n');
  const nextLt = forwardFinder(text, '<');
  const nextGt = forwardFinder(text, '>');
  const nextPartOpen = forwardFinder(text, '<part');
  // the next `<part` start tag (`<part>`, `<part attr="...">`, `<part` and a line break; not `<parts>`)
  let tagFound = -2;
  const nextPartTag = (from: number): number => {
    if (tagFound === -1 || tagFound >= from) return tagFound;
    let q = nextPartOpen(from);
    while (q >= 0) {
      const c = text.charCodeAt(q + 5);
      if (c === 62 || isBlank(c)) break;
      q = nextPartOpen(q + 1);
    }
    tagFound = q;
    return q;
  };
  // line numbers, counted forwards as the positions asked about grow
  let counted = 0;
  let countedLine = 1;
  const lineOf = (pos: number): number => {
    for (let nl = nextCounted(counted); nl >= 0 && nl < pos; nl = nextCounted(nl + 1)) {
      countedLine++;
      counted = nl + 1;
    }
    return countedLine;
  };
  const lineEndOf = (pos: number): number => {
    const nl = nextNewline(pos);
    return nl < 0 ? n : nl;
  };

  let pos = 0; // the start of a line that is not inside an element
  while (pos < n) {
    let lineEnd = lineEndOf(pos);
    let tag = nextPartTag(pos);
    if (tag < 0 || tag >= lineEnd) {
      const line = text.slice(pos, lineEnd).trim();
      if (line.length > 0 && !line.startsWith('#') && !line.startsWith('<'))
        items.push({ line: lineOf(pos), input: line });
      pos = lineEnd + 1;
      continue;
    }
    // one or more elements, from this line on
    while (true) {
      const gt = nextGt(tag + 5);
      if (gt < 0) return items; // a start tag that never ends: nothing more to read
      const lt = nextLt(tag + 1);
      if (lt >= 0 && lt < gt) {
        // a broken start tag (`<part <part>`): read on from the next tag
        pos = lt;
        lineEnd = lineEndOf(pos);
        tag = nextPartTag(pos);
        if (tag >= 0 && tag < lineEnd) continue;
        break;
      }
      const contentEnd = lt < 0 ? n : lt;
      items.push({ line: lineOf(tag), input: elementText(text.slice(gt + 1, contentEnd)) });
      pos = text.startsWith('</part>', contentEnd) ? contentEnd + 7 : contentEnd;
      lineEnd = lineEndOf(pos);
      tag = nextPartTag(pos);
      if (tag < 0 || tag >= lineEnd) break;
    }
    pos = lineEnd + 1;
  }
  return items;
}

/** The PWIDs of one line (see `collectionItems`). */
export function pwidsOfLine(line: string): string[] {
  return collectionItems(line).map((item) => item.input);
}

/**
 * Read a web collection: one PWID per line, or SolrWayback's `<part>urn:pwid:...</part>` fragments (an
 * element may be wrapped over several lines; it is reported at the line it starts on). Each PWID is
 * parsed and normalized; invalid ones are reported with their line; duplicates (equal once normalized)
 * are folded into the first; the distinct PWIDs are grouped by archive. Linear in the text's length.
 */
export function parseCollection(text: string, options?: SchemeOptions): PwidCollection {
  const profile = profileOf(options);
  const entries: CollectionEntry[] = [];
  const failures: CollectionFailure[] = [];
  const byKey = new Map<string, CollectionEntry>();
  const groups = new Map<string, CollectionEntry[]>();
  let read = 0;
  for (const { line: lineNo, input } of collectionItems(text)) {
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
