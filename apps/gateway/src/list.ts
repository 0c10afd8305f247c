import type { Context } from 'hono';
import { negotiate } from './negotiate.ts';
import { problem, problemResponse } from './problem.ts';
import { escapeHtml } from './render.ts';
import type { Outcome } from './resolvers/types.ts';

/** The media types the answer to a query (a PDI with wildcards) comes in; JSON first. */
export const LIST_TYPES = ['application/json', 'text/html', 'text/uri-list'] as const;

type ListOutcome = Extract<Outcome, { kind: 'list' }>;

function html(outcome: ListOutcome, query: string, base: string): string {
  const rows = outcome.items
    .map(
      (i) =>
        `<tr><td><a href="${escapeHtml(base + i.identifier)}">${escapeHtml(i.identifier)}</a></td><td><a href="${escapeHtml(i.target)}">${escapeHtml(i.target)}</a></td><td>${escapeHtml(i.createdAt)}</td></tr>`,
    )
    .join('');
  const more = outcome.truncated ? '<p>More identifiers match than are listed here: narrow the query.</p>' : '';
  const title = escapeHtml(query);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}th,td{text-align:left;padding-right:1rem}td{word-break:break-all}</style></head><body><h1>${title}</h1><p>${outcome.items.length} matching identifiers.</p><table><tr><th>identifier</th><th>target</th><th>bound</th></tr>${rows}</table>${more}</body></html>`;
}

/**
 * 200 with the identifiers a query names: JSON (default), HTML or text/uri-list, by `Accept`. `base` is the
 * path of the gateway's root as the browser sees it (the HTML links each identifier below it).
 */
export function listResponse(c: Context, outcome: ListOutcome, query: string, base = '/'): Response {
  const type = negotiate(c.req.header('accept'), LIST_TYPES);
  const vary = { vary: 'Accept' };
  if (type === null) {
    return problemResponse(problem(406, 'not-acceptable', `a query's answer comes as ${LIST_TYPES.join(', ')}`), vary);
  }
  if (type === 'text/html') {
    return new Response(html(outcome, query, base), {
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
