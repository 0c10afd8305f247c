import { randomBytes } from 'node:crypto';
import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { isoTime } from './rows.ts';
import { checkInt } from './validate.ts';

/**
 * Batch download jobs (EZID's `/download_request`, the console's Download page): one row per request,
 * kept until the file expires. The gateway writes the file; the store keeps what was asked, by whom, and
 * how far it got, so a job queued before a restart still runs after it, and any instance sharing a
 * PostgreSQL database can serve the file's status. The SQL is the same for both dialects (`$n`
 * parameters; SQLite reads them as `?n`), run by the backend's one `downloadQuery`.
 */

export const DOWNLOAD_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

export interface DownloadJob {
  /** 32 lowercase hex digits (128 random bits): the secret part of the file's URL. */
  readonly id: string;
  /** The user who asked (a username; for a token, the token's owner or name). */
  readonly requester: string;
  /** The file's name as served, e.g. `<id>.csv.gz`. */
  readonly fileName: string;
  /** What was asked (format, compression, columns, filters), as the gateway validated it. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly status: DownloadStatus;
  /** Identifiers written (when ready). */
  readonly count: number | null;
  /** Bytes of the file (when ready). */
  readonly size: number | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  /** When the file (and this row) go. */
  readonly expiresAt: string;
}

export interface NewDownloadJob {
  readonly requester: string;
  /** The file's name after the id: `.csv.gz` gives `<id>.csv.gz`. */
  readonly extension: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** Seconds the job and its file are kept (1 s .. 1 year). */
  readonly retentionSeconds: number;
}

export interface DownloadFinish {
  readonly status: 'ready' | 'failed';
  readonly count?: number;
  readonly size?: number;
  readonly error?: string;
}

/** The jobs' operations (`store.downloads`). Nothing here throws. */
export interface DownloadJobs {
  create(input: NewDownloadJob): Promise<StoreResult<DownloadJob>>;
  /** `not-found` when there is no such job (or it expired). */
  get(id: string): Promise<StoreResult<DownloadJob>>;
  /** The newest first; one requester's when given. */
  list(options?: { readonly requester?: string; readonly limit?: number }): Promise<StoreResult<DownloadJob[]>>;
  /**
   * Take the oldest job that is queued, or running with its lease run out (its process died): it becomes
   * `running`, leased for `leaseSeconds`. null when there is none. Two callers never take the same job.
   */
  claim(leaseSeconds: number): Promise<StoreResult<DownloadJob | null>>;
  /** Extend a running job's lease (a long job's heartbeat). */
  renew(id: string, leaseSeconds: number): Promise<StoreResult<void>>;
  finish(id: string, outcome: DownloadFinish): Promise<StoreResult<DownloadJob>>;
  /** Delete the jobs whose time ran out, and give them back (so their files can go). */
  expire(): Promise<StoreResult<DownloadJob[]>>;
}

/** A download job row as either database returns it. */
export interface DownloadJobRow {
  id: string;
  requester: string;
  file_name: string;
  params: string;
  status: string;
  count: number | string | null;
  size: number | string | null;
  error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
  expires_at: string | Date;
  lease_until: string | Date | null;
}

export type DownloadQuery = (sql: string, params: unknown[]) => Promise<DownloadJobRow[]>;

const COLUMNS =
  'id, requester, file_name, params, status, count, size, error, created_at, finished_at, expires_at, lease_until';
const ID = /^[0-9a-f]{32}$/;
const EXTENSION = /^(\.[a-z0-9]{1,8}){1,3}$/;
const MAX_RETENTION = 366 * 24 * 3600;
const MAX_PARAMS = 65_536;

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toJob(row: DownloadJobRow): DownloadJob {
  return {
    id: row.id,
    requester: row.requester,
    fileName: row.file_name,
    params: JSON.parse(row.params) as Record<string, unknown>,
    status: row.status as DownloadStatus,
    count: num(row.count),
    size: num(row.size),
    error: row.error,
    createdAt: isoTime(row.created_at),
    finishedAt: row.finished_at === null ? null : isoTime(row.finished_at),
    expiresAt: isoTime(row.expires_at),
  };
}

const later = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();

