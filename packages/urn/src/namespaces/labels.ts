import { err, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';
import { isDigitCode, isLetterCode } from './text.ts';
import type { UrnNamespace } from './types.ts';

const isLetDig = (c: number) => isLetterCode(c) || isDigitCode(c);

/**
 * Check `label *(sep label)` over `s[from, to)`, a label being `let-dig [*let-dig-hyp let-dig]`
 * (letters, digits, inner hyphens) of at most `max` characters. Returns the error offset, or -1.
 */
function checkLabels(s: string, from: number, to: number, sep: number, max: number): number {
  let start = from;
  for (let i = from; i <= to; i++) {
    const c = i < to ? s.charCodeAt(i) : sep;
    if (c === sep) {
      if (i === start || i - start > max) return start;
      if (s.charCodeAt(i - 1) === 45) return i - 1;
      start = i + 1;
    } else if (c === 45) {
      if (i === start) return i;
    } else if (!isLetDig(c)) return i;
  }
  return -1;
}

/**
 * `urn:service:` (RFC 5031 §3): `service = top-level *("." sub-service)`, each a label of letters,
 * digits and inner hyphens (`sos`, `sos.police`, `counseling.children`). pidgate checks the ABNF and
 * folds no case (the registration's comparison rule is left to RFC 8141).
 */
export const serviceNamespace: UrnNamespace = {
  nid: 'service',
  errorCodes: ['service-syntax'],
  checks: 'dot-separated labels of letters, digits and inner hyphens (RFC 5031 ABNF)',
  equivalence: 'none beyond RFC 8141',
  normalize(nss): Result<string, PidError<UrnErrorCode>> {
    const at = checkLabels(nss, 0, nss.length, 46, 63);
    return at < 0 ? { ok: true, value: nss } : err('service-syntax', 'a service URN is labels separated by "."', at);
  },
};

/**
 * `urn:alert:` (RFC 7462 §7): `alert-category ":" alert-indication *(":" alert-indication)`, each a
 * label of letters, digits and inner hyphens, a private extension carrying `@` and a domain
 * (`service:call-waiting`, `priority:high`, `source:external`). pidgate checks at least two labels and
 * their characters; no case folding.
 */
export const alertNamespace: UrnNamespace = {
  nid: 'alert',
  errorCodes: ['alert-syntax'],
  checks: 'a category and at least one indication, ":"-separated labels (private names with "@" allowed)',
  equivalence: 'none beyond RFC 8141',
  normalize(nss): Result<string, PidError<UrnErrorCode>> {
    const colon = nss.indexOf(':');
    if (colon <= 0) return err('alert-syntax', 'an alert URN is <category>:<indication>', colon < 0 ? nss.length : 0);
    let start = 0;
    for (let i = 0; i <= nss.length; i++) {
      const c = i < nss.length ? nss.charCodeAt(i) : 58;
      if (c === 58) {
        if (i === start) return err('alert-syntax', 'an alert URN has no empty label', i);
        start = i + 1;
      } else if (!isLetDig(c) && c !== 45 && c !== 64 && c !== 46) {
        return err('alert-syntax', 'an alert label holds letters, digits, "-" (and "@" and "." in a private name)', i);
      }
    }
    return { ok: true, value: nss };
  },
};

/**
 * `urn:mrn:` (IALA's Maritime Resource Name, IANA template): `<OID> ":" <OSNID> ":" <OSNS>`, the
 * organization ID and the organization-specific namespace ID each `(alphanum) 0*32(alphanum / "-")
 * (alphanum)`, the rest any RFC 8141 NSS (`mcp:vessel:dma:vesselid-123`). No case folding.
 */
export const mrnNamespace: UrnNamespace = {
  nid: 'mrn',
  errorCodes: ['mrn-syntax'],
  checks: 'OID and OSNID (alphanumerics and inner hyphens, 2-34 characters), then an organization-specific string',
  equivalence: 'none beyond RFC 8141',
  normalize(nss): Result<string, PidError<UrnErrorCode>> {
    const first = nss.indexOf(':');
    const second = first < 0 ? -1 : nss.indexOf(':', first + 1);
    if (second < 0 || second + 1 >= nss.length) {
      return err('mrn-syntax', 'an MRN is <OID>:<OSNID>:<OSNS>', nss.length);
    }
    for (const [from, to] of [
      [0, first],
      [first + 1, second],
    ] as const) {
      const length = to - from;
      if (length < 2 || length > 34) return err('mrn-syntax', 'an OID or OSNID is 2 to 34 characters', from);
      const at = checkLabels(nss, from, to, 58, 34);
      if (at >= 0) return err('mrn-syntax', 'an OID or OSNID holds letters, digits and inner hyphens', at);
    }
    return { ok: true, value: nss };
  },
};
