import {
  planSearch,
  runSearch,
  SEARCH_TEXT_LIMIT,
  type SearchDialect,
  type SearchQuery,
  type SearchResult,
  type SearchWord,
} from './search.ts';
import { prefixUpperBound } from './validate.ts';

/**
 * The Manage search on SQLite. `bindings` has no rowid (WITHOUT ROWID), so the FTS5 index is a contentless
 * table (`contentless_delete=1`, SQLite 3.43 or later: better-sqlite3 bundles its own) whose rowids are
 * given by `binding_search_ids` (one integer per key). Triggers on `bindings` keep it in step with every
 * write, whatever the path (put, import, delete, deleteReserved): a live binding has one entry holding the
 * text of its ERC record and other metadata (not the `_`-elements), a tombstone none. The `unicode61`
 * tokenizer splits at anything that is not a letter or a digit and folds case, not diacritics (as
 * PostgreSQL's `simple` configuration does). `detail=none`: only which rows hold a word is kept (no
 * positions), which is all an AND of words and prefixes needs, in a fraction of the space.
 */

/** The indexed text of a binding row (`row` is `new` or `old` in a trigger, or a table alias). */
const documentOf = (row: string): string =>
  `substr(coalesce((SELECT group_concat(value, ' ') FROM json_tree(${row}.erc) WHERE type = 'text'), '') || ' ' ||
     coalesce((SELECT group_concat(value, ' ') FROM json_each(${row}.metadata) WHERE type = 'text' AND substr(key, 1, 1) <> '_'), ''),
     1, ${SEARCH_TEXT_LIMIT})`;

/** Idempotent: run again, it rebuilds the index from the bindings (a rolled-back schema, a repair). */
export const SQLITE_SEARCH_MIGRATION = `
CREATE TABLE IF NOT EXISTS binding_search_ids (
  id INTEGER PRIMARY KEY,
  binding_key TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE IF NOT EXISTS bindings_fts USING fts5 (
  doc,
  content = '',
  contentless_delete = 1,
  detail = none,
  tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO bindings_fts (bindings_fts) VALUES ('delete-all');
DELETE FROM binding_search_ids;
INSERT INTO binding_search_ids (binding_key) SELECT key FROM bindings;
INSERT INTO bindings_fts (rowid, doc)
  SELECT m.id, ${documentOf('b')} FROM binding_search_ids AS m JOIN bindings AS b ON b.key = m.binding_key;
CREATE TRIGGER IF NOT EXISTS bindings_search_insert AFTER INSERT ON bindings WHEN new.tombstoned = 0 BEGIN
  INSERT INTO binding_search_ids (binding_key) VALUES (new.key) ON CONFLICT (binding_key) DO NOTHING;
  INSERT INTO bindings_fts (rowid, doc) VALUES ((SELECT id FROM binding_search_ids WHERE binding_key = new.key), ${documentOf('new')});
END;
CREATE TRIGGER IF NOT EXISTS bindings_search_update AFTER UPDATE OF erc, metadata, tombstoned, key ON bindings BEGIN
  DELETE FROM bindings_fts WHERE rowid = (SELECT id FROM binding_search_ids WHERE binding_key = old.key);
  DELETE FROM binding_search_ids WHERE binding_key = old.key;
  INSERT INTO binding_search_ids (binding_key) SELECT new.key WHERE new.tombstoned = 0;
  INSERT INTO bindings_fts (rowid, doc)
    SELECT id, ${documentOf('new')} FROM binding_search_ids WHERE binding_key = new.key AND new.tombstoned = 0;
END;
CREATE TRIGGER IF NOT EXISTS bindings_search_delete AFTER DELETE ON bindings BEGIN
  DELETE FROM bindings_fts WHERE rowid = (SELECT id FROM binding_search_ids WHERE binding_key = old.key);
  DELETE FROM binding_search_ids WHERE binding_key = old.key;
END;
CREATE INDEX IF NOT EXISTS bindings_search_target ON bindings (target, tombstoned, updated_at, created_at);
CREATE INDEX IF NOT EXISTS bindings_search_status ON bindings (identifier_status, updated_at);
CREATE INDEX IF NOT EXISTS bindings_search_owner ON bindings (owner, identifier_status, updated_at);
CREATE INDEX IF NOT EXISTS bindings_search_group ON bindings (owner_group, identifier_status, updated_at);
CREATE INDEX IF NOT EXISTS bindings_search_updated ON bindings (updated_at);
CREATE INDEX IF NOT EXISTS bindings_search_created ON bindings (created_at);
CREATE INDEX IF NOT EXISTS bindings_search_keys ON bindings (key, tombstoned, updated_at, created_at, identifier_status, owner, owner_group);
CREATE VIRTUAL TABLE IF NOT EXISTS bindings_fts_vocab USING fts5vocab (bindings_fts, row);
`;

