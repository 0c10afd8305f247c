import type { Context } from 'hono';
import type { ListOutcome } from '../resolution/index.ts';
import { negotiate } from './negotiate.ts';
import { problem, problemResponse } from './problem.ts';
import type { HtmlViews } from './views.ts';

/** The media types the answer to a query (a PDI with wildcards) comes in; JSON first. */
export const LIST_TYPES = ['application/json', 'text/html', 'text/uri-list'] as const;

/**
 * 200 with the identifiers a query names: JSON (default), HTML or text/uri-list, by `Accept`. `base` is the
 * path of the gateway's root as the browser sees it (the HTML links each identifier below it).
 */
export function listResponse(
  c: Context,
  outcome: ListOutcome,
  query: string,
  base: string,
  views: Pick<HtmlViews, 'listPage'>,
): Response {
  const type = negotiate(c.req.header('accept'), LIST_TYPES);
  const vary = { vary: 'Accept' };
  if (type === null) {
    return problemResponse(problem(406, 'not-acceptable', `a query's answer comes as ${LIST_TYPES.join(', ')}`), vary);
  }
  if (type === 'text/html') {
    return new Response(views.listPage(outcome, query, base), {
      headers: { 'content-type': 'text/html; charset=utf-8', ...vary },
    });
  }
  if (type === 'text/uri-list') {
    const text = outcome.items.map((i) => `${i.identifier}\r\n`).join('');
    return new Response(text, { headers: { 'content-type': 'text/uri-list; charset=utf-8', ...vary } });
  }
  const body = { query, count: outcome.items.length, truncated: outcome.truncated, items: outcome.items };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...vary } });
}
