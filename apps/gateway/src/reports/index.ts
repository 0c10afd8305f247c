// reports/: reports over HTTP for administrators and owners (issue 25): the link report
// (`GET /api/v1/reports/links`), the usage statistics (`GET /api/v1/reports/resolutions`) and the link checker's Prometheus gauges on /metrics.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import type { GatewayEnv } from '../http/index.ts';
import { LinkGauges } from './gauges.ts';
import { linkReportRoutes } from './links-report.ts';
import { resolutionReportRoutes } from './resolutions-report.ts';

export { LinkGauges, linkGaugeLines } from './gauges.ts';
export { MAX_REPORT_LIMIT } from './links-report.ts';
export { MAX_RESOLUTION_ROWS } from './resolutions-report.ts';

/** The report routes, and (with a store) the link gauges added to `deps.metrics`. */
export function reportRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  linkReportRoutes(app, deps);
  resolutionReportRoutes(app, deps);
  if (deps.store) {
    const gauges = new LinkGauges(deps.store);
    deps.metrics.addCollector(() => gauges.render());
  }
}
