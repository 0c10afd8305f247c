import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { DOI_ERROR_CODES, type DoiErrorCode } from './codes.ts';
import { formatDoi } from './format.ts';
import { normalizeDoi } from './normalize.ts';
import { type DoiComponents, doiLabel, parseDoi } from './parse.ts';

export type DoiIdentifier = Identifier<DoiComponents, 'doi'>;

/**
 * DOIs (ISO 26324, DOI Handbook). Asked before Handles (a handle in the `10.` directory is a DOI), before
 * ARK (a doi.org URL is never an ARK's URL prefix) and before generic URNs (`urn:doi:`).
 */
export const doiScheme: Scheme<DoiComponents, 'doi', DoiErrorCode> = {
  name: 'doi',
  priority: 6,
  errorCodes: DOI_ERROR_CODES,
  recognize(input: string): boolean {
    return doiLabel(input) !== null;
  },
  parse(input: string, profile: Profile = 'source'): Result<DoiIdentifier, PidError<DoiErrorCode>> {
    const parsed = parseDoi(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return { ok: true, value: { scheme: 'doi', input, profile, normalized: normalizeDoi(components), components } };
  },
  format(components: DoiComponents): string {
    return formatDoi(components);
  },
};