/**
 * Migration 11: the filter and sort indexes carry every column a Manage filter, the visibility rule and the count
 * read (`tombstoned`, status, owner, group, the dates, the key), so counting up to 1,001 matches of a status, an
 * owner or a date range reads index entries only, never a table row each (at 1,000,000 bindings that was most of
 * those searches' time: 135 to 254 ms cold). The sort key comes right after the filter columns (then `key`, the
 * tie-break), so a page is still read in order. They replace migration 7's narrower indexes. And the full-text
 * index is merged into one segment (`optimize`) and kept in few (`automerge` 2, FTS5's default is 4): a row-by-row
 * word test seeks in every segment, and the 8 segments a rebuild of 1,000,000 left made it 2 ms a row (20 ms
 * for 190 rows after). Idempotent.
 */
export const SQLITE_SEARCH_COVERING_MIGRATION = `
INSERT INTO bindings_fts (bindings_fts, rank) VALUES ('automerge', 2);
INSERT INTO bindings_fts (bindings_fts) VALUES ('optimize');
CREATE INDEX IF NOT EXISTS bindings_search_status_live ON bindings (identifier_status, updated_at, key, tombstoned, owner, owner_group);
CREATE INDEX IF NOT EXISTS bindings_search_owner_live ON bindings (owner, identifier_status, updated_at, key, tombstoned, owner_group);
CREATE INDEX IF NOT EXISTS bindings_search_group_live ON bindings (owner_group, identifier_status, updated_at, key, tombstoned, owner);
CREATE INDEX IF NOT EXISTS bindings_search_updated_live ON bindings (updated_at, key, tombstoned, identifier_status, owner, owner_group);
CREATE INDEX IF NOT EXISTS bindings_search_created_live ON bindings (created_at, key, tombstoned, identifier_status, owner, owner_group);
DROP INDEX IF EXISTS bindings_search_status;
DROP INDEX IF EXISTS bindings_search_owner;
DROP INDEX IF EXISTS bindings_search_group;
DROP INDEX IF EXISTS bindings_search_updated;
DROP INDEX IF EXISTS bindings_search_created;
`;

/**
 * An FTS5 query: every word, quoted (words hold letters and digits only), `"word"*` for a prefix, or for a
 * prefix whose words are known (`expanded`, from the index's vocabulary), `("word1" OR "word2" …)`.
 */
export function fts5Query(
  words: readonly SearchWord[],
  expanded: ReadonlyMap<string, readonly string[]> = new Map(),
): string {
  const quote = (w: string): string => `"${w.replaceAll('"', '""')}"`;
  return words
    .map((w) => {
      const terms = w.prefix ? expanded.get(w.word) : undefined;
      if (terms === undefined) return `${quote(w.word)}${w.prefix ? '*' : ''}`;
      return terms.length === 0 ? quote(w.word) : `(${terms.map(quote).join(' OR ')})`;
    })
    .join(' AND ');
}

