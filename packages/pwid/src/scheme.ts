import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { PWID_ERROR_CODES, type PwidErrorCode, REPLAY_ERROR_CODES, type ReplayErrorCode } from './codes.ts';
import { formatPwid } from './format.ts';
import { normalizeScan } from './normalize.ts';
import { type PwidComponents, pwidLabelAt, scanPwid, urnPwidLabel } from './parse.ts';
import { isReplayHost, pwidFromReplayUrl, type ReplayHosts, replayHosts } from './resolve.ts';

// The types of `pwidScheme`, nameable from this entry (`@pidgate/pwid/scheme`) as well as the main one.
export type { PwidErrorCode, ReplayErrorCode } from './codes.ts';
export type { PwidComponents } from './parse.ts';
export type { ReplayHosts } from './resolve.ts';

export type PwidIdentifier = Identifier<PwidComponents, 'pwid'>;

let builtinHosts: ReplayHosts | null = null;

/**
 * The replay hosts of the built-in archives: the hosts whose http(s) URLs the recognizer claims. Made
 * the first time an http(s) string is recognized, not when the module loads.
 */
export function builtinReplayHosts(): ReplayHosts {
  if (builtinHosts === null) builtinHosts = replayHosts();
  return builtinHosts;
}

/**
 * Persistent Web IDentifiers: `urn:pwid:`, the bare `pwid:` of early tools, and the replay URLs of the
 * built-in archives (`https://web.archive.org/web/20160122112029/http://www.dr.dk`), read as the PWID
 * they stand for (`pwidFromReplayUrl`: `part` for a raw-mode flag such as `id_` or `im_`, else `page`).
 * Asked first of all, so that an `ark:` inside a replay URL's archived URI is never read as an ARK.
 */
export const pwidScheme: Scheme<PwidComponents, 'pwid', PwidErrorCode | ReplayErrorCode> = {
  name: 'pwid',
  priority: 5,
  errorCodes: [...PWID_ERROR_CODES, ...REPLAY_ERROR_CODES],
  recognize(input: string): boolean {
    return pwidLabelAt(input, 0) || urnPwidLabel(input) || isReplayHost(input, builtinReplayHosts());
  },
  parse(input: string, profile: Profile = 'source'): Result<PwidIdentifier, PidError<PwidErrorCode | ReplayErrorCode>> {
    let text = input;
    if (!pwidLabelAt(input, 0) && !urnPwidLabel(input)) {
      const replay = pwidFromReplayUrl(input, { profile });
      if (!replay.ok) return replay;
      text = replay.value;
    }
    const scan = scanPwid(text, profile);
    if (!scan.ok) return scan;
    const { components } = scan.value;
    return { ok: true, value: { scheme: 'pwid', input, profile, normalized: normalizeScan(scan.value), components } };
  },
  format(components: PwidComponents): string {
    return formatPwid(components);
  },
};
