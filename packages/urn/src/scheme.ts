import type { Identifier, Profile, Result, Scheme } from '@pidgate/core';
import { URN_ERROR_CODES } from './codes.ts';
import { formatUrn } from './format.ts';
import { normalizeUrn } from './normalize.ts';
import { parseUrn, type UrnComponents } from './parse.ts';

export type UrnIdentifier = Identifier<UrnComponents>;

/** Generic URNs: any `urn:` string that no more specific scheme claims. RFC 8141 has one profile. */
export const urnScheme: Scheme<UrnComponents> = {
  name: 'urn',
  priority: 100,
  errorCodes: URN_ERROR_CODES,
  recognize(input: string): boolean {
    return input.length >= 4 && input.slice(0, 4).toLowerCase() === 'urn:';
  },
  parse(input: string, profile: Profile = 'source'): Result<UrnIdentifier> {
    const parsed = parseUrn(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return {
      ok: true,
      value: { scheme: 'urn', input, profile, normalized: normalizeUrn(components), components },
    };
  },
  format(components: UrnComponents): string {
    return formatUrn(components);
  },
};