/**
 * A `word*` stands for at most this many indexed words when it is expanded: FTS5 merges a prefix's words
 * afresh for every query, and a page that walks the sort's index asks once per row, so a prefix is replaced
 * by the words the vocabulary holds for it. A broader prefix stays a prefix and its matches are collected
 * once (`in`), never row by row.
 */
export const SQLITE_MAX_EXPANSION = 64;

const FULL_TEXT = {
  probe: `EXISTS (SELECT 1 FROM binding_search_ids AS m JOIN bindings_fts ON bindings_fts.rowid = m.id
    WHERE m.binding_key = bindings.key AND bindings_fts MATCH ?)`,
  in: `key IN (SELECT m.binding_key FROM bindings_fts JOIN binding_search_ids AS m ON m.id = bindings_fts.rowid
    WHERE bindings_fts MATCH ?)`,
  joined: 'bindings_fts MATCH ?',
  // `probe` for a query of many words (an expanded prefix): the matching rowids are collected once, and each
  // row is looked up among them, rather than asking the full-text index once per row for every word.
  probeSet: `EXISTS (SELECT 1 FROM binding_search_ids AS m WHERE m.binding_key = bindings.key
    AND m.id IN (SELECT rowid FROM bindings_fts WHERE bindings_fts MATCH ?))`,
} as const;

/** `joined`, reaching `bindings` by `bindings_search_keys` (key, tombstoned, the dates, status, owner, group). */
const JOINED_COVERED = `bindings_fts JOIN binding_search_ids AS m ON m.id = bindings_fts.rowid
    JOIN bindings INDEXED BY bindings_search_keys ON bindings.key = m.binding_key`;

export const SQLITE_DIALECT: SearchDialect = {
  numbered: false,
  time: '?',
  // `+` keeps the term out of index choice: an index led by `tombstoned` (the dashboard's) looks selective to a
  // planner without statistics and would win over the sort's index, then sort every live row.
  live: '+tombstoned = 0',
  fullText: (form: 'probe' | 'in' | 'joined') => FULL_TEXT[form],
  joined: `bindings_fts JOIN binding_search_ids AS m ON m.id = bindings_fts.rowid
    JOIN bindings ON bindings.key = m.binding_key`,
  joinedCovered: JOINED_COVERED,
  targetsAsKeys: 'bindings INDEXED BY bindings_search_keys',
  fullTextProbe: 'SELECT 1 FROM bindings_fts WHERE bindings_fts MATCH ?',
  fullTextParam: fts5Query,
  targetColumn: 'target',
};

/** Run a validated search with `all` (a statement's rows on the backend's connection). */
export function searchSqlite(
  all: (sql: string, params: unknown[]) => unknown[],
  q: SearchQuery & { readonly words: readonly SearchWord[] },
  columns: string,
): Promise<SearchResult> {
  const expanded = new Map<string, readonly string[]>();
  let broad = false;
  for (const w of q.words) {
    if (!w.prefix || expanded.has(w.word)) continue;
    const upper = prefixUpperBound(w.word);
    const terms = (
      all(
        `SELECT term FROM bindings_fts_vocab WHERE term >= ?${upper === null ? '' : ' AND term < ?'} LIMIT ${SQLITE_MAX_EXPANSION + 1}`,
        upper === null ? [w.word] : [w.word, upper],
      ) as { term: string }[]
    ).map((r) => r.term);
    if (terms.length <= SQLITE_MAX_EXPANSION) expanded.set(w.word, terms);
    else broad = true;
  }
  const dialect: SearchDialect = {
    ...SQLITE_DIALECT,
    fullTextParam: (words) => fts5Query(words, expanded),
    // A prefix too broad to expand: its matches are collected once, not looked up row by row.
    fullText: (form) => FULL_TEXT[form === 'probe' && (broad || expanded.size > 0) ? 'probeSet' : form],
  };
  return runSearch(q, planSearch(q, columns, dialect), async (s) => all(s.sql, s.params));
}
