import type { SchemeOptions } from '@pidgate/core';
import { encodeUriString } from './item.ts';
import type { PwidComponents } from './parse.ts';
import { type ArchivalTime, formatArchivalTime } from './time.ts';

/** Serialize a PWID's parts as written; `parsePwid(formatPwid(c))` gives `c` back. */
export function formatPwid(c: PwidComponents, _options?: SchemeOptions): string {
  return `${c.label}:${c.archiveId}:${c.archivalTime}:${c.precision}:${c.item}`;
}

/** What it takes to write a new PWID: the time's fields and either a URI or a "~" registered item id. */
export interface PwidParts {
  readonly archiveId: string;
  readonly time: ArchivalTime;
  readonly precision: string;
  /** The archived URI as itself: it is encoded by the draft-07 uri-string rule. */
  readonly uri?: string;
  /** A registered item id, without the "~" that marks it (an id may itself start with "~"). */
  readonly registeredItemId?: string;
}

/** Build the PWID string of new parts in draft-07 form (validate it with `parsePwid`). */
export function buildPwid(p: PwidParts): string {
  const item = p.uri !== undefined ? encodeUriString(p.uri) : `~${p.registeredItemId ?? ''}`;
  return `urn:pwid:${p.archiveId}:${formatArchivalTime(p.time)}:${p.precision}:${item}`;
}
