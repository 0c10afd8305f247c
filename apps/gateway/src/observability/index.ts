// observability/: metrics (Prometheus text) and the request log.
export { createLogger, type RequestLogger } from './log.ts';
export { Metrics, outcomeOf, STORAGE_ERROR } from './metrics.ts';
