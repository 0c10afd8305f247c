import type { Profile } from '@pidgate/core';
import type { ItemScan } from './item.ts';
import type { ArchivalTime } from './time.ts';

/** An `ArchivalTime` while the archival-time steps fill it in. */
export type TimeFields = { -readonly [K in keyof ArchivalTime]: ArchivalTime[K] };

/**
 * The state of one scan, created for each call and passed to every grammar step (parse.ts, time.ts,
 * item.ts), the way whatwg-url passes its state machine along: the input, the pointer (the index of the
 * next character to read), the parts read so far, and the facts the steps saw on the way. A step reads
 * from the pointer and on success records what it read and moves the pointer past it; on failure it
 * returns the error and the scan stops. Nothing is kept between calls. One object with one shape for
 * every scan (a URI checked alone gets the same shape), so that the steps stay monomorphic.
 */
export interface Scanner {
  readonly input: string;
  readonly profile: Profile;
  readonly modern: boolean;
  pointer: number;

  // pwid-NSS parts, as written
  label: string;
  archiveId: string;
  archivalTime: string;
  precision: string;
  item: string;
  itemScan: ItemScan | null;
  /** The parts in which the scan saw an ASCII upper-case letter (parse.ts's `UPPER_*` bits). */
  upperCase: number;

  // archival-time (time.ts)
  /** Where the archival-time starts. */
  timeStart: number;
  /** The archival-time's fields, filled in by the steps as they read them (null before the date). */
  time: TimeFields | null;
  /** The time as written is in draft-07 form ("T", ":" and "Z" in capitals). */
  timeCanonical: boolean;
  /** The time is in the "_" form of early tools: "." separators, the "Z" optional. */
  timeUnderscore: boolean;
  /** The offset of the first older-form feature (for the modern profile's error), or -1. */
  timeLegacyAt: number;

  // the archived URI (item.ts); its positions are into `input`
  /** Where the URI starts in `input` (error offsets are relative to it). */
  uriStart: number;
  schemeEnd: number;
  hostStart: number;
  hostEnd: number;
  pathEnd: number;
  /** An ASCII upper-case letter in the scheme or the host (not counting the hex digits of %-escapes). */
  schemeOrHostUpper: boolean;
  /** The URI may hold a "%" (the item has one; false means it has none). */
  uriPercent: boolean;
}

export function createScanner(input: string, profile: Profile): Scanner {
  return {
    input,
    profile,
    modern: profile === 'modern',
    pointer: 0,
    label: '',
    archiveId: '',
    archivalTime: '',
    precision: '',
    item: '',
    itemScan: null,
    upperCase: 0,
    timeStart: 0,
    time: null,
    timeCanonical: true,
    timeUnderscore: false,
    timeLegacyAt: -1,
    uriStart: 0,
    schemeEnd: 0,
    hostStart: 0,
    hostEnd: 0,
    pathEnd: 0,
    schemeOrHostUpper: false,
    uriPercent: false,
  };
}
