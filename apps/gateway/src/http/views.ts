import type { FallbackAnswer, ListOutcome, MetadataRecord } from '../resolution/index.ts';

/**
 * The HTML pages the edge answers browsers with. `web/` renders them (`webViews`), and the app hands them to
 * the routes here: the pages import the edge (problem documents, negotiation, the pipeline), so the edge
 * takes them as a parameter instead of importing them, and imports run one way.
 */
export interface HtmlViews {
  /** `?`, `??` or `?info` asked by a browser: the metadata record as a page. */
  metadataPage(record: MetadataRecord, base: string): string;
  /** The answer to a query (a PDI with wildcards) as a page linking each identifier below `base`. */
  listPage(outcome: ListOutcome, query: string, base: string): string;
  /** `/` asked by a browser. */
  homePage(): string;
  /** The web-archive fallback of an identifier whose target is broken (resolution/fallback.ts), for a browser. */
  fallbackPage(answer: FallbackAnswer, identifier: string, base: string): string;
}
