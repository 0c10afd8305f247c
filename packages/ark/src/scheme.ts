import type { PidError, Profile, Result, Scheme } from '@pidgate/core';
import { ARK_ERROR_CODES, type ArkErrorCode } from './codes.ts';
import { formatArk } from './format.ts';
import { isArkLabelAt } from './grammar.ts';
import { type ArkComponents, type ArkIdentifier, identifyArk } from './parse.ts';
import { findLabelAfterPrefix } from './scan.ts';

/** Does the string carry the "ark:" label (any case), at the start or after `scheme://host[/path]/`? */
export function recognizeArk(input: string): boolean {
  return isArkLabelAt(input, 0) || findLabelAfterPrefix(input) >= 0;
}

/** ARKs: draft-kunze-ark-09 (`source`, the default) and today's rules (`modern`). */
export const arkScheme: Scheme<ArkComponents, 'ark', ArkErrorCode> = {
  name: 'ark',
  priority: 10,
  errorCodes: ARK_ERROR_CODES,
  recognize: recognizeArk,
  parse(input: string, profile: Profile = 'source'): Result<ArkIdentifier, PidError<ArkErrorCode>> {
    return identifyArk(input, profile);
  },
  format(components: ArkComponents): string {
    return formatArk(components);
  },
};
