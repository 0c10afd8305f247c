import type { FallbackMode, LinkTarget } from '@pidgate/store';

/**
 * The types of the web-archive fallback (fallback.ts), apart so that the resolvers' types (`ResolverServices`)
 * can name them without an import cycle.
 */

/** One capture of a target in a web archive. */
export interface Capture {
  /** The PWID archive-id of the archive (`archive.org`). */
  readonly archive: string;
  readonly archiveName: string;
  /** When it was captured, ISO 8601 (UTC). */
  readonly datetime: string;
  /** Where it replays (the memento's URL). */
  readonly url: string;
  /** The capture's PWID: `urn:pwid:<archive>:<time>:page:<uri>`. */
  readonly pwid: string;
}

/** How asking one archive went. */
export interface ArchiveAnswer {
  readonly archive: string;
  /** `found` (one capture or more), `none` (it answered, with no capture), or why it gave nothing. */
  readonly result: 'found' | 'none' | 'timeout' | 'http-error' | 'unreadable' | 'unreachable';
  readonly captures: number;
  readonly detail?: string;
}

/** The captures of a target, newest first, and how each archive answered. */
export interface CaptureReport {
  readonly captures: readonly Capture[];
  readonly archives: readonly ArchiveAnswer[];
}

/** What asks the archives (archive/ builds it from `archives.*`); never rejects. */
export interface ArchiveFinder {
  /** Whether any archive is configured (none: nothing is ever sent). */
  readonly enabled: boolean;
  captures(target: string): Promise<CaptureReport>;
}

/** A target's state as the link checker left it, and, when it is broken, its captures. */
export interface TargetHealth {
  readonly target: string;
  readonly state: LinkTarget['state'];
  readonly lastClass: LinkTarget['lastClass'];
  readonly lastStatus: number | null;
  readonly lastChecked: string | null;
  readonly brokenSince: string | null;
  /** Only for a broken target: its latest captures (empty when no archive is configured or none has one). */
  readonly captures?: readonly Capture[];
  readonly archives?: readonly ArchiveAnswer[];
}

/** What the fallback answered instead of the redirect to a broken target. */
export interface FallbackAnswer {
  readonly mode: Exclude<FallbackMode, 'none'>;
  /** The identifier's own target (the broken one). */
  readonly original: string;
  readonly health: TargetHealth;
}

/** The shoulders' fallback settings as resolution reads them (`ShoulderFallbacks`). */
export interface FallbackModes {
  /** The mode of the longest shoulder that covers the storage key `key` (`none` when none opted in). */
  modeFor(key: string): FallbackMode;
}
