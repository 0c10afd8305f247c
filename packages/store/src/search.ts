import { err, ok } from '@pidgate/core';
import { z } from 'zod';
import type { StoreResult } from './codes.ts';
import { ISO_TIMESTAMP } from './grammar.ts';
import { IDENTIFIER_STATUSES, MAX_OWNER_LENGTH } from './schema.ts';
import type { Binding } from './store.ts';
import { findUnstorable, MAX_KEY_LENGTH, prefixUpperBound } from './validate.ts';

/**
 * The Manage search (`Store.searchBindings`): filters over live bindings (never tombstones), full text
 * over the metadata by the database's own index (SQLite FTS5, PostgreSQL `tsvector`), a sort, a page
 * and a total count. This file holds the query's schema and the SQL both dialects share;
 * `search-sqlite.ts` and `search-postgres.ts` hold what differs.
 */

/** The sort keys: the identifier, when it was created, when it was last changed. */
export const SEARCH_SORTS = ['key', 'created', 'updated'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The total is counted exactly up to this many; above, the answer is "more than SEARCH_COUNT_CAP". */
export const SEARCH_COUNT_CAP = 10_000;
/** Offset paging goes this deep and no deeper (narrow the search to see further). */
export const SEARCH_MAX_OFFSET = 10_000;
export const SEARCH_MAX_LIMIT = 200;
export const SEARCH_DEFAULT_LIMIT = 50;
/** PostgreSQL indexes the first this many characters of a target. */
export const SEARCH_TARGET_INDEXED = 512;
/** The longest target prefix searched (with `https://www.` in front it still fits the indexed part). */
export const SEARCH_MAX_TARGET = SEARCH_TARGET_INDEXED - 16;
/** At most this many words in a full-text query. */
export const SEARCH_MAX_WORDS = 16;
/** The first this many characters of an identifier's metadata text are indexed. */
export const SEARCH_TEXT_LIMIT = 100_000;

const Name = z.string().min(1).max(MAX_OWNER_LENGTH);

/**
 * Which bindings the viewer may see. `{ all: true }`: everything (an administrator). Otherwise every
 * identifier that is not reserved, and the reserved ones whose owner is in `owners` or whose owner group
 * is in `groups`: the gateway derives both lists from the viewer's principal (its own username and the
 * users it is co-owner for; the groups whose identifiers it may change), so a user never finds another
 * user's reserved identifiers.
 */
export const SearchVisibility = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ owners: z.array(Name).max(1000), groups: z.array(Name).max(1000) }),
]);
export type SearchVisibility = z.infer<typeof SearchVisibility>;

const Instant = z
  .string()
  .max(40)
  .refine((s) => ISO_TIMESTAMP.test(s) && !Number.isNaN(Date.parse(s)), 'an ISO 8601 instant')
  .transform((s) => new Date(s).toISOString());

/** One Manage search. Every filter is optional; all given ones must hold (AND). */
export const SearchQuery = z.strictObject({
  /** Identifiers that start with this string (a plain string prefix of the stored key). */
  keyPrefix: z.string().min(1).max(MAX_KEY_LENGTH).optional(),
  /**
   * Targets that start with this string. Without a `scheme://`, `https://`, `http://`, `https://www.` and
   * `http://www.` are tried in front of it (`example.org/a` finds `https://www.example.org/a…`).
   */
  target: z.string().min(1).max(SEARCH_MAX_TARGET).optional(),
  /**
   * Words that must all occur in the metadata (ERC who/what/when/where…, Dublin Core, DataCite and any other
   * element's value; not the `_`-elements): letters and digits, case-insensitive; `word*` is a prefix.
   */
  text: z.string().min(1).max(1000).optional(),
  owner: Name.optional(),
  ownerGroup: Name.optional(),
  status: z.enum(IDENTIFIER_STATUSES).optional(),
  /** Created at or after / before (ISO 8601). */
  createdFrom: Instant.optional(),
  createdTo: Instant.optional(),
  /** Last changed at or after / before (ISO 8601). */
  updatedFrom: Instant.optional(),
  updatedTo: Instant.optional(),
  sort: z.enum(SEARCH_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).default('desc'),
  offset: z.number().int().min(0).max(SEARCH_MAX_OFFSET).default(0),
  limit: z.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  visibility: SearchVisibility,
});
export type SearchQueryInput = z.input<typeof SearchQuery>;
export type SearchQuery = z.output<typeof SearchQuery>;

export interface SearchResult {
  readonly items: Binding[];
  /** How many match: exact when `exact`, else more than this (`SEARCH_COUNT_CAP`). */
  readonly total: number;
  readonly exact: boolean;
  readonly offset: number;
  readonly limit: number;
}

/** One word of a full-text query: letters and digits only, and whether it is a prefix (`word*`). */
export interface SearchWord {
  readonly word: string;
  readonly prefix: boolean;
}

/**
 * The words of a full-text query, split as the indexes split text (at anything that is not a letter or a
 * digit) and lowercased; a `*` right after a word of two or more characters makes it a prefix.
 */
export function searchWords(text: string): SearchWord[] {
  const words: SearchWord[] = [];
  for (const m of text.matchAll(/([\p{L}\p{N}]+)(\*?)/gu)) {
    const word = (m[1] ?? '').toLowerCase();
    words.push({ word, prefix: m[2] === '*' && [...word].length >= 2 });
  }
  return words;
}

