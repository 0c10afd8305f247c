import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMiddleware } from 'hono/factory';

/** Hono environment of the gateway: node bindings (when served) and per-request labels for metrics. */
export interface GatewayEnv {
  Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse };
  Variables: {
    /** The identifier scheme the request was about, or `api`/`service`. */
    scheme: string;
    /** A short outcome label: redirect, metadata, ok, not_found, bad_request, restricted, upstream_error, error. */
    outcome: string;
  };
}

/** Middleware that labels the request's metrics and log line (`scheme`) for a family of routes. */
export function metricsLabel(label: 'admin' | 'api' | 'service') {
  return createMiddleware<GatewayEnv>(async (c, next) => {
    c.set('scheme', label);
    await next();
  });
}
