import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  inScope,
  isAdmin,
  isDay,
  mayView,
  type Principal,
  type ResolutionCountQuery,
  type ResolutionCountRow,
  type Store,
  type VerifiedToken,
} from '@pidgate/store';
import { stringify } from 'csv-stringify/sync';
import { requireToken, storeProblem } from '../admin/index.ts';
import type { AppDeps } from '../deps.ts';
import {
  adminResponses,
  adminRoute,
  type GatewayEnv,
  negotiate,
  problem,
  problemAnswer,
  problemJson,
} from '../http/index.ts';

/**
 * `GET /api/v1/reports/resolutions` (issue 25, usage statistics): resolutions per identifier or per
 * shoulder, per day or per month, from the counts the gateway writes (stats/), as JSON or as CSV with a
 * UTF-8 byte order mark. Who sees what follows the link report: an administrator's token every row; any
 * other token the identifiers it may view (store's ownership.ts, `mayView` on the binding as it is now: a
 * key no binding holds any more is left out) and the shoulders within its scopes whose group, if any, is
 * one of its owner's.
 */

const DAY_MS = 86_400_000;
/** At most this many rows per page (the default). */
export const MAX_RESOLUTION_ROWS = 10_000;
/** The widest range asked at once, in days (about ten years). */
const MAX_RANGE_DAYS = 3660;

const Day = z.string().refine(isDay, 'a day, YYYY-MM-DD');

const ResolutionQuery = z
  .strictObject({
    by: z
      .enum(['identifier', 'shoulder'])
      .optional()
      .openapi({ description: 'count per identifier (the default) or per shoulder' }),
    from: Day.optional().openapi({
      example: '2026-10-01',
      description: 'first day (UTC); by default 29 days before `to`',
    }),
    to: Day.optional().openapi({ example: '2026-10-30', description: 'last day (UTC), included; by default today' }),
    group: z.enum(['day', 'month']).optional().openapi({ description: 'one row per day (the default) or per month' }),
    identifier: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .openapi({ example: 'ark:/99999/fk4x1', description: 'only this identifier (its stored key; by=identifier)' }),
    shoulder: z.string().min(1).max(4096).optional().openapi({
      example: 'ark:/99999/fk4',
      description: 'by=identifier: only identifiers whose key starts with this; by=shoulder: only this shoulder',
    }),
    owner: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "only this owner's identifiers (by=identifier)" }),
    format: z
      .enum(['json', 'csv'])
      .optional()
      .openapi({ description: 'json or csv (with a UTF-8 BOM); by default by Accept (text/csv), else json' }),
    limit: z
      .string()
      .regex(/^[1-9]\d{0,4}$/, `a whole number from 1 to ${MAX_RESOLUTION_ROWS}`)
      .refine((s) => Number(s) <= MAX_RESOLUTION_ROWS, `at most ${MAX_RESOLUTION_ROWS}`)
      .optional()
      .openapi({ description: `at most this many rows (1 to ${MAX_RESOLUTION_ROWS}, the default)` }),
    cursor: z
      .string()
      .max(12_000)
      .regex(/^[A-Za-z0-9_-]+$/, 'a cursor this report gave (`next`)')
      .refine((c) => cursorRow(c) !== null, 'a cursor this report gave (`next`)')
      .optional()
      .openapi({ description: 'the `next` of the previous page' }),
  })
  .superRefine((q, ctx) => {
    const to = q.to ?? today();
    const from = q.from ?? shiftDay(to, -29);
    if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is after to' });
    else if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: `at most ${MAX_RANGE_DAYS} days at once` });
    if (q.by === 'shoulder' && q.owner !== undefined)
      ctx.addIssue({ code: 'custom', path: ['owner'], message: 'owner filters identifiers only (by=identifier)' });
    if (q.by === 'shoulder' && q.identifier !== undefined)
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'identifier needs by=identifier' });
  });

type ResolutionQuery = z.infer<typeof ResolutionQuery>;

const today = () => new Date().toISOString().slice(0, 10);
const shiftDay = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** A page's cursor: its last row's key and period, base64url. */
const cursorOf = (row: { key: string; period: string }): string =>
  Buffer.from(JSON.stringify(['r', row.key, row.period]), 'utf8').toString('base64url');

function cursorRow(cursor: string): { key: string; period: string } | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 3 || v[0] !== 'r' || typeof v[1] !== 'string' || typeof v[2] !== 'string')
      return null;
    const row = { key: v[1], period: v[2] };
    return cursorOf(row) === cursor ? row : null;
  } catch {
    return null;
  }
}

const ResolutionEntry = z
  .object({
    key: z.string().openapi({ description: 'the identifier (stored key) or the shoulder' }),
    period: z.string().openapi({ description: '`YYYY-MM-DD` or `YYYY-MM` (UTC)' }),
    resolutions: z.number().int(),
  })
  .openapi('ResolutionCount');

