import type { Binding, Principal } from '@pidgate/store';
import type { DownloadRequest } from './request.ts';

/**
 * EZID's search constraints (`download._satisfiesConstraints`), ANDed; a repeated one ORed. Without
 * `owner` or `ownergroup` the requester's own identifiers are selected ("if none are specified, the
 * identifiers directly owned by the requestor are returned"). Deleted identifiers are never selected.
 *
 * Where pidgate has no such notion the constraint is answered as EZID would for an identifier without it:
 * nothing is registered with Crossref or DataCite here (`crossref=yes`/`datacite=yes` select nothing), and
 * test identifiers are those under EZID's test shoulders (`ark:/99999/fk4`, `doi:10.5072/FK2`).
 */
export function matches(r: DownloadRequest, requester: Principal, b: Binding): boolean {
  if (b.tombstoned) return false;
  if (r.owners.length === 0 && r.ownergroups.length === 0) {
    if (b.owner !== requester.username) return false;
  } else if (!(b.owner !== null && r.owners.includes(b.owner))) {
    if (b.ownerGroup === null || !r.ownergroups.includes(b.ownerGroup)) return false;
  }
  const created = seconds(b.createdAt);
  const updated = seconds(b.updatedAt);
  if (r.createdAfter !== undefined && created < r.createdAfter) return false;
  if (r.createdBefore !== undefined && created >= r.createdBefore) return false;
  if (r.updatedAfter !== undefined && updated < r.updatedAfter) return false;
  if (r.updatedBefore !== undefined && updated >= r.updatedBefore) return false;
  if (r.crossref === true || r.datacite === true) return false;
  if (r.exported !== undefined && (b.metadata['_export'] !== 'no') !== r.exported) return false;
  if (r.permanence !== undefined && isTest(b.key) !== (r.permanence === 'test')) return false;
  if (r.profiles.length > 0 && !r.profiles.includes(b.metadata['_profile'] ?? 'erc')) return false;
  if (r.statuses.length > 0 && !r.statuses.includes(b.identifierStatus)) return false;
  if (r.types.length > 0 && !r.types.some((t) => b.key.startsWith(`${t}:`))) return false;
  return true;
}

const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** EZID's test shoulders: identifiers under them are test identifiers (`permanence=test`). */
export const TEST_SHOULDERS = ['ark:/99999/fk4', 'doi:10.5072/fk2'] as const;

export function isTest(key: string): boolean {
  const k = key.toLowerCase();
  return TEST_SHOULDERS.some((s) => k.startsWith(s));
}
