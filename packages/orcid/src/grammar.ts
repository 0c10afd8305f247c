/** Label and character tests of ORCID iDs; no regular expressions. */
import { bareHostPrefix, httpHostPrefix, httpSchemeLength, isDigit, wordAt } from '@pidgate/core';

export { bareHostPrefix, httpHostPrefix, httpSchemeLength, isDigit, wordAt };

/** The hosts whose path is an ORCID iD. */
export const ORCID_HOSTS = ['orcid.org', 'www.orcid.org'] as const;

/**
 * ORCID's sandbox, a test registry (https://sandbox.orcid.org): its iDs are made for testing integrations and
 * name no one; an iD there is not the production iD with the same digits. Recognized, so that a sandbox URL
 * gets its own coded error (`orcid-sandbox`), not `unknown-scheme`, and never a production iD's key.
 */
export const ORCID_SANDBOX_HOSTS = ['sandbox.orcid.org'] as const;

/**
 * A bare iD: 16 characters, or 19 with hyphens or spaces between the groups, starting with four digits
 * (a cheap look, no validation).
 */
export function looksBare(s: string): boolean {
  return (
    (s.length === 16 || s.length === 19) &&
    isDigit(s.charCodeAt(0)) &&
    isDigit(s.charCodeAt(1)) &&
    isDigit(s.charCodeAt(2)) &&
    isDigit(s.charCodeAt(3)) &&
    (s.length === 16 ? isDigit(s.charCodeAt(4)) : s.charCodeAt(4) === 45 || s.charCodeAt(4) === 32)
  );
}
