import type { AppDeps } from '../deps.ts';
import type { HtmlViews } from '../http/index.ts';
import { renderFallbackPage } from './fallback.tsx';
import { renderListPage } from './list.tsx';
import { renderHtml } from './render.ts';
import { homePage } from './routes.tsx';

/** The pages the edge answers browsers with (`HtmlViews` of http/), rendered here. */
export function webViews(deps: AppDeps): HtmlViews {
  return {
    metadataPage: (record, base) => renderHtml(record, base),
    listPage: (outcome, query, base) => renderListPage(outcome, query, base),
    homePage: () => homePage(deps),
    fallbackPage: (answer, identifier, base) => renderFallbackPage(answer, identifier, base),
  };
}
