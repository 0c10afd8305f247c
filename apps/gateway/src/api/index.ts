// api/: the public batch API under /api/v1 (parse, normalize, compare, resolve lists of identifiers).
export { apiRoutes } from './routes.ts';
export { NormalizeBody } from './schemas.ts';
