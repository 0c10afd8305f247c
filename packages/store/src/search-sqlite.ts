import type { BindingRow } from './rows.ts';
import { toBinding } from './rows.ts';
import {
  buildSearchSql,
  SEARCH_TEXT_LIMIT,
  type SearchDialect,
  type SearchQuery,
  type SearchResult,
  type SearchWord,
  searchResult,
} from './search.ts';

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
  key TEXT NOT NULL UNIQUE
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
INSERT INTO binding_search_ids (key) SELECT key FROM bindings WHERE tombstoned = 0;
INSERT INTO bindings_fts (rowid, doc)
  SELECT m.id, ${documentOf('b')} FROM binding_search_ids AS m JOIN bindings AS b ON b.key = m.key;
CREATE TRIGGER IF NOT EXISTS bindings_search_insert AFTER INSERT ON bindings WHEN new.tombstoned = 0 BEGIN
  INSERT INTO binding_search_ids (key) VALUES (new.key) ON CONFLICT (key) DO NOTHING;
  INSERT INTO bindings_fts (rowid, doc) VALUES ((SELECT id FROM binding_search_ids WHERE key = new.key), ${documentOf('new')});
END;
CREATE TRIGGER IF NOT EXISTS bindings_search_update AFTER UPDATE OF erc, metadata, tombstoned, key ON bindings BEGIN
  DELETE FROM bindings_fts WHERE rowid = (SELECT id FROM binding_search_ids WHERE key = old.key);
  DELETE FROM binding_search_ids WHERE key = old.key;
  INSERT INTO binding_search_ids (key) SELECT new.key WHERE new.tombstoned = 0;
  INSERT INTO bindings_fts (rowid, doc)
    SELECT id, ${documentOf('new')} FROM binding_search_ids WHERE key = new.key AND new.tombstoned = 0;
END;
CREATE TRIGGER IF NOT EXISTS bindings_search_delete AFTER DELETE ON bindings BEGIN
  DELETE FROM bindings_fts WHERE rowid = (SELECT id FROM binding_search_ids WHERE key = old.key);
  DELETE FROM binding_search_ids WHERE key = old.key;
END;
CREATE INDEX IF NOT EXISTS bindings_target ON bindings (target) WHERE tombstoned = 0;
CREATE INDEX IF NOT EXISTS bindings_owner ON bindings (owner, identifier_status, updated_at) WHERE tombstoned = 0;
CREATE INDEX IF NOT EXISTS bindings_updated ON bindings (updated_at) WHERE tombstoned = 0;
CREATE INDEX IF NOT EXISTS bindings_created ON bindings (created_at) WHERE tombstoned = 0;
`;

/** An FTS5 query: every word, quoted (words hold letters and digits only), `"word"*` for a prefix. */
export function fts5Query(words: readonly SearchWord[]): string {
  return words.map((w) => `"${w.word}"${w.prefix ? '*' : ''}`).join(' AND ');
}

const SQLITE_DIALECT: SearchDialect = {
  param: () => '?',
  time: (p) => p,
  live: 'tombstoned = 0',
  fullText: (p) =>
    `key IN (SELECT m.key FROM bindings_fts JOIN binding_search_ids AS m ON m.id = bindings_fts.rowid WHERE bindings_fts MATCH ${p})`,
  fullTextParam: fts5Query,
  targetColumn: 'target',
};

type All = (sql: string, params: unknown[]) => unknown[];

/** Run a validated search with `all` (a prepared statement's `all` on the backend's connection). */
export function searchSqlite(
  all: All,
  q: SearchQuery & { readonly words: readonly SearchWord[] },
  columns: string,
): SearchResult {
  const sql = buildSearchSql(q, columns, SQLITE_DIALECT);
  const rows = all(sql.page, sql.pageParams) as BindingRow[];
  const [counted] = all(sql.count, sql.countParams) as { n: number }[];
  return searchResult(rows.map(toBinding), Number(counted?.n ?? 0), q);
}
