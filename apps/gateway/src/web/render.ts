import { html } from 'hono/html';
import { oneLine, type Problem } from '../http/index.ts';
import type { MetadataRecord } from '../resolution/index.ts';
import { renderMetadataPage } from './info.tsx';
import { renderPage } from './layout.tsx';

/**
 * The metadata record as an HTML page for browsers, in the layout of the gateway's pages (everything
 * escaped by JSX; no script). `base` is the path of the gateway's root as the browser sees it.
 */
export function renderHtml(record: MetadataRecord, base = '/'): string {
  return renderMetadataPage(record, base);
}

/**
 * A problem document as an HTML page in the site layout, for browsers (a dead, deleted or mistyped link):
 * the title, the detail, the code, and for a deleted identifier its record. Everything escaped.
 */
export function renderProblemHtml(p: Problem, base = '/'): string {
  const identifier = typeof p['identifier'] === 'string' ? p['identifier'] : null;
  const erc = p['erc'] && typeof p['erc'] === 'object' ? (p['erc'] as Record<string, unknown>) : null;
  const rows = erc
    ? Object.entries(erc).map(([k, v]) => html`<tr><th scope="row">${k}</th><td>${oneLine(v)}</td></tr>`)
    : [];
  const body = html`<p class="problem-detail">${p.detail ?? ''}</p>
    ${identifier === null ? '' : html`<p>Identifier: <code>${identifier}</code></p>`}
    ${rows.length > 0 ? html`<table class="erc">${rows}</table>` : ''}
    <p>Status ${String(p.status)}${p.code ? html`, code <a href="${p.type}"><code class="error-code">${p.code}</code></a>` : ''}.
      <a href="${base}">Resolve another identifier</a>.</p>`;
  return renderPage({ title: `${p.status} ${p.title}`, base }, body);
}
