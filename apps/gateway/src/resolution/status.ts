import type { Binding } from '@pidgate/store';
import type { Outcome, StoredRecord } from './resolvers/types.ts';

/**
 * How resolution treats an identifier's status (EZID's model, for every binding; see docs/ezid.md):
 * a `reserved` binding is known to its owner only, so the public gets 404 (and no discovery: the name is
 * taken here); an `unavailable` one answers 410 Gone with the reason and its record. Both hold for the
 * identifier and everything below it (suffix passthrough stops there). Null when the binding is public.
 */
export function statusOutcome(
  b: Binding,
  normalized: string,
  exact: boolean,
  record: StoredRecord,
  trace: string[],
): Outcome | null {
  if (b.identifierStatus === 'reserved') {
    trace.push(`bindings: ${b.key} is reserved`);
    return { kind: 'not-found', how: 'bindings', code: 'not-found', detail: `${normalized} is not bound`, trace };
  }
  if (b.identifierStatus === 'unavailable') {
    const reason = b.statusReason ?? '';
    trace.push(`bindings: ${b.key} is unavailable${reason ? ` (${reason})` : ''}`);
    const what = exact ? normalized : `${b.key}, which contains ${normalized},`;
    return {
      kind: 'gone',
      how: 'bindings',
      code: 'unavailable',
      detail: `${what} is unavailable${reason ? `: ${reason}` : ''}`,
      record,
      trace,
    };
  }
  return null;
}

/**
 * What `?info` shows of a binding beyond its ERC record, as EZID's public view of an identifier does: its
 * status (and reason), owner, and the Dublin Core, DataCite and other metadata, as JSON.
 */
export function ezidAbout(b: Binding): Record<string, unknown> {
  return {
    identifierStatus: b.identifierStatus,
    ...(b.statusReason ? { statusReason: b.statusReason } : {}),
    ...(b.owner ? { owner: b.owner } : {}),
    ...(Object.keys(b.metadata).length > 0 ? { metadata: b.metadata } : {}),
  };
}
