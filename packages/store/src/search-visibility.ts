import type { Principal } from './accounts.ts';
import type { SearchVisibility } from './search.ts';

/**
 * What a principal may find with `searchBindings`: the ownership rule's `mayView` (ownership.ts) as a
 * filter. An administrator sees everything; anyone else every identifier that is not reserved, and the
 * reserved ones it owns, those of the users who named it co-owner, and those of its groups. A token's
 * scopes are not part of it: a search on behalf of a scoped token must also filter by scope.
 */
export function searchVisibilityOf(p: Principal): SearchVisibility {
  if (p.role === 'admin') return { all: true };
  return { owners: [...new Set([p.username, ...p.coOwnerOf])], groups: [...new Set(p.groups)] };
}
