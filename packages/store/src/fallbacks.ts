import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import type { LinkQuery } from './links.ts';
import { isoTime } from './rows.ts';
import { checkActor, checkKey } from './validate.ts';

/**
 * The web-archive fallback of each shoulder (issue 25; migration 14, table `shoulder_settings`): what
 * resolving an identifier under the shoulder answers when the link checker says its target is broken.
 * `none` (the default, and the answer for a shoulder with no row): the redirect, as always; `archive-page`: a
 * page that says the target is gone and links its latest capture in a web archive; `archive-redirect`: a
 * redirect to that capture, saying so in a header (the page when there is none). The gateway's
 * resolution/fallback.ts reads it. Same SQL for both dialects (`$n` parameters; SQLite reads them as `?`).
 */

export const FALLBACK_MODES = ['none', 'archive-page', 'archive-redirect'] as const;
export type FallbackMode = (typeof FALLBACK_MODES)[number];

export interface ShoulderFallback {
  /** The shoulder's key (`ark:/99999/x6`), as `shoulders` holds it. */
  readonly key: string;
  readonly mode: FallbackMode;
  readonly updatedAt: string;
  readonly actor: string;
}

/** `store.fallbacks`. Nothing here throws. */
export interface ShoulderFallbacks {
  /** Set a declared shoulder's mode (`not-found` when no such shoulder is declared); `none` removes the row. */
  set(shoulder: string, mode: FallbackMode, actor: string): Promise<StoreResult<ShoulderFallback>>;
  /** The shoulder's mode (`none` with no row); `not-found` when no such shoulder is declared. */
  get(shoulder: string): Promise<StoreResult<ShoulderFallback>>;
  /** Every shoulder with a mode other than `none`, by key. */
  list(): Promise<StoreResult<ShoulderFallback[]>>;
}

const isMode = (m: unknown): m is FallbackMode => (FALLBACK_MODES as readonly unknown[]).includes(m);

function toFallback(row: Record<string, unknown>): ShoulderFallback {
  const mode = row['fallback'];
  return {
    key: String(row['key']),
    mode: isMode(mode) ? mode : 'none',
    updatedAt: isoTime(row['updated_at'] as string),
    actor: String(row['actor']),
  };
}

/** `ShoulderFallbacks` over a backend's query function, each call wrapped by the store's `run`. */
export function shoulderFallbacks(
  run: <T>(fn: (query: LinkQuery) => Promise<StoreResult<T>>) => Promise<StoreResult<T>>,
  now: () => string = () => new Date().toISOString(),
): ShoulderFallbacks {
  const declared = async (q: LinkQuery, key: string) =>
    (await q('SELECT key FROM shoulders WHERE key = $1', [key])).length > 0;
  return {
    set(shoulder, mode, actor) {
      const k = checkKey(shoulder, 'shoulder');
      if (!k.ok) return Promise.resolve(k);
      const a = checkActor(actor);
      if (!a.ok) return Promise.resolve(a);
      if (!isMode(mode)) {
        return Promise.resolve(
          err(
            'invalid-fallback',
            `the fallback is one of ${FALLBACK_MODES.join(', ')}, not ${String(mode).slice(0, 40)}`,
          ),
        );
      }
      const at = now();
      return run(async (q) => {
        if (!(await declared(q, k.value))) return err('not-found', `${k.value} is not a declared shoulder`);
        if (mode === 'none') {
          await q('DELETE FROM shoulder_settings WHERE key = $1 RETURNING key', [k.value]);
          return ok({ key: k.value, mode, updatedAt: at, actor: a.value });
        }
        const rows = await q(
          `INSERT INTO shoulder_settings (key, fallback, updated_at, actor) VALUES ($1, $2, $3, $4)
           ON CONFLICT (key) DO UPDATE SET fallback = $2, updated_at = $3, actor = $4
           RETURNING key, fallback, updated_at, actor`,
          [k.value, mode, at, a.value],
        );
        return ok(toFallback(rows[0] as Record<string, unknown>));
      });
    },
    get(shoulder) {
      const k = checkKey(shoulder, 'shoulder');
      if (!k.ok) return Promise.resolve(k);
      return run(async (q) => {
        if (!(await declared(q, k.value))) return err('not-found', `${k.value} is not a declared shoulder`);
        const rows = await q('SELECT key, fallback, updated_at, actor FROM shoulder_settings WHERE key = $1', [
          k.value,
        ]);
        return ok(rows[0] ? toFallback(rows[0]) : { key: k.value, mode: 'none' as const, updatedAt: '', actor: '' });
      });
    },
    list() {
      return run(async (q) => {
        const rows = await q(
          `SELECT key, fallback, updated_at, actor FROM shoulder_settings WHERE fallback <> 'none' ORDER BY key`,
          [],
        );
        return ok(rows.map(toFallback));
      });
    },
  };
}

/** Migration 14: one row per shoulder with a setting (the same text in both dialects). */
export const SHOULDER_SETTINGS_SQL = `
CREATE TABLE shoulder_settings (
  key TEXT PRIMARY KEY,
  fallback TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  actor TEXT NOT NULL
);
`;
