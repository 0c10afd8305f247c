import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { PURL_ERROR_CODES, type PurlErrorCode } from './codes.ts';
import { formatPurl } from './format.ts';
import { normalizePurl } from './normalize.ts';
import { isPurlUrl, type PurlComponents, parsePurl } from './parse.ts';

export type PurlIdentifier = Identifier<PurlComponents, 'purl'>;

/** PURLs: http(s) URLs on the hosts of PURL services. Asked before ARK: a PURL's path is not an ARK's. */
export const purlScheme: Scheme<PurlComponents, 'purl', PurlErrorCode> = {
  name: 'purl',
  priority: 8,
  errorCodes: PURL_ERROR_CODES,
  recognize: isPurlUrl,
  parse(input: string, profile: Profile = 'source'): Result<PurlIdentifier, PidError<PurlErrorCode>> {
    const parsed = parsePurl(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return { ok: true, value: { scheme: 'purl', input, profile, normalized: normalizePurl(components), components } };
  },
  format(components: PurlComponents): string {
    return formatPurl(components);
  },
};
