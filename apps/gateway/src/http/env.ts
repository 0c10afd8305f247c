import type { IncomingMessage, ServerResponse } from 'node:http';

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
