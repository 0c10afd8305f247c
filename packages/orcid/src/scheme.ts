import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { ORCID_ERROR_CODES, type OrcidErrorCode } from './codes.ts';
import { formatOrcid } from './format.ts';
import { normalizeOrcid } from './normalize.ts';
import { type OrcidComponents, orcidLabel, parseOrcid } from './parse.ts';

export type OrcidIdentifier = Identifier<OrcidComponents, 'orcid'>;

/** ORCID iDs: orcid.org URLs, `orcid:` and bare iDs (with or without hyphens), check character verified. */
export const orcidScheme: Scheme<OrcidComponents, 'orcid', OrcidErrorCode> = {
  name: 'orcid',
  priority: 11,
  errorCodes: ORCID_ERROR_CODES,
  recognize(input: string): boolean {
    return orcidLabel(input) !== null;
  },
  parse(input: string, profile: Profile = 'source'): Result<OrcidIdentifier, PidError<OrcidErrorCode>> {
    const parsed = parseOrcid(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return { ok: true, value: { scheme: 'orcid', input, profile, normalized: normalizeOrcid(components), components } };
  },
  format(components: OrcidComponents): string {
    return formatOrcid(components);
  },
};
