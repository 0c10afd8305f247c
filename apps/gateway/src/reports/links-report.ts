import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  isAdmin,
  LINK_CLASSES,
  type LinkReportFilter,
  type LinkReportRow,
  mayView,
  type Principal,
  type VerifiedToken,
} from '@pidgate/store';
import { requireToken, storeProblem } from '../admin/index.ts';
import type { AppDeps } from '../deps.ts';
import {
  adminResponses,
  adminRoute,
  type GatewayEnv,
  metricsLabel,
  negotiate,
  problem,
  problemAnswer,
  problemJson,
} from '../http/index.ts';
import { formatReport, reportEntry } from '../links/index.ts';

/**
 * `GET /api/v1/reports/links` (issue 25): the link report over HTTP, the rows `pidgate links report` writes
 * (links/report.ts), as JSON or as CSV with a UTF-8 byte order mark (Excel), never zipped. An administrator's
 * token sees every identifier; any other token only those it may view (the ownership rule, store's
 * ownership.ts: for the live public identifiers a report names, those within the token's scopes), and a
 * target none of whose identifiers it may view is left out.
 */

const DAY_MS = 86_400_000;
/** At most this many targets per report (the store's default). */
export const MAX_REPORT_LIMIT = 10_000;

const ReportQuery = z
  .strictObject({
    owner: z.string().min(1).max(200).optional().openapi({ description: "only this owner's identifiers" }),
    shoulder: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .openapi({ example: 'ark:/99999/fk4', description: 'only identifiers whose key starts with this' }),
    class: z.enum(LINK_CLASSES).optional().openapi({ description: 'only targets whose last check ended so' }),
    age: z
      .string()
      .regex(/^\d{1,5}$/, 'a whole number of days (0 to 36500)')
      .optional()
      .openapi({ example: '14', description: 'only targets failing for at least this many days (not with since)' }),
    since: z
      .string()
      .max(40)
      .refine((s) => !Number.isNaN(Date.parse(s)), 'an ISO 8601 instant')
      .optional()
      .openapi({
        example: '2026-10-01T00:00:00Z',
        description: 'only targets whose first failure is at or before this instant (not with age)',
      }),
    broken: z
      .enum(['true', 'false'])
      .optional()
      .openapi({ description: 'true: only targets past the window (`broken`); by default `failing` too' }),
    format: z
      .enum(['json', 'csv'])
      .optional()
      .openapi({ description: 'json or csv (with a UTF-8 BOM); by default by Accept (text/csv), else json' }),
    limit: z
      .string()
      .regex(/^[1-9]\d{0,4}$/, `a whole number from 1 to ${MAX_REPORT_LIMIT}`)
      .refine((s) => Number(s) <= MAX_REPORT_LIMIT, `at most ${MAX_REPORT_LIMIT}`)
      .optional()
      .openapi({ example: '1000', description: `at most this many targets (1 to ${MAX_REPORT_LIMIT}, the default)` }),
    cursor: z
      .string()
      .max(12_000)
      .regex(/^[A-Za-z0-9_-]+$/, 'a cursor this report gave (`next`)')
      .refine((c) => cursorTarget(c) !== null, 'a cursor this report gave (`next`)')
      .optional()
      .openapi({ description: 'the `next` of the previous page' }),
  })
  .superRefine((q, ctx) => {
    if (q.age !== undefined && Number(q.age) > 36_500)
      ctx.addIssue({ code: 'custom', path: ['age'], message: 'at most 36500 days' });
    if (q.age !== undefined && q.since !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['since'], message: 'give age or since, not both' });
    }
  });

type ReportQuery = z.infer<typeof ReportQuery>;

/** A page's cursor: the last target of the page (before a non-administrator's narrowing), base64url. */
const cursorOf = (target: string): string => Buffer.from(`t:${target}`, 'utf8').toString('base64url');

/** The target a cursor names, or null when it is not one `cursorOf` made. */
function cursorTarget(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.startsWith('t:') && text.length > 2 && cursorOf(text.slice(2)) === cursor ? text.slice(2) : null;
}

