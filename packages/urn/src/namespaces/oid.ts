import { err } from '@pidgate/core';
import { isDigitCode } from './text.ts';
import type { UrnNamespace } from './types.ts';

/**
 * `urn:oid:` (RFC 3061 §2): `oid = number *( "." number )`, `number = "0" / ( nonzero *DIGIT )`.
 * No leading zeros, so the lexical form is the string as written.
 */
export const oidNamespace: UrnNamespace = {
  nid: 'oid',
  errorCodes: ['oid-syntax', 'oid-leading-zero'],
  checks: 'dot-separated decimal arcs, no empty arc, no leading zero (RFC 3061 ABNF)',
  equivalence: 'none beyond RFC 8141 (the syntax has one spelling per OID)',
  normalize(nss) {
    let arcStart = 0;
    for (let i = 0; i <= nss.length; i++) {
      const c = i < nss.length ? nss.charCodeAt(i) : 46;
      if (c === 46) {
        if (i === arcStart) return err('oid-syntax', 'an OID arc is a number: no empty arc', i);
        if (nss.charCodeAt(arcStart) === 48 && i - arcStart > 1) {
          return err('oid-leading-zero', 'an OID arc has no leading zero', arcStart);
        }
        arcStart = i + 1;
      } else if (!isDigitCode(c)) {
        return err('oid-syntax', 'an OID holds decimal numbers separated by "."', i);
      }
    }
    return { ok: true, value: nss };
  },
};
