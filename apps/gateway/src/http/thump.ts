import { type AnvlElement, type ErcValueInput, formatThump, serializeAnvl } from '@pidgate/erc';
import type { MetadataRecord, Story } from '../resolution/index.ts';
import { anvlLabel } from './anvl-label.ts';

/** A Story value as an ERC value: `(:code) text` stays a missing-value code (§7.5), anything else is data. */
function ercValue(v: string): ErcValueInput {
  const m = /^\(:([a-z]+)\)\s*(.*)$/s.exec(v);
  return m ? { code: m[1] as string, data: m[2] as string } : v;
}

/** The story as an ERC object: the quartet first, then any other stored elements in their order. */
function storyObject(story: Story): Record<string, ErcValueInput | ErcValueInput[]> {
  const out: Record<string, ErcValueInput | ErcValueInput[]> = {};
  for (const key of ['who', 'what', 'when', 'where', ...Object.keys(story)]) {
    if (key in out || key === 'support' || key.startsWith('erc')) continue;
    const v = story[key];
    if (v === undefined) continue;
    out[key] = typeof v === 'string' ? ercValue(v) : v.map(ercValue);
  }
  return out;
}

/** One line, whatever the value: line breaks and tabs become spaces. */
export function oneLine(value: unknown): string {
  const s = typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
  return s.replace(/[\r\n\t]+/g, ' ');
}

function flatten(prefix: string, value: unknown, out: AnvlElement[]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}-${k}` : k, v, out);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) out.push({ label: anvlLabel(prefix), value: oneLine(v) });
    return;
  }
  // Names come from data (a stored metadata name, a component): encoded where ANVL cannot carry them.
  out.push({ label: anvlLabel(prefix), value: oneLine(value) });
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
  // The binding's version and dates, and the NAAN table's date, as JSON and HTML show them under `about`.
  const extra = record.about ?? {};
  if (extra['binding']) flatten('binding', extra['binding'], about);
  if (extra['naanTable']) flatten('naan-table', extra['naanTable'], about);
  if (extra['namespace']) flatten('namespace', extra['namespace'], about);
  // The link checker's view of the target, and a broken target's captures: `target-capture: PWID URL`.
  const health = record.targetHealth;
  if (health) {
    const { captures, archives, ...state } = health;
    flatten('target', state, about);
    for (const c of captures ?? []) about.push({ label: 'target-capture', value: `${c.pwid} ${c.url}` });
  }
  const more = serializeAnvl([{ elements: about.filter((e) => e.value !== '') }]);
  return `${text.endsWith('\n') ? text : `${text}\n`}\n${more}`;
}
