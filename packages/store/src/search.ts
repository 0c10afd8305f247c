import { err, ok } from '@pidgate/core';
import { z } from 'zod';
import type { StoreResult } from './codes.ts';
import { ISO_TIMESTAMP } from './grammar.ts';
import { type BindingRow, toBinding } from './rows.ts';
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
export const SEARCH_COUNT_CAP = 1000;
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
/** A `word*` prefix has at least this many characters. */
export const SEARCH_MIN_PREFIX = 3;
/** The first this many characters of an identifier's metadata text are indexed. */
export const SEARCH_TEXT_LIMIT = 100_000;

const Name = z.string().min(1).max(MAX_OWNER_LENGTH);

/**
 * Which bindings the viewer may see. `{ all: true }`: everything (an administrator). Otherwise every
 * identifier that is not reserved, and the reserved ones whose owner is in `owners` or whose owner group
 * is in `groups`, or that have neither owner nor group (unowned: anyone's, as the ownership rule says): the gateway derives both lists from the viewer's principal (its own username and the
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
 * digit) and lowercased; a `*` right after a word of `SEARCH_MIN_PREFIX` or more characters makes it a prefix
 * (a shorter one is searched as a whole word: `ab*` would stand for a large part of the vocabulary).
 */
export function searchWords(text: string): SearchWord[] {
  const words: SearchWord[] = [];
  for (const m of text.matchAll(/([\p{L}\p{N}]+)(\*?)/gu)) {
    const word = (m[1] ?? '').toLowerCase();
    words.push({ word, prefix: m[2] === '*' && [...word].length >= SEARCH_MIN_PREFIX });
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

/** What differs between the two databases' SQL. Statements are written with `?`; `numbered` makes them `$1, $2, …`. */
export interface SearchDialect {
  readonly numbered: boolean;
  /** `?` compared with a timestamp column. */
  readonly time: string;
  /** The condition "not a tombstone". */
  readonly live: string;
  /**
   * The condition "the metadata holds every word" on one `?`: `probe`, tested row by row (for a page that
   * walks the sort's index); `in`, over the statement's `bindings`; `joined`, in a statement from `joined`.
   */
  fullText(form: 'probe' | 'in' | 'joined'): string;
  /** A FROM clause that starts at the full-text index and reaches `bindings` (null: none, use `in`). */
  readonly joined: string | null;
  /**
   * As `joined`, reaching `bindings` through a narrow index that holds every column a filter or a sort needs
   * (but the target), so sorting thousands of matches reads no table row: used when there is no target filter.
   */
  readonly joinedCovered?: string;
  /**
   * A statement selecting one row per live binding that holds the words, from the full-text index alone (null:
   * none). A search by words alone (no other filter, an administrator's) is also counted by it.
   */
  readonly fullTextProbe: string | null;
  /**
   * Probe words by the planner's estimate: how many bindings hold them is the `Plan Rows` of an
   * `EXPLAIN (FORMAT JSON)` of a select of them, which costs a plan and no row; the words drive the page when
   * the estimate is at most `driveAtMost`. PostgreSQL counts GIN matches only by reading a table row each. Other
   * filters are counted (a target's year and the dates are correlated, which the estimates miss: a target prefix
   * estimated at 19,855 and walked went 114,000 rows deep for 50).
   */
  readonly estimate?: { readonly driveAtMost: number };
  fullTextParam(words: readonly SearchWord[]): string;
  /**
   * Several target spellings as `key IN (… UNION ALL …)`, each range read from the target index alone, rather
   * than an OR (which SQLite answers by reading every matching table row); the value is the FROM clause that
   * then reaches the matched keys' other columns without reading table rows.
   */
  readonly targetsAsKeys?: string;
  /** The target column as its prefix index holds it. */
  readonly targetColumn: string;
}

/** One SQL statement and its parameters. */
export interface Statement {
  readonly sql: string;
  readonly params: unknown[];
}

/**
 * A look before the leap: a statement whose `n` (a count up to `atMost + 1`, or with `estimate` the planner's
 * estimate from the rows of an `EXPLAIN (FORMAT JSON)`) says whether its filter drives the page.
 */
export interface Probe extends Statement {
  readonly atMost: number;
  readonly estimate?: boolean;
}

interface Condition {
  readonly sql: string;
  readonly params: unknown[];
  /** A filter one index answers: counted alone first, it may drive the page. */
  readonly drives?: boolean;
  readonly fullText?: boolean;
}

export interface SearchPlan {
  /**
   * Statements counting the rows of each filter an index answers on its own, up to `DRIVE_AT_MOST + 1`:
   * when one gives at most `DRIVE_AT_MOST`, that filter should drive the page (`page(true)`).
   */
  readonly probes: Probe[];
  /**
   * The page. `drive`: the filters are applied first (a MATERIALIZED common table expression) and their
   * rows sorted, so a selective filter is never traded for the sort's index; else the database may walk
   * the sort's index (and test the words row by row), which finds a page of a broad search in its first rows.
   */
  page(drive: boolean): Statement;
  /** `SELECT count(*) AS n FROM (… LIMIT SEARCH_COUNT_CAP + 1)`. */
  readonly count: Statement;
}

/**
 * The most rows a filter may match and still drive the page: counting that many index entries, then
 * sorting that many rows, is cheap. Databases plan without knowing how selective a prefix or a word is
 * (SQLite keeps no statistics; PostgreSQL's miss correlations such as a target's year and its dates), so
 * the search looks before it leaps.
 */
export const DRIVE_AT_MOST = 20_000;

const SORT_COLUMN: Readonly<Record<SearchSort, string>> = { key: 'key', created: 'created_at', updated: 'updated_at' };

function finish(d: SearchDialect, sql: string, params: unknown[]): Statement {
  if (!d.numbered) return { sql, params };
  let n = 0;
  return { sql: sql.replace(/\?/g, () => `$${++n}`), params };
}

/** Plan a validated search: the probes, the page and the count. Every value is a parameter. */
export function planSearch(
  q: SearchQuery & { readonly words: readonly SearchWord[] },
  columns: string,
  d: SearchDialect,
): SearchPlan {
  const conditions: Condition[] = [{ sql: d.live, params: [] }];
  const range = (column: string, prefix: string): Condition => {
    const upper = prefixUpperBound(prefix);
    return upper === null
      ? { sql: `${column} >= ?`, params: [prefix] }
      : { sql: `${column} >= ? AND ${column} < ?`, params: [prefix, upper] };
  };
  // Sorted by key, the page walks the key range in order and stops at the page's end: driving it (every key in
  // the range, then sorted) reads the same rows and more, so the range is not probed.
  if (q.keyPrefix !== undefined) conditions.push({ ...range('key', q.keyPrefix), drives: q.sort !== 'key' });
  if (q.target !== undefined) {
    const ranges = targetPrefixes(q.target).map((t) => range(d.targetColumn, t));
    conditions.push({
      sql:
        ranges.length === 1
          ? (ranges[0]?.sql ?? '')
          : d.targetsAsKeys !== undefined
            ? `key IN (${ranges.map((r) => `SELECT key FROM bindings WHERE ${r.sql}`).join(' UNION ALL ')})`
            : `(${ranges.map((r) => `(${r.sql})`).join(' OR ')})`,
      params: ranges.flatMap((r) => r.params),
      drives: true,
    });
  }
  const ftParam = q.words.length > 0 ? d.fullTextParam(q.words) : null;
  if (ftParam !== null) conditions.push({ sql: d.fullText('in'), params: [ftParam], drives: true, fullText: true });
  const eq = (column: string, value: string | undefined): void => {
    if (value !== undefined) conditions.push({ sql: `${column} = ?`, params: [value] });
  };
  eq('owner', q.owner);
  eq('owner_group', q.ownerGroup);
  eq('identifier_status', q.status);
  const time = (column: string, op: string, value: string | undefined): void => {
    if (value !== undefined) conditions.push({ sql: `${column} ${op} ${d.time}`, params: [value] });
  };
  time('created_at', '>=', q.createdFrom);
  time('created_at', '<', q.createdTo);
  time('updated_at', '>=', q.updatedFrom);
  time('updated_at', '<', q.updatedTo);
  if (!('all' in q.visibility)) {
    const { owners, groups } = q.visibility;
    // As `mayView`: not reserved, or owned by the viewer or a user it is co-owner for, or of its groups, or unowned.
    const may = [`identifier_status <> 'reserved'`, '(owner IS NULL AND owner_group IS NULL)'];
    if (owners.length > 0) may.push(`owner IN (${owners.map(() => '?').join(', ')})`);
    if (groups.length > 0) may.push(`owner_group IN (${groups.map(() => '?').join(', ')})`);
    conditions.push({
      sql: may.length === 1 ? (may[0] ?? '') : `(${may.join(' OR ')})`,
      params: [...owners, ...groups],
    });
  }
  const where = (cs: readonly Condition[]): Statement => ({
    sql: cs.map((c) => c.sql).join(' AND '),
    params: cs.flatMap((c) => c.params),
  });
  const filtersFrom =
    q.target !== undefined && d.targetsAsKeys !== undefined && targetPrefixes(q.target).length > 1
      ? d.targetsAsKeys
      : 'bindings';
  const capped = (w: Statement, cap: number): Statement =>
    finish(
      d,
      `SELECT count(*) AS n FROM (SELECT 1 FROM ${filtersFrom} WHERE ${w.sql} LIMIT ${cap + 1}) AS matched`,
      w.params,
    );
  const live = conditions[0] as Condition;
  const probes = conditions
    .filter((c) => c.drives)
    .flatMap((c): Probe[] => {
      if (c.fullText && d.estimate !== undefined) {
        const w = where([live, c]);
        const sql = `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${filtersFrom} WHERE ${w.sql}`;
        return [{ ...finish(d, sql, w.params), atMost: d.estimate.driveAtMost, estimate: true }];
      }
      if (!c.fullText) return [{ ...capped(where([live, c]), DRIVE_AT_MOST), atMost: DRIVE_AT_MOST }];
      if (d.fullTextProbe === null) return [];
      const sql = `SELECT count(*) AS n FROM (${d.fullTextProbe} LIMIT ${DRIVE_AT_MOST + 1}) AS matched`;
      return [{ ...finish(d, sql, c.params), atMost: DRIVE_AT_MOST }];
    });
  // From the full-text index when there are words and the database can start there; else from bindings.
  const from =
    ftParam !== null && d.joined !== null
      ? q.target === undefined && d.joinedCovered !== undefined
        ? d.joinedCovered
        : d.joined
      : filtersFrom;
  const driven = where(
    conditions.map((c) => (c.fullText && d.joined !== null ? { ...c, sql: d.fullText('joined') } : c)),
  );
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMN[q.sort];
  const order = column === 'key' ? `key ${dir}` : `${column} ${dir}, key ${dir}`;
  const window = `LIMIT ${q.limit} OFFSET ${q.offset}`;
  const sortColumn = column === 'key' ? '' : `, ${column}`;
  // A range on the sort's own column (changed since, created in, an identifier prefix by key): the count reads
  // that range in the page's order, from the sort's index. Unordered, PostgreSQL's planner took another index
  // whose second column is the date and read 500,000 entries of it for 1,001 matches (315 ms).
  const sortRange =
    q.sort === 'updated'
      ? q.updatedFrom !== undefined || q.updatedTo !== undefined
      : q.sort === 'created'
        ? q.createdFrom !== undefined || q.createdTo !== undefined
        : q.keyPrefix !== undefined;
  const countOrder = sortRange && ftParam === null && q.target === undefined ? ` ORDER BY ${order}` : '';
  return {
    probes,
    page(drive) {
      if (drive) {
        return finish(
          d,
          `WITH matched AS MATERIALIZED (SELECT key${sortColumn} FROM ${from} WHERE ${driven.sql})
           SELECT ${columns} FROM bindings WHERE key IN (SELECT key FROM matched ORDER BY ${order} ${window})
           ORDER BY ${order}`,
          driven.params,
        );
      }
      const w = where(conditions.map((c) => (c.fullText ? { ...c, sql: d.fullText('probe') } : c)));
      return finish(d, `SELECT ${columns} FROM bindings WHERE ${w.sql} ORDER BY ${order} ${window}`, w.params);
    },
    count:
      // Words and nothing else: the full-text index alone counts them (it holds live bindings only).
      ftParam !== null && d.fullTextProbe !== null && conditions.length === 2
        ? finish(d, `SELECT count(*) AS n FROM (${d.fullTextProbe} LIMIT ${SEARCH_COUNT_CAP + 1}) AS matched`, [
            ftParam,
          ])
        : finish(
            d,
            `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${driven.sql}${countOrder} LIMIT ${SEARCH_COUNT_CAP + 1}) AS matched`,
            driven.params,
          ),
  };
}

/** A query function: one statement's rows. */
export type RunStatement = (statement: Statement) => Promise<unknown[]>;

/** Run a planned search: the probes (the first that finds few rows decides), the page and the count. */
export async function runSearch(
  q: SearchQuery & { readonly words: readonly SearchWord[] },
  plan: SearchPlan,
  run: RunStatement,
): Promise<SearchResult> {
  const n = (rows: unknown[]): number => Number((rows[0] as { n?: number | string } | undefined)?.n ?? 0);
  let drive = false;
  for (const probe of plan.probes) {
    const rows = await run(probe);
    if ((probe.estimate ? estimatedRows(rows) : n(rows)) <= probe.atMost) {
      drive = true;
      break;
    }
  }
  const [rows, counted] = await Promise.all([run(plan.page(drive)), run(plan.count)]);
  return searchResult((rows as BindingRow[]).map(toBinding), n(counted), q);
}

/** The planner's estimate of a plan's rows, from the rows of an `EXPLAIN (FORMAT JSON)` (none: infinitely many). */
export function estimatedRows(rows: unknown[]): number {
  const plan = (rows[0] as Record<string, unknown> | undefined)?.['QUERY PLAN'];
  const text = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const top = Array.isArray(text) ? (text[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined) : undefined;
  const estimate = Number(top?.Plan?.['Plan Rows']);
  return Number.isFinite(estimate) ? estimate : Number.POSITIVE_INFINITY;
}

/** The search result from the page rows and the capped count. */
export function searchResult(items: Binding[], counted: number, q: SearchQuery): SearchResult {
  const exact = counted <= SEARCH_COUNT_CAP;
  return { items, total: exact ? counted : SEARCH_COUNT_CAP, exact, offset: q.offset, limit: q.limit };
}