/** `DownloadJobs` over a backend's query function, each call wrapped by the store's `run` (errors → results). */
export function downloadJobs(
  run: <T>(fn: (query: DownloadQuery) => Promise<StoreResult<T>>) => Promise<StoreResult<T>>,
): DownloadJobs {
  const notFound = (id: string) => err('not-found', `no download ${id}`);
  return {
    create(input) {
      if (typeof input.requester !== 'string' || input.requester.length === 0 || input.requester.length > 200) {
        return Promise.resolve(err('invalid-actor', 'the requester is 1 to 200 characters'));
      }
      if (typeof input.extension !== 'string' || !EXTENSION.test(input.extension)) {
        return Promise.resolve(err('invalid-binding', 'the extension is like .csv.gz'));
      }
      const retention = checkInt(input.retentionSeconds, 1, MAX_RETENTION, 'retention (seconds)', 'invalid-ttl');
      if (!retention.ok) return Promise.resolve(retention);
      const params = JSON.stringify(input.params ?? {});
      if (params.length > MAX_PARAMS) return Promise.resolve(err('invalid-binding', 'the parameters are too long'));
      const id = randomBytes(16).toString('hex');
      const at = new Date().toISOString();
      return run(async (q) => {
        const rows = await q(
          `INSERT INTO download_jobs (${COLUMNS}) VALUES ($1, $2, $3, $4, 'queued', NULL, NULL, NULL, $5, NULL, $6, NULL) RETURNING ${COLUMNS}`,
          [id, input.requester, `${id}${input.extension}`, params, at, later(retention.value)],
        );
        return ok(toJob(rows[0] as DownloadJobRow));
      });
    },
    get(id) {
      if (typeof id !== 'string' || !ID.test(id)) return Promise.resolve(notFound(String(id).slice(0, 40)));
      return run(async (q) => {
        const rows = await q(`SELECT ${COLUMNS} FROM download_jobs WHERE id = $1 AND expires_at > $2`, [
          id,
          new Date().toISOString(),
        ]);
        return rows[0] ? ok(toJob(rows[0])) : notFound(id);
      });
    },
    list(options = {}) {
      const limit = checkInt(options.limit ?? 100, 1, 1000, 'limit', 'invalid-limit');
      if (!limit.ok) return Promise.resolve(limit);
      const at = new Date().toISOString();
      return run(async (q) => {
        const rows =
          options.requester === undefined
            ? await q(
                `SELECT ${COLUMNS} FROM download_jobs WHERE expires_at > $1 ORDER BY created_at DESC, id LIMIT $2`,
                [at, limit.value],
              )
            : await q(
                `SELECT ${COLUMNS} FROM download_jobs WHERE requester = $1 AND expires_at > $2 ORDER BY created_at DESC, id LIMIT $3`,
                [options.requester, at, limit.value],
              );
        return ok(rows.map(toJob));
      });
    },
    claim(leaseSeconds) {
      const lease = checkInt(leaseSeconds, 1, 86_400, 'lease (seconds)', 'invalid-ttl');
      if (!lease.ok) return Promise.resolve(lease);
      const at = new Date().toISOString();
      const open = `(status = 'queued' OR (status = 'running' AND lease_until < $1)) AND expires_at > $1`;
      return run(async (q) => {
        // The outer WHERE repeats the condition: of two instances that picked the same row, the second
        // finds it no longer open once the first has committed, and takes nothing.
        const rows = await q(
          `UPDATE download_jobs SET status = 'running', lease_until = $2
           WHERE id = (SELECT id FROM download_jobs WHERE ${open} ORDER BY created_at, id LIMIT 1) AND ${open}
           RETURNING ${COLUMNS}`,
          [at, later(lease.value)],
        );
        return ok(rows[0] ? toJob(rows[0]) : null);
      });
    },
    renew(id, leaseSeconds) {
      const lease = checkInt(leaseSeconds, 1, 86_400, 'lease (seconds)', 'invalid-ttl');
      if (!lease.ok) return Promise.resolve(lease);
      return run(async (q) => {
        await q(`UPDATE download_jobs SET lease_until = $1 WHERE id = $2 AND status = 'running'`, [
          later(lease.value),
          id,
        ]);
        return ok(undefined);
      });
    },
    finish(id, outcome) {
      if (typeof id !== 'string' || !ID.test(id)) return Promise.resolve(notFound(String(id).slice(0, 40)));
      return run(async (q) => {
        const rows = await q(
          `UPDATE download_jobs SET status = $1, count = $2, size = $3, error = $4, finished_at = $5, lease_until = NULL
           WHERE id = $6 RETURNING ${COLUMNS}`,
          [
            outcome.status,
            outcome.count ?? null,
            outcome.size ?? null,
            outcome.error?.slice(0, 2000) ?? null,
            new Date().toISOString(),
            id,
          ],
        );
        return rows[0] ? ok(toJob(rows[0])) : notFound(id);
      });
    },
    expire() {
      return run(async (q) => {
        const rows = await q(`DELETE FROM download_jobs WHERE expires_at <= $1 RETURNING ${COLUMNS}`, [
          new Date().toISOString(),
        ]);
        return ok(rows.map(toJob));
      });
    },
  };
}

/** Migration 8's table (the same text for both dialects: ISO 8601 text timestamps, which sort as times). */
export const DOWNLOAD_JOBS_SQL = `
CREATE TABLE download_jobs (
  id TEXT PRIMARY KEY,
  requester TEXT NOT NULL,
  file_name TEXT NOT NULL,
  params TEXT NOT NULL,
  status TEXT NOT NULL,
  count BIGINT,
  size BIGINT,
  error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  expires_at TEXT NOT NULL,
  lease_until TEXT
);
CREATE INDEX download_jobs_requester ON download_jobs (requester, created_at);
CREATE INDEX download_jobs_status ON download_jobs (status, created_at);
CREATE INDEX download_jobs_expires ON download_jobs (expires_at);
`;
