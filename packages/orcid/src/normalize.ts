import type { SchemeOptions } from '@pidgate/core';
import type { OrcidComponents } from './parse.ts';

/**
 * The canonical spelling and equivalence key: `https://orcid.org/` and the iD in four hyphenated groups,
 * the check character "X" in upper case — the form ORCID asks every display of an iD to use.
 */
export function normalizeOrcid(c: Pick<OrcidComponents, 'digits'>, _options?: SchemeOptions): string {
  const d = c.digits.toUpperCase();
  return `https://orcid.org/${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8, 12)}-${d.slice(12, 16)}`;
}
