import { err } from '@pidgate/core';
import { isDigitCode } from './text.ts';
import type { UrnNamespace } from './types.ts';

/**
 * `urn:doi:` (IANA template, International DOI Foundation; DOI syntax of ISO 26324 and the DOI
 * Handbook §2.2). The NSS is a DOI name `<prefix>/<suffix>`. The template notes that ISO 26324:2022
 * no longer requires the directory indicator to be `10` nor a registrant code: pidgate takes the prefix
 * as a directory indicator of digits, optionally followed by a registrant code of dot-separated digits
 * (`10.1000`, `10.1000.10`, `10`), then "/" and a non-empty suffix; characters outside pchar are
 * percent-encoded. The DOI Handbook's URN spelling puts a ":" for the "/" after the prefix
 * (`urn:doi:10.123:456ABC%2Fzyz`): both are accepted, and the lexical form writes "/". DOI names are
 * case-insensitive for ASCII letters: the lexical form is upper case (as the DOI system stores them).
 * Standard level: a percent-encoded "/" (`%2F`) in the suffix is the same DOI as "/".
 */
export const doiNamespace: UrnNamespace = {
  nid: 'doi',
  errorCodes: ['doi-prefix', 'doi-suffix'],
  checks:
    'a prefix of digits (directory indicator, optional dot-separated registrant code), "/" or ":", a non-empty suffix',
  equivalence:
    'ASCII letters case-insensitive (upper case), ":" after the prefix read as "/"; standard level: %2F in the suffix as "/"',
  normalize(nss) {
    let i = 0;
    let segmentStart = 0;
    for (; i < nss.length; i++) {
      const c = nss.charCodeAt(i);
      if (c === 47 || c === 58) break;
      if (c === 46) {
        if (i === segmentStart) return err('doi-prefix', 'a DOI prefix has no empty segment', i);
        segmentStart = i + 1;
      } else if (!isDigitCode(c)) {
        return err('doi-prefix', 'a DOI prefix is digits separated by "." (e.g. 10.1000)', i);
      }
    }
    if (i >= nss.length) {
      return err('doi-prefix', 'a DOI name has a "/" (or ":") between prefix and suffix', nss.length);
    }
    if (i === segmentStart) return err('doi-prefix', 'a DOI prefix has no empty segment', i);
    if (i + 1 >= nss.length) return err('doi-suffix', 'a DOI suffix is not empty', i + 1);
    // Upper-casing keeps percent-escapes (already upper case) intact.
    const upper = nss.toUpperCase();
    return { ok: true, value: nss.charCodeAt(i) === 58 ? `${upper.slice(0, i)}/${upper.slice(i + 1)}` : upper };
  },
  standard(normalizedNss) {
    return normalizedNss.includes('%2F') ? normalizedNss.split('%2F').join('/') : normalizedNss;
  },
};
