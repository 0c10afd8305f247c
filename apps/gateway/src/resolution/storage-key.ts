import { lowerEscapes } from '@pidgate/core';
import type { AnyIdentifier, SchemesRegistry } from '@pidgate/schemes';

/** Could `source` normalization put the `.` components of `written` in another order than `modern` keeps? */
function mayReorder(written: string): boolean {
  const dot = written.indexOf('.');
  if (dot === -1) return false;
  return written.indexOf('.', dot + 1) !== -1 || written.indexOf('/', dot) !== -1;
}

/**
 * The one key an ARK is stored under, whatever the profile the gateway runs with: today's normalization
 * (`modern`: hyphens dropped, structural characters tidied, suffixes kept in order, NAAN lowercased),
 * written with the `ark:/` label and `%`-escapes in lowercase hex. `ark:/12345/x` and `ark:12345/x` are one
 * key forever, and a database keeps working when the profile changes. An ARK `modern` refuses (a `source`-
 * only character such as `#`) keeps its `source` form. Other schemes: their normalized form.
 */
export function storageKey(id: AnyIdentifier, registry: SchemesRegistry): string {
  if (id.scheme !== 'ark') return id.normalized;
  let normalized = id.normalized;
  // `source` and `modern` normalize alike but for the order of `.` components (sorted suffixes, moved
  // period-left/slash-right parts): with at most one `.` and no `/` after it, the parse can be skipped.
  const c = id.components;
  if (id.profile !== 'modern' && mayReorder(`${c.name}${c.qualifier}`)) {
    const modern = registry.parse(`ark:/${c.naan}/${c.name}${c.qualifier}`, 'modern');
    if (modern.ok && modern.value.scheme === 'ark') normalized = modern.value.normalized;
  }
  const rest = normalized.startsWith('ark:/') ? normalized.slice(5) : normalized.slice(4);
  return `ark:/${lowerEscapes(rest)}`;
}
