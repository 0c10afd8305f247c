import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { bearerAuth } from 'hono/bearer-auth';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps.ts';
import { type GatewayEnv, metricsLabel } from './env.ts';
import { negotiate } from './negotiate.ts';
import { problemAnswer } from './openapi-schemas.ts';
import { publicBase } from './origin.ts';
import { problem, problemJson, problemResponse } from './problem.ts';
import type { HtmlViews } from './views.ts';

const ServiceInfo = z
  .object({
    service: z.string(),
    version: z.string(),
    schemes: z.array(z.string()),
    resolver: z.string(),
    endpoints: z.record(z.string(), z.string()),
  })
  .openapi('ServiceInfo');

const NaanTableInfo = z
  .object({
    file: z.string(),
    origin: z.enum(['embedded', 'data-dir', 'configured']),
    format: z.string(),
    naans: z.number().int(),
    records: z.number().int(),
    date: z.string().describe("The table's own date (the registry export's `updated`), else its file's mtime"),
    loadedAt: z.string(),
  })
  .openapi('NaanTableInfo');

const Health = z
  .object({ status: z.literal('ok'), naanTableLoadedAt: z.string(), naanTable: NaanTableInfo })
  .openapi('Health');

const ReloadReport = NaanTableInfo.openapi('ReloadReport');

/** `/` (a description of the service), `/healthz`, `/metrics`, `/.well-known/ark` and the admin reload. */
export function serviceRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps, views: Pick<HtmlViews, 'homePage'>): void {
  app.use('/healthz', metricsLabel('service'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'What this gateway is and how to use it',
      responses: {
        200: {
          description: 'Service description (JSON), or the home page for browsers (HTML)',
          content: { 'application/json': { schema: ServiceInfo }, 'text/html': { schema: z.string() } },
        },
      },
    }),
    (c) => {
      c.set('scheme', 'service');
      const base = publicBase(c, deps.config);
      const info = {
        service: 'pidgate',
        version: '0.1.0',
        schemes: deps.registry.schemes.map((s) => s.name),
        resolver: base,
        endpoints: {
          resolve: `${base}{identifier}`,
          describe: `${base}{identifier}? | ?? | ?info`,
          parse: `${base}api/v1/parse?id={identifier}`,
          normalize: `${base}api/v1/normalize`,
          compare: `${base}api/v1/compare`,
          resolveBatch: `${base}api/v1/resolve`,
          health: `${base}healthz`,
          metrics: `${base}metrics`,
          openapi: `${base}openapi.json`,
          reference: `${base}docs/api`,
        },
      };
      if (negotiate(c.req.header('accept'), ['application/json', 'text/html']) === 'text/html') {
        c.header('vary', 'Accept');
        return c.html(views.homePage(), 200);
      }
      c.header('vary', 'Accept');
      return c.json(info, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      summary: 'Liveness',
      responses: { 200: { description: 'The gateway answers', content: { 'application/json': { schema: Health } } } },
    }),
    (c) => c.json({ status: 'ok' as const, naanTableLoadedAt: deps.naan.loadedAt, naanTable: deps.naan.info }, 200),
  );

  app.get('/metrics', async (c) => {
    c.set('scheme', 'service');
    return c.body(await deps.metrics.collect(), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
  });

  // Today's ARK spec: a resolver tells where its ARK endpoint is. Like N2T, answer the base URL.
  app.get('/.well-known/ark', (c) => {
    c.set('scheme', 'service');
    const base = publicBase(c, deps.config);
    const link = `<${base}ark:>; rel="ark-resolver"`;
    c.header('vary', 'Accept');
    c.header('link', link);
    if (negotiate(c.req.header('accept'), ['text/plain', 'application/json']) === 'application/json') {
      return c.json({ resolver: base, ark: `${base}ark:`, inflections: ['?', '??', '?info'] });
    }
    return c.text(`${base}\n`);
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/admin/reload',
      summary: 'Reload the NAAN table (also on SIGHUP); needs the `admin.token` of the configuration',
      security: [{ adminToken: [] }],
      middleware: adminToken(deps.config.admin.token),
      responses: {
        200: { description: 'Reloaded', content: { 'application/json': { schema: ReloadReport } } },
        401: problemAnswer('No `Authorization: Bearer <admin.token>`'),
        404: problemAnswer('No `admin.token` is configured (`admin-disabled`)'),
        503: problemAnswer('The NAAN table could not be reloaded; the old one stays'),
      },
    }),
    async (c) => {
      try {
        const report = await deps.reload();
        deps.logger.event('reload', { ...report });
        return c.json(report, 200);
      } catch (e) {
        // A 503 that is not the store's (see outcomeOf in metrics.ts).
        c.set('outcome', 'error');
        return problemJson(
          c,
          problem(
            503,
            'reload-failed',
            `the NAAN table could not be reloaded; the old one stays: ${(e as Error).message}`,
          ),
        );
      }
    },
  );
}

/**
 * The reload's gate: 404 `admin-disabled` without an `admin.token`; else `Authorization: Bearer <admin.token>`
 * (hono's bearer-auth, compared in constant time), 401 `unauthorized` with the challenge otherwise.
 */
function adminToken(token: string | null) {
  const refused = () =>
    problemResponse(problem(401, 'unauthorized', 'a valid bearer token is needed'), {
      'www-authenticate': 'Bearer realm="pidgate"',
    });
  const bearer = token
    ? bearerAuth<GatewayEnv>({
        token,
        realm: 'pidgate',
        noAuthenticationHeader: { message: refused },
        invalidAuthenticationHeader: { message: refused },
        invalidToken: { message: refused },
      })
    : null;
  return createMiddleware<GatewayEnv>(async (c, next) => {
    c.set('scheme', 'admin');
    if (!bearer) return problemJson(c, problem(404, 'admin-disabled', 'no admin token is configured'));
    return bearer(c, next);
  });
}
