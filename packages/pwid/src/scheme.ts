import {
  type DefinedScheme,
  defineScheme,
  type Identifier,
  type PidError,
  type Profile,
  type Result,
} from '@pidgate/core';
import { PWID_ERROR_CODES, type PwidErrorCode, REPLAY_ERROR_CODES, type ReplayErrorCode } from './codes.ts';
import { formatPwid } from './format.ts';
import { normalizePwid, normalizeScan } from './normalize.ts';
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

type PwidCode = PwidErrorCode | ReplayErrorCode;

/** A PWID, or the replay URL of a built-in archive read as the PWID it stands for, in one scan. */
function identify(input: string, profile: Profile = 'source'): Result<PwidIdentifier, PidError<PwidCode>> {
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
}

/**
 * Persistent Web IDentifiers: `urn:pwid:`, the bare `pwid:` of early tools, and the replay URLs of the
 * built-in archives (`https://web.archive.org/web/20160122112029/http://www.dr.dk`), read as the PWID
 * they stand for (`pwidFromReplayUrl`: `part` for a raw-mode flag such as `id_` or `im_`, else `page`).
 * Asked first of all, so that an `ark:` inside a replay URL's archived URI is never read as an ARK.
 */
export const pwidScheme: DefinedScheme<PwidComponents, 'pwid', PwidCode> = defineScheme({
  name: 'pwid',
  priority: 5,
  errorCodes: [...PWID_ERROR_CODES, ...REPLAY_ERROR_CODES],
  recognize: (input: string) =>
    pwidLabelAt(input, 0) || urnPwidLabel(input) || isReplayHost(input, builtinReplayHosts()),
  parse(input, options) {
    const r = identify(input, options?.profile ?? 'source');
    return r.ok ? { ok: true, value: r.value.components } : r;
  },
  normalize: normalizePwid,
  format: formatPwid,
  identify,
  route: { labels: ['pwid:', 'urn:pwid:'], hosts: () => [...builtinReplayHosts().hosts] },
  docs: {
    title: 'PWID, Persistent Web IDentifier; web-archive replay URLs (read as the PWID they stand for)',
    specification: 'draft-pwid-urn-specification-07, the 2017 drafts, the 2022 IANA registration (`modern`)',
    page: 'docs/specs/pwid.md',
    example: 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
  },
});
