import type { PidError, PidWarning, Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';

/**
 * One namespace's rules on top of RFC 8141 (§3: each namespace may add its own syntax and
 * equivalence). A module validates the NSS its registration defines and gives the lexical
 * normalized NSS; some also give a second, coarser key (`standard`) for identifiers that name
 * the same thing under the namespace's own standard (an ISBN-10 and its ISBN-13).
 */
export interface UrnNamespace<Code extends UrnErrorCode = UrnErrorCode> {
  /** The NID, lower case. */
  readonly nid: string;
  /** Every error code `normalize` can return (all listed in codes.ts). */
  readonly errorCodes: readonly Code[];
  /** What pidgate checks, in one sentence (docs and the gateway's `?info`). */
  readonly checks: string;
  /** The equivalence applied on top of RFC 8141 §3.1, in one sentence. */
  readonly equivalence: string;
  /**
   * Validate an NSS (already valid under RFC 8141, percent-escape hex already upper case) and
   * return the namespace's lexical normal form of it. Error offsets count from the NSS's start.
   * Never throws; linear in the NSS's length.
   */
  normalize(nss: string): Result<string, PidError<Code>>;
  /** The standard-level key of a normalized NSS, when it differs from the lexical one. */
  standard?(normalizedNss: string): string;
  /** Warnings about a valid, normalized NSS (an unregistered sub-namespace), or undefined. */
  warnings?(normalizedNss: string): readonly PidWarning[] | undefined;
}
