import { type DefinedScheme, defineScheme, type Identifier, type PidError, type Result } from '@pidgate/core';
import { PDI_ERROR_CODES, type PdiErrorCode } from './codes.ts';
import type { PdiComponents } from './components.ts';
import { formatPdi } from './format.ts';
import { normalizedForm, normalizePdi } from './normalize.ts';
import { parseScan, recordFailed } from './parse.ts';
import { newScan } from './scan.ts';

export type PdiIdentifier = Identifier<PdiComponents, 'pdi'>;

/** `urn:pdi:` or `pdi:`, any case: a cheap look at the label. */
function recognize(input: string): boolean {
  const head = input.slice(0, 8).toLowerCase();
  return head.startsWith('pdi:') || head === 'urn:pdi:';
}

/** The record of the parts, scanned once (per call: nothing is shared between parses). */
function parseComponents(input: string): Result<PdiComponents, PidError<PdiErrorCode>> {
  const components = parseScan(newScan(input, 0, true));
  return recordFailed(components) ? components : { ok: true, value: components };
}

/**
 * Persistent Document Identifiers (draft-mallery-urn-pdi-00). Asked before generic URNs: `urn:pdi://…`
 * is not RFC 8141 syntax, and its fragment is part of its identity. One draft, so both profiles agree.
 */
export const pdiScheme: DefinedScheme<PdiComponents, 'pdi', PdiErrorCode> = defineScheme({
  name: 'pdi',
  priority: 30,
  errorCodes: PDI_ERROR_CODES,
  recognize,
  parse: parseComponents,
  normalize: (c: PdiComponents) => normalizePdi(c),
  format: (c: PdiComponents) => formatPdi(c),
  // the scan builds the normalized form as it reads
  identify(input, profile = 'source') {
    const st = newScan(input, 0, true);
    const components = parseScan(st);
    if (recordFailed(components)) return components;
    return { ok: true, value: { scheme: 'pdi', input, profile, normalized: normalizedForm(st), components } };
  },
  route: { labels: ['pdi:', 'urn:pdi:'] },
  docs: {
    title: 'PDI, Persistent Document Identifier',
    specification: 'draft-mallery-urn-pdi-00',
    page: 'docs/specs/pdi.md',
    example: 'urn:pdi://oma.eop.gov.us/1999/01/05/9.text.1',
  },
});
