import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { HANDLE_ERROR_CODES, type HandleErrorCode } from './codes.ts';
import { formatHandle } from './format.ts';
import { normalizeHandle } from './normalize.ts';
import { type HandleComponents, handleLabel, parseHandle } from './parse.ts';

export type HandleIdentifier = Identifier<HandleComponents, 'handle'>;

/**
 * Handles (RFC 3650-3652): `hdl:`, `info:hdl/` and hdl.handle.net URLs. Asked before ARK so that an
 * hdl.handle.net URL is never read as a URL prefix before an `ark:` label. Handles of the DOI directory
 * (`10.`) are claimed first by the DOI scheme when both are registered.
 */
export const handleScheme: Scheme<HandleComponents, 'handle', HandleErrorCode> = {
  name: 'handle',
  priority: 7,
  errorCodes: HANDLE_ERROR_CODES,
  recognize(input: string): boolean {
    return handleLabel(input) !== null;
  },
  parse(input: string, profile: Profile = 'source'): Result<HandleIdentifier, PidError<HandleErrorCode>> {
    const parsed = parseHandle(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return {
      ok: true,
      value: { scheme: 'handle', input, profile, normalized: normalizeHandle(components), components },
    };
  },
  format(components: HandleComponents): string {
    return formatHandle(components);
  },
};