/** Validate a caller's search (zod), with `invalid-search` and the field at fault. */
export function parseSearchQuery(input: unknown): StoreResult<SearchQuery & { readonly words: SearchWord[] }> {
  const unstorable = findUnstorable(input);
  if (unstorable) return err('invalid-search', unstorable);
  const parsed = SearchQuery.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return err('invalid-search', `${where}${issue?.message ?? 'invalid search'}`);
  }
  const q = parsed.data;
  const words = q.text === undefined ? [] : searchWords(q.text);
  if (q.text !== undefined && words.length === 0)
    return err('invalid-search', 'text: no letter or digit to search for');
  if (words.length > SEARCH_MAX_WORDS) return err('invalid-search', `text: at most ${SEARCH_MAX_WORDS} words`);
  if (q.offset + q.limit > SEARCH_MAX_OFFSET + SEARCH_MAX_LIMIT) {
    return err('invalid-search', `offset: results go no deeper than ${SEARCH_MAX_OFFSET}`);
  }
  return ok({ ...q, words });
}

/** The target prefixes a `target` filter tries (see `SearchQuery.target`). */
export function targetPrefixes(target: string): string[] {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return [target];
  const bare = target.replace(/^\/+/, '');
  return [`https://${bare}`, `http://${bare}`, `https://www.${bare}`, `http://www.${bare}`];
}

/** What differs between the two databases' SQL. */
export interface SearchDialect {
  /** A placeholder for the next parameter. */
  param(index: number): string;
  /** A placeholder compared with a timestamp column. */
  time(placeholder: string): string;
  /** The condition "not a tombstone". */
  readonly live: string;
  /** The condition "the metadata holds every word", on the parameter given; and that parameter. */
  fullText(placeholder: string): string;
  fullTextParam(words: readonly SearchWord[]): string;
  /** The target column as its prefix index holds it. */
  readonly targetColumn: string;
}

export interface SearchSql {
  /** The page: `SELECT <columns> FROM bindings WHERE … ORDER BY … LIMIT … OFFSET …`. */
  readonly page: string;
  readonly pageParams: unknown[];
  /** `SELECT count(*) AS n FROM (… LIMIT cap + 1)`. */
  readonly count: string;
  readonly countParams: unknown[];
}

const SORT_COLUMN: Readonly<Record<SearchSort, string>> = { key: 'key', created: 'created_at', updated: 'updated_at' };

/** Build the page and count statements of a validated search. Every value is a parameter. */
export function buildSearchSql(
  q: SearchQuery & { readonly words: readonly SearchWord[] },
  columns: string,
  d: SearchDialect,
): SearchSql {
  const params: unknown[] = [];
  const p = (v: unknown): string => {
    params.push(v);
    return d.param(params.length);
  };
  const where: string[] = [d.live];
  if (q.keyPrefix !== undefined) {
    where.push(`key >= ${p(q.keyPrefix)}`);
    const upper = prefixUpperBound(q.keyPrefix);
    if (upper !== null) where.push(`key < ${p(upper)}`);
  }
  if (q.target !== undefined) {
    const ranges = targetPrefixes(q.target).map((t) => {
      const upper = prefixUpperBound(t);
      const lower = `${d.targetColumn} >= ${p(t)}`;
      return upper === null ? lower : `(${lower} AND ${d.targetColumn} < ${p(upper)})`;
    });
    where.push(ranges.length === 1 ? (ranges[0] as string) : `(${ranges.join(' OR ')})`);
  }
  if (q.words.length > 0) where.push(d.fullText(p(d.fullTextParam(q.words))));
  if (q.owner !== undefined) where.push(`owner = ${p(q.owner)}`);
  if (q.ownerGroup !== undefined) where.push(`owner_group = ${p(q.ownerGroup)}`);
  if (q.status !== undefined) where.push(`identifier_status = ${p(q.status)}`);
  if (q.createdFrom !== undefined) where.push(`created_at >= ${d.time(p(q.createdFrom))}`);
  if (q.createdTo !== undefined) where.push(`created_at < ${d.time(p(q.createdTo))}`);
  if (q.updatedFrom !== undefined) where.push(`updated_at >= ${d.time(p(q.updatedFrom))}`);
  if (q.updatedTo !== undefined) where.push(`updated_at < ${d.time(p(q.updatedTo))}`);
  if (!('all' in q.visibility)) {
    const { owners, groups } = q.visibility;
    const may = [`identifier_status <> 'reserved'`];
    if (owners.length > 0) may.push(`owner IN (${owners.map((o) => p(o)).join(', ')})`);
    if (groups.length > 0) may.push(`owner_group IN (${groups.map((g) => p(g)).join(', ')})`);
    where.push(may.length === 1 ? (may[0] as string) : `(${may.join(' OR ')})`);
  }
  const filter = where.join(' AND ');
  const countParams = [...params];
  const count = `SELECT count(*) AS n FROM (SELECT 1 FROM bindings WHERE ${filter} LIMIT ${SEARCH_COUNT_CAP + 1}) AS matched`;
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMN[q.sort];
  const order = column === 'key' ? `key ${dir}` : `${column} ${dir}, key ${dir}`;
  const page = `SELECT ${columns} FROM bindings WHERE ${filter} ORDER BY ${order} LIMIT ${p(q.limit)} OFFSET ${p(q.offset)}`;
  return { page, pageParams: params, count, countParams };
}

/** The search result from the page rows and the capped count. */
export function searchResult(items: Binding[], counted: number, q: SearchQuery): SearchResult {
  const exact = counted <= SEARCH_COUNT_CAP;
  return { items, total: exact ? counted : SEARCH_COUNT_CAP, exact, offset: q.offset, limit: q.limit };
}
