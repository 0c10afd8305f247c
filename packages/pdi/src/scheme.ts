import type { Identifier, Profile, Result, Scheme } from '@pidgate/core';
import { PDI_ERROR_CODES } from './codes.ts';
import type { PdiComponents } from './components.ts';
import { formatPdi } from './format.ts';
import { type Found, parseFound, recordFailed } from './parse.ts';

export type PdiIdentifier = Identifier<PdiComponents>;

/** The normalized form parsing builds, reused from call to call (parsing is synchronous). */
const found: Found = { normalized: '' };

/** `urn:pdi:` or `pdi:`, any case: a cheap look at the label. */
function recognize(input: string): boolean {
  const head = input.slice(0, 8).toLowerCase();
  return head.startsWith('pdi:') || head === 'urn:pdi:';
}

/**
 * Persistent Document Identifiers (draft-mallery-urn-pdi-00). Asked before generic URNs: `urn:pdi://…`
 * is not RFC 8141 syntax, and its fragment is part of its identity. One draft, so both profiles agree.
 */
export const pdiScheme: Scheme<PdiComponents> = {
  name: 'pdi',
  priority: 30,
  errorCodes: PDI_ERROR_CODES,
  recognize,
  parse(input: string, profile: Profile = 'source'): Result<PdiIdentifier> {
    const components = parseFound(input, found);
    if (recordFailed(components)) return components;
    const normalized = found.normalized;
    found.normalized = '';
    return { ok: true, value: { scheme: 'pdi', input, profile, normalized, components } };
  },
  format(components: PdiComponents): string {
    return formatPdi(components);
  },
};
