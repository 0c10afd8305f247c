/**
 * An identifier's history as people read it: for each change (the store's audit table, `store.history`),
 * who made it, when, and each field that changed with its value before and after. Pure functions.
 */
import type { Binding, HistoryEntry } from '@pidgate/store';

export interface FieldChange {
  /** The field as the console names it: `target`, `status`, `erc.who`, `dc.title`, … */
  readonly field: string;
  /** The value before, or null when the field was not set. */
  readonly before: string | null;
  readonly after: string | null;
}

export interface ChangeView {
  readonly id: number;
  readonly at: string;
  readonly actor: string;
  readonly action: HistoryEntry['action'];
  readonly changes: readonly FieldChange[];
}

const text = (v: string | readonly string[] | undefined | null): string | null =>
  v === undefined || v === null ? null : typeof v === 'string' ? v : v.join(' ; ');

/** The fields a binding shows, by console name, in a fixed order (ERC and metadata elements by name). */
function fields(b: Binding | null): Map<string, string | null> {
  const m = new Map<string, string | null>();
  if (b === null) return m;
  m.set('target', b.target);
  m.set('status', b.identifierStatus);
  m.set('reason', b.statusReason);
  m.set('redirect', String(b.status));
  m.set('owner', b.owner);
  m.set('group', b.ownerGroup ?? null);
  for (const k of Object.keys(b.erc).sort()) m.set(`erc.${k}`, text(b.erc[k]));
  for (const k of Object.keys(b.metadata).sort()) m.set(k, text(b.metadata[k]));
  for (const k of Object.keys(b.support ?? {}).sort()) m.set(`support.${k}`, text(b.support?.[k]));
  if (b.tombstoned) m.set('deleted', b.deletedAt ?? 'yes');
  return m;
}

/** The fields that differ between two versions (a create: every field set; a delete: `deleted`). */
export function diffBindings(before: Binding | null, after: Binding): FieldChange[] {
  const a = fields(before);
  const b = fields(after);
  const names = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
  const out: FieldChange[] = [];
  for (const field of names) {
    const x = a.get(field) ?? null;
    const y = b.get(field) ?? null;
    if (x !== y) out.push({ field, before: x, after: y });
  }
  return out;
}

/** The history, newest first, each change with its field differences. */
export function historyView(entries: readonly HistoryEntry[]): ChangeView[] {
  return [...entries]
    .reverse()
    .map((e) => ({ id: e.id, at: e.at, actor: e.actor, action: e.action, changes: diffBindings(e.before, e.after) }));
}