const ReportEntry = z
  .object({
    target: z.string(),
    identifiers: z.array(z.string()),
    owners: z.array(z.string()),
    state: z.enum(['failing', 'broken']),
    class: z.enum(LINK_CLASSES).nullable(),
    status: z.number().int().nullable(),
    failures: z.number().int(),
    firstFailure: z.string().nullable(),
    lastFailure: z.string().nullable(),
    lastChecked: z.string().nullable(),
    brokenSince: z.string().nullable(),
  })
  .openapi('LinkReportEntry');

const ReportPage = z
  .object({
    items: z.array(ReportEntry),
    next: z.string().nullable().openapi({
      description: 'pass as `cursor` for the next page; null on the last (also a `Link: rel="next"` header)',
    }),
  })
  .openapi('LinkReport');

/** The report's rows the principal may see: every row for an administrator's token, else its viewable identifiers'. */
function visible(token: VerifiedToken, p: Principal, rows: LinkReportRow[]): LinkReportRow[] {
  if (isAdmin(token) && p.role === 'admin') return rows;
  const out: LinkReportRow[] = [];
  for (const row of rows) {
    // A report names live public identifiers only (store.links.report), so the group does not decide.
    const identifiers = row.identifiers.filter((i) =>
      mayView(p, { key: i.key, owner: i.owner, ownerGroup: null, identifierStatus: 'public' }),
    );
    if (identifiers.length > 0) out.push({ ...row, identifiers });
  }
  return out;
}

function filterOf(q: ReportQuery, limit: number): LinkReportFilter {
  const since =
    q.since !== undefined
      ? new Date(Date.parse(q.since)).toISOString()
      : q.age !== undefined
        ? new Date(Date.now() - Number(q.age) * DAY_MS).toISOString()
        : undefined;
  return {
    ...(q.broken === 'true' ? { broken: true } : {}),
    ...(q.owner !== undefined ? { owner: q.owner } : {}),
    ...(q.shoulder !== undefined ? { prefix: q.shoulder } : {}),
    ...(q.class !== undefined ? { class: q.class } : {}),
    ...(since !== undefined ? { failingSince: since } : {}),
    ...(q.cursor !== undefined ? { after: cursorTarget(q.cursor) as string } : {}),
    limit,
  };
}

export function linkReportRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  app.use('/api/v1/reports/*', metricsLabel('admin'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/reports/links',
      summary: 'The link report: targets whose last check failed, with their identifiers (JSON, or CSV for Excel)',
      description:
        "The rows of `pidgate links report`. An administrator's token sees every identifier, any other token those it may view (within its scopes). CSV (RFC 4180, CRLF) starts with a UTF-8 byte order mark and is never zipped.",
      ...adminRoute,
      middleware: requireToken(deps),
      request: { query: ReportQuery },
      responses: {
        ...adminResponses,
        200: {
          description: 'The report, sorted by target',
          content: {
            'application/json': { schema: ReportPage },
            'text/csv': { schema: z.string().openapi({ description: 'A header row, then one row per target' }) },
          },
        },
        400: problemAnswer('A bad query (`invalid-report-query`)'),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const limit = q.limit === undefined ? MAX_REPORT_LIMIT : Number(q.limit);
      // One more than asked: whether the report was cut short.
      const report = await c.var.store.links.report(filterOf(q, limit + 1));
      if (!report.ok) return storeProblem(c, report.error);
      const page = report.value.slice(0, limit);
      const last = page[page.length - 1];
      const next = report.value.length > limit && last ? cursorOf(last.target) : null;
      const rows = visible(c.var.token, c.var.principal, page);
      if (next !== null) {
        const url = new URL(c.req.url);
        url.searchParams.set('cursor', next);
        // Relative to the request's own URL, so it holds behind a proxy that adds a path prefix.
        c.header('link', `<${url.search}>; rel="next"`);
      }
      const csv =
        q.format === 'csv' ||
        (q.format === undefined && negotiate(c.req.header('accept'), ['application/json', 'text/csv']) === 'text/csv');
      c.header('cache-control', 'no-store');
      c.header('vary', 'Accept');
      if (csv) {
        return c.body(formatReport(rows, 'csv', { bom: true }), 200, {
          'content-type': 'text/csv; charset=utf-8; header=present',
          'content-disposition': 'attachment; filename="pidgate-links.csv"',
        });
      }
      const items = rows.map(reportEntry) as z.infer<typeof ReportEntry>[];
      return c.json({ items, next }, 200);
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
