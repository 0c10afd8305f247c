import { type AnvlElement, type ErcValueInput, formatThump, serializeAnvl } from '@pidgate/erc';
import type { MetadataRecord } from './metadata.ts';
import type { Story } from './resolvers/types.ts';

/** A Story value as an ERC value: `(:code) text` stays a missing-value code (§7.5), anything else is data. */
function ercValue(v: string): ErcValueInput {
  const m = /^\(:([a-z]+)\)\s*(.*)$/s.exec(v);
  return m ? { code: m[1] as string, data: m[2] as string } : v;
}

function storyObject(story: Story): Record<string, ErcValueInput> {
  return {
    who: ercValue(story.who),
    what: ercValue(story.what),
    when: ercValue(story.when),
    where: ercValue(story.where),
  };
}

/** One line, whatever the value: line breaks and tabs become spaces. */
function oneLine(value: unknown): string {
  const s = typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
  return s.replace(/[\r\n\t]+/g, ' ');
}

function flatten(prefix: string, value: unknown, out: AnvlElement[]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}-${k}` : k, v, out);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) out.push({ label: prefix, value: oneLine(v) });
    return;
  }
  out.push({ label: prefix, value: oneLine(value) });
}

function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * The THUMP text/plain answer (ARK §6, through @pidgate/erc): the record-set header, then the ERC
 * (`erc:`, and `erc-support:` for `??` and `?info`); for `?info` a further ANVL record with what
 * pidgate knows (scheme, normalized form, components, resolution and how it was found).
 */
export function renderThump(record: MetadataRecord, requestUrl: string, setWho = 'pidgate', now = new Date()): string {
  const erc = { ...storyObject(record.erc), ...(record.support ? { support: storyObject(record.support) } : {}) };
  const text = formatThump({
    inflection: record.inflection === '?' ? '?' : '??',
    set: { who: setWho, what: record.identifier + record.inflection, when: yyyymmdd(now), where: requestUrl },
    records: [erc],
  });
  if (record.inflection !== '?info') return text;
  const about: AnvlElement[] = [];
  flatten('', { identifier: record.identifier, scheme: record.scheme, normalized: record.normalized }, about);
  if (record.profile) about.push({ label: 'profile', value: record.profile });
  flatten('component', record.components ?? {}, about);
  flatten('resolution', record.resolution, about);
  const more = serializeAnvl([{ elements: about.filter((e) => e.value !== '') }]);
  return `${text.endsWith('\n') ? text : `${text}\n`}\n${more}`;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

function rows(title: string, value: object): string {
  const cells = Object.entries(value)
    .map(([k, v]) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      const cell =
        typeof v === 'string' && /^https?:\/\//.test(v)
          ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>`
          : escapeHtml(text ?? '');
      return `<tr><th>${escapeHtml(k)}</th><td>${cell}</td></tr>`;
    })
    .join('');
  return `<h2>${escapeHtml(title)}</h2><table>${cells}</table>`;
}

/** The metadata record as a small HTML page for browsers (everything escaped). */
export function renderHtml(record: MetadataRecord): string {
  const parts = [rows('Citation (erc)', record.erc)];
  if (record.support) parts.push(rows('Commitment (erc-support)', record.support));
  parts.push(
    rows('Identifier', {
      scheme: record.scheme,
      normalized: record.normalized,
      ...(record.profile ? { profile: record.profile } : {}),
    }),
  );
  if (record.components) parts.push(rows('Components', record.components));
  parts.push(rows('Resolution', record.resolution));
  const title = escapeHtml(record.identifier + record.inflection);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem;vertical-align:top}td{word-break:break-all}</style></head><body><h1>${title}</h1>${parts.join('')}</body></html>`;
}
