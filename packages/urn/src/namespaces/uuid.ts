import { err } from '@pidgate/core';
import { isHexDigitCode } from './text.ts';
import type { UrnNamespace } from './types.ts';

/**
 * `urn:uuid:` (RFC 9562 §4, obsoleting RFC 4122). The NSS is exactly the 36-character string form
 * `8-4-4-4-12` hex digits; hex digits compare case-insensitively (§4: "case insensitive on input"),
 * output lower case (§4: "outputs lowercase"). Nil and Max UUIDs (§5.9, §5.10) are valid.
 */
export const uuidNamespace: UrnNamespace = {
  nid: 'uuid',
  errorCodes: ['uuid-syntax'],
  checks: 'exactly 8-4-4-4-12 hexadecimal digits',
  equivalence: 'hex digits case-insensitive (lower case)',
  normalize(nss) {
    if (nss.length !== 36) return err('uuid-syntax', 'a UUID is 36 characters: 8-4-4-4-12 hex digits', 0);
    let upper = false;
    for (let i = 0; i < 36; i++) {
      const c = nss.charCodeAt(i);
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        if (c !== 45) return err('uuid-syntax', 'a UUID has hyphens after hex digits 8, 12, 16 and 20', i);
      } else if (!isHexDigitCode(c)) {
        return err('uuid-syntax', 'a UUID holds hexadecimal digits and hyphens only', i);
      } else if (c <= 70 && c >= 65) upper = true;
    }
    return { ok: true, value: upper ? nss.toLowerCase() : nss };
  },
};
