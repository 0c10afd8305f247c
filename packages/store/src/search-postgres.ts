import {
  planSearch,
  runSearch,
  SEARCH_TARGET_INDEXED,
  SEARCH_TEXT_LIMIT,
  type SearchDialect,
  type SearchQuery,
  type SearchResult,
  type SearchWord,
} from './search.ts';

/**
 * The Manage search on PostgreSQL: `bindings.search`, a stored generated `tsvector` of the ERC record's and
 * the other metadata's values (not the `_`-elements), computed by the database at every write whatever the
 * path, with a GIN index over live bindings. The text search configuration is `simple`: words are
 * lowercased and nothing else (no stemming, no stop words), so names, identifiers and words of any
 * language are found as written; ASCII punctuation is turned into spaces first, so the words are the same
 * as SQLite's `unicode61` tokenizer makes (an e-mail address or a host name is several words, not one).
 * `strip` drops positions: an AND of words and prefixes needs none. Targets are indexed by their first
 * 512 characters in code point order (a B-tree entry must stay small).
 */
/** Idempotent, as SQLite's. */
export const POSTGRES_SEARCH_MIGRATION = `
CREATE OR REPLACE FUNCTION binding_search_document(erc jsonb, metadata jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT strip(to_tsvector('simple'::regconfig, left(regexp_replace(concat_ws(' ',
    (SELECT string_agg(v #>> '{}', ' ') FROM jsonb_path_query(erc, 'strict $.**') AS v WHERE jsonb_typeof(v) = 'string'),
    (SELECT string_agg(e.value, ' ') FROM jsonb_each_text(metadata) AS e WHERE left(e.key, 1) <> '_')
  ), '[!-/:-@[-\`{-~]+', ' ', 'g'), ${SEARCH_TEXT_LIMIT})))
$fn$;
ALTER TABLE bindings ADD COLUMN IF NOT EXISTS search tsvector GENERATED ALWAYS AS (binding_search_document(erc, metadata)) STORED;
CREATE INDEX IF NOT EXISTS bindings_search ON bindings USING gin (search) WHERE NOT tombstoned;
CREATE INDEX IF NOT EXISTS bindings_search_target ON bindings ((left(target, ${SEARCH_TARGET_INDEXED}) COLLATE "C")) WHERE NOT tombstoned;
CREATE INDEX IF NOT EXISTS bindings_search_status ON bindings (identifier_status, updated_at) WHERE NOT tombstoned;
CREATE INDEX IF NOT EXISTS bindings_search_owner ON bindings (owner, identifier_status, updated_at) WHERE NOT tombstoned;
CREATE INDEX IF NOT EXISTS bindings_search_group ON bindings (owner_group, identifier_status, updated_at) WHERE NOT tombstoned;
CREATE INDEX IF NOT EXISTS bindings_search_updated ON bindings (updated_at, key) WHERE NOT tombstoned;
CREATE INDEX IF NOT EXISTS bindings_search_created ON bindings (created_at, key) WHERE NOT tombstoned;
`;

/**
 * Migration 11: the live keys alone, so counting up to 1,001 identifiers under a prefix is an index-only scan
 * (it read a table row each, or walked `bindings_search_created` whole: 66 to 500 ms at 1,000,000 bindings).
 * Idempotent.
 */
export const POSTGRES_SEARCH_COVERING_MIGRATION = `
CREATE INDEX IF NOT EXISTS bindings_search_live_keys ON bindings (key) WHERE NOT tombstoned;
`;

/**
 * The most matches (estimated) that PostgreSQL collects and sorts rather than walk the sort's index. Collecting
 * m matches reads m table rows wherever they lie, each a page that is rarely cached; walking reads about
 * limit × live / m rows from the top of the sort's index, the rows every search (and the default page) reads,
 * which stay cached. Measured at 1,000,000 bindings: collecting a word of 5,700 matches took a median of 621 ms
 * against 41 ms walked; a word in 2,000 or fewer is collected (the walk would go 25,000 rows deep and more).
 */
export const POSTGRES_DRIVE_AT_MOST = 2_000;

/** A `to_tsquery('simple', …)` text: every word quoted (letters and digits only), `:*` for a prefix. */
export function tsQuery(words: readonly SearchWord[]): string {
  return words.map((w) => `'${w.word}'${w.prefix ? ':*' : ''}`).join(' & ');
}

const POSTGRES_DIALECT: SearchDialect = {
  numbered: true,
  time: '?::timestamptz',
  live: 'NOT tombstoned',
  fullText: () => `search @@ to_tsquery('simple', ?)`,
  joined: null,
  fullTextProbe: null,
  // The planner knows how common a word is (the tsvector statistics) but not where the matches lie in the sort's
  // index, and walked `bindings_search_updated` 19,000 rows deep (4 s cold) for a surname 2,500 bindings hold.
  // So its estimate decides: up to POSTGRES_DRIVE_AT_MOST matches are collected (a bitmap of the GIN index) and
  // sorted, more are found by walking the sort's index.
  estimate: { driveAtMost: POSTGRES_DRIVE_AT_MOST },
  fullTextParam: tsQuery,
  targetColumn: `(left(target, ${SEARCH_TARGET_INDEXED}) COLLATE "C")`,
};

/** Run a validated search with `query` (the pool's). */
export function searchPostgres(
  query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>,
  q: SearchQuery & { readonly words: readonly SearchWord[] },
  columns: string,
): Promise<SearchResult> {
  return runSearch(q, planSearch(q, columns, POSTGRES_DIALECT), async (s) => (await query(s.sql, s.params)).rows);
}
