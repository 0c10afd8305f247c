import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { ARXIV_ERROR_CODES, type ArxivErrorCode } from './codes.ts';
import { formatArxiv } from './format.ts';
import { normalizeArxiv } from './normalize.ts';
import { type ArxivComponents, arxivLabel, parseArxiv } from './parse.ts';

export type ArxivIdentifier = Identifier<ArxivComponents, 'arxiv'>;

/** arXiv identifiers, old and new style, with or without a version. */
export const arxivScheme: Scheme<ArxivComponents, 'arxiv', ArxivErrorCode> = {
  name: 'arxiv',
  priority: 12,
  errorCodes: ARXIV_ERROR_CODES,
  recognize(input: string): boolean {
    return arxivLabel(input) !== null;
  },
  parse(input: string, profile: Profile = 'source'): Result<ArxivIdentifier, PidError<ArxivErrorCode>> {
    const parsed = parseArxiv(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return { ok: true, value: { scheme: 'arxiv', input, profile, normalized: normalizeArxiv(components), components } };
  },
  format(components: ArxivComponents): string {
    return formatArxiv(components);
  },
};
