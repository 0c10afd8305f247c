// web/: the public pages (home, lookup, ?info, query lists, API reference) and their assets.

export { assetUrl } from './assets.ts';
export { renderPage } from './layout.tsx';
export { operationId, schemaId } from './reference.tsx';
export { renderProblemHtml } from './render.ts';
export { webRoutes } from './routes.tsx';
export { webViews } from './views.ts';