const ResolutionPage = z
  .object({
    by: z.enum(['identifier', 'shoulder']),
    group: z.enum(['day', 'month']),
    from: z.string(),
    to: z.string(),
    items: z.array(ResolutionEntry),
    next: z.string().nullable().openapi({
      description: 'pass as `cursor` for the next page; null on the last (also a `Link: rel="next"` header)',
    }),
  })
  .openapi('ResolutionReport');

/** The shoulders whose counts a principal may see: within its scopes, and of its groups when the shoulder has one. */
export async function visibleShoulders(store: Store, p: Principal): Promise<Set<string> | null> {
  if (p.role === 'admin') return null;
  const all = await store.listShoulders();
  if (!all.ok) return new Set();
  return new Set(
    all.value.filter((s) => inScope(p, s.key) && (s.group === null || p.groups.includes(s.group))).map((s) => s.key),
  );
}

/** The rows the token may see. */
async function visible(
  store: Store,
  token: VerifiedToken,
  p: Principal,
  by: 'identifier' | 'shoulder',
  rows: readonly ResolutionCountRow[],
): Promise<ResolutionCountRow[]> {
  if (isAdmin(token) && p.role === 'admin') return [...rows];
  if (by === 'identifier') return rows.filter((r) => r.binding !== null && mayView(p, { key: r.key, ...r.binding }));
  const shoulders = await visibleShoulders(store, p);
  return rows.filter((r) => shoulders === null || shoulders.has(r.key));
}

function storeQuery(q: ResolutionQuery, limit: number): ResolutionCountQuery {
  const by = q.by ?? 'identifier';
  const to = q.to ?? today();
  const cursor = q.cursor === undefined ? null : cursorRow(q.cursor);
  return {
    by,
    from: q.from ?? shiftDay(to, -29),
    to,
    group: q.group ?? 'day',
    ...(q.identifier !== undefined ? { keys: [q.identifier] } : {}),
    ...(q.shoulder !== undefined ? (by === 'shoulder' ? { keys: [q.shoulder] } : { prefix: q.shoulder }) : {}),
    ...(q.owner !== undefined ? { owner: q.owner } : {}),
    ...(cursor ? { after: cursor } : {}),
    limit,
  };
}

export function resolutionReportRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/reports/resolutions',
      summary: 'Usage statistics: resolutions per identifier or shoulder, per day or month (JSON, or CSV for Excel)',
      description:
        "Counted by the gateway when a request for an identifier redirects through one of its bindings, written in batches (`stats.flushSeconds`), kept `stats.retentionDays`. An administrator's token sees every row, any other token the identifiers it may view and the shoulders within its scopes. CSV (RFC 4180, CRLF) starts with a UTF-8 byte order mark.",
      ...adminRoute,
      middleware: requireToken(deps),
      request: { query: ResolutionQuery },
      responses: {
        ...adminResponses,
        200: {
          description: 'The counts, by key and then period; periods without resolutions are left out',
          content: {
            'application/json': { schema: ResolutionPage },
            'text/csv': {
              schema: z.string().openapi({ description: 'A header row, then one row per key and period' }),
            },
          },
        },
        400: problemAnswer('A bad query (`invalid-report-query`)'),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const limit = q.limit === undefined ? MAX_RESOLUTION_ROWS : Number(q.limit);
      const query = storeQuery(q, limit + 1);
      const found = await c.var.store.resolutionCounts(query);
      if (!found.ok) return storeProblem(c, found.error);
      const page = found.value.slice(0, limit);
      const last = page[page.length - 1];
      const next = found.value.length > limit && last ? cursorOf(last) : null;
      const rows = await visible(c.var.store, c.var.token, c.var.principal, query.by, page);
      if (next !== null) {
        const url = new URL(c.req.url);
        url.searchParams.set('cursor', next);
        c.header('link', `<${url.search}>; rel="next"`);
      }
      const csv =
        q.format === 'csv' ||
        (q.format === undefined && negotiate(c.req.header('accept'), ['application/json', 'text/csv']) === 'text/csv');
      c.header('cache-control', 'no-store');
      c.header('vary', 'Accept');
      if (csv) {
        const text = stringify(
          rows.map((r) => [r.key, r.period, r.count]),
          { header: true, columns: [query.by, query.group, 'resolutions'], record_delimiter: '\r\n', bom: true },
        );
        return c.body(text, 200, {
          'content-type': 'text/csv; charset=utf-8; header=present',
          'content-disposition': `attachment; filename="pidgate-resolutions-${query.by}.csv"`,
        });
      }
      const items = rows.map((r) => ({ key: r.key, period: r.period, resolutions: r.count }));
      return c.json({ by: query.by, group: query.group, from: query.from, to: query.to, items, next }, 200);
    },
    (result, c) => {
      if (result.success) return undefined;
      const issues = result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
      const detail = issues.map((i) => `${i.path.join('.') || '(query)'}: ${i.message}`).join('; ');
      return problemJson(
        c,
        problem(400, 'invalid-report-query', `the report's query is not valid: ${detail}`, { issues }),
      );
    },
  );
}
