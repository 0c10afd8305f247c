import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { PDI_ERROR_CODES, type PdiErrorCode } from './codes.ts';
import type { PdiComponents } from './components.ts';
import { formatPdi } from './format.ts';
import { normalizedForm } from './normalize.ts';
import { parseScan, recordFailed } from './parse.ts';
import { newScan } from './scan.ts';

export type PdiIdentifier = Identifier<PdiComponents, 'pdi'>;

/** `urn:pdi:` or `pdi:`, any case: a cheap look at the label. */
function recognize(input: string): boolean {
  const head = input.slice(0, 8).toLowerCase();
  return head.startsWith('pdi:') || head === 'urn:pdi:';
}

/**
 * Persistent Document Identifiers (draft-mallery-urn-pdi-00). Asked before generic URNs: `urn:pdi://…`
 * is not RFC 8141 syntax, and its fragment is part of its identity. One draft, so both profiles agree.
 */
export const pdiScheme: Scheme<PdiComponents, 'pdi', PdiErrorCode> = {
  name: 'pdi',
  priority: 30,
  errorCodes: PDI_ERROR_CODES,
  recognize,
  parse(input: string, profile: Profile = 'source'): Result<PdiIdentifier, PidError<PdiErrorCode>> {
    const st = newScan(input, 0, true); // per call: nothing is shared between parses
    const components = parseScan(st);
    if (recordFailed(components)) return components;
    return { ok: true, value: { scheme: 'pdi', input, profile, normalized: normalizedForm(st), components } };
  },
  format(components: PdiComponents): string {
    return formatPdi(components);
  },
};
