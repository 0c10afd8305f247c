import { err, type PidError, profileOf, type Result, type SchemeOptions } from '@pidgate/core';
import type { PwidErrorCode, ReplayErrorCode } from './codes.ts';
import { isAlpha, isDigit, isHex, isPchar, isSchemeChar, isUnreserved } from './grammar.ts';
import { checkUri, encodeUriString } from './item.ts';
import { normalizeScan, normalizeUri } from './normalize.ts';
import { type PwidComponents, scanPwid } from './parse.ts';
import { type Archive, ArchiveRegistry } from './registry.ts';
import { acceptDatetime, waybackTimestamp } from './time.ts';

/** Where a PWID leads: a replay URL, or (restricted archives) how to get access. */
export type PwidResolution =
  | {
      readonly kind: 'replay';
      readonly url: string;
      /** The archived URI (case-normalized). */
      readonly original: string;
      /** Memento TimeGate and TimeMap (RFC 7089) of the archive, for the nearest or other captures. */
      readonly timegate: string | null;
      readonly timemap: string | null;
      /** The `Accept-Datetime` header to send to the TimeGate. */
      readonly acceptDatetime: string;
      readonly archive: Archive;
    }
  | {
      readonly kind: 'restricted';
      readonly archive: Archive;
      readonly explanation: string;
      readonly accessUrl: string | null;
    };

/** Fill a registry pattern; `{uri}` is put in as itself, as Wayback expects. */
export function fillPattern(
  pattern: string,
  values: { timestamp?: string; flags?: string; collection?: string | null; uri: string },
): string {
  return pattern
    .split('{collection}')
    .join(values.collection ?? '')
    .split('{timestamp}')
    .join(values.timestamp ?? '')
    .split('{flags}')
    .join(values.flags ?? '')
    .split('{uri}')
    .join(values.uri);
}

const DEFAULT_REGISTRY = ArchiveRegistry.builtin();

/**
 * Resolve a PWID to its archive's replay URL: the Wayback timestamp made of the digits present,
 * the archive's raw mode (`id_`) for `part` precision. Restricted archives give an explanation instead.
 */
export function resolvePwid(
  pwid: PwidComponents,
  registry: ArchiveRegistry = DEFAULT_REGISTRY,
): Result<PwidResolution> {
  const archive = registry.get(pwid.archiveId);
  if (!archive) {
    return err(
      'unknown-archive',
      `the archive ${pwid.archiveId} is not in the registry`,
      pwid.label.length + 1,
      'archive-id',
    );
  }
  const what = pwid.uri ?? pwid.item;
  if (archive.access === 'restricted') {
    const apply = archive.accessUrl ? ` Read how to apply for access at ${archive.accessUrl}.` : '';
    return {
      ok: true,
      value: {
        kind: 'restricted',
        archive,
        explanation:
          `${archive.name} has restricted access: its capture of ${what} at ${pwid.archivalTime} ` +
          `(precision ${pwid.precision.toLowerCase()}) can be seen only by those the archive grants access to.${apply}`,
        accessUrl: archive.accessUrl,
      },
    };
  }
  const itemOffset = pwid.label.length + pwid.archiveId.length + pwid.archivalTime.length + pwid.precision.length + 4;
  if (pwid.uri === null) {
    return err(
      'registered-item',
      `${pwid.item} is a registered item id: ask ${archive.name} for it`,
      itemOffset,
      'archived-item-id',
    );
  }
  if (archive.replay === null) return err('no-replay', `${archive.name} has no public replay`, null, 'archive-id');
  const { url, original } = replayTarget(archive, archive.replay, pwid.uri, pwid);
  const collection = archive.collection;
  return {
    ok: true,
    value: {
      kind: 'replay',
      url,
      original,
      timegate: archive.timegate === null ? null : fillPattern(archive.timegate, { collection, uri: original }),
      timemap: archive.timemap === null ? null : fillPattern(archive.timemap, { collection, uri: original }),
      acceptDatetime: acceptDatetime(pwid.time),
      archive,
    },
  };
}

/**
 * The replay URL of a PWID (`resolvePwid`'s `url`), or undefined where `resolvePwid` gives none (an archive
 * not in the registry, restricted, without a public replay; a registered item). What `urlOf` of
 * @pidgate/schemes writes in normalize's `url` field for every PWID of a list: the URL alone, without the
 * TimeGate, TimeMap, Accept-Datetime and explanation `resolvePwid` builds too.
 */
export function pwidReplayUrl(pwid: PwidComponents, registry: ArchiveRegistry = DEFAULT_REGISTRY): string | undefined {
  const archive = registry.get(pwid.archiveId);
  if (!archive || archive.access === 'restricted' || pwid.uri === null || archive.replay === null) return undefined;
  return replayTarget(archive, archive.replay, pwid.uri, pwid).url;
}

/** The replay URL and the archived URI (case-normalized) of a PWID of `archive`, whose replay is `replay`. */
function replayTarget(
  archive: Archive,
  replay: string,
  uri: string,
  pwid: PwidComponents,
): { url: string; original: string } {
  const scan = checkUri(uri);
  const original = 'ok' in scan ? uri : normalizeUri(scan);
  const raw = archive.rawMode !== null && isPart(pwid.precision);
  const values = {
    timestamp: waybackTimestamp(pwid.time),
    flags: raw ? (archive.rawMode as string) : '',
    collection: archive.collection,
    uri: original,
  };
  return { url: fillReplay(replay, values), original };
}

/** Is the precision `part`, in any case (`PART`, `Part`)? */
function isPart(precision: string): boolean {
  return precision.length === 4 && precision.toLowerCase() === 'part';
}

/** Each replay pattern cut at its placeholders once: literal text, then a placeholder's name, and so on. */
const CUT_PATTERNS = new Map<string, readonly string[]>();
const PLACEHOLDERS = ['{collection}', '{timestamp}', '{flags}', '{uri}'];

/**
 * `fillPattern(pattern, values)` in one concatenation, the pattern cut once. Equal to it whenever no
 * value but the URI (put in last there too) holds a `{`: otherwise `fillPattern` itself is called.
 */
function fillReplay(
  pattern: string,
  values: { timestamp: string; flags: string; collection: string | null; uri: string },
): string {
  if (values.flags.includes('{') || values.collection?.includes('{')) return fillPattern(pattern, values);
  let parts = CUT_PATTERNS.get(pattern);
  if (parts === undefined) {
    parts = cutPattern(pattern);
    CUT_PATTERNS.set(pattern, parts);
  }
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    out +=
      name === '{uri}'
        ? values.uri
        : name === '{timestamp}'
          ? values.timestamp
          : name === '{flags}'
            ? values.flags
            : (values.collection ?? '');
    out += parts[i + 1] as string;
  }
  return out;
}

/** `pattern` as [text, placeholder, text, …, text]: every placeholder of PLACEHOLDERS found left to right. */
function cutPattern(pattern: string): readonly string[] {
  const parts: string[] = [];
  let text = '';
  let i = 0;
  while (i < pattern.length) {
    const name = pattern.charCodeAt(i) === 123 ? PLACEHOLDERS.find((p) => pattern.startsWith(p, i)) : undefined;
    if (name === undefined) {
      text += pattern[i];
      i++;
      continue;
    }
    parts.push(text, name);
    text = '';
    i += name.length;
  }
  parts.push(text);
  return parts;
}

/** Memento TimeGates and TimeMaps of the other open archives, to look for the same URI elsewhere. */
export function pwidAlternatives(
  pwid: PwidComponents,
  registry: ArchiveRegistry = DEFAULT_REGISTRY,
): { archive: Archive; timegate: string | null; timemap: string | null }[] {
  if (pwid.uri === null) return [];
  const own = registry.get(pwid.archiveId);
  return registry.archives
    .filter((a) => a !== own && a.access === 'open' && (a.timegate !== null || a.timemap !== null))
    .map((archive) => {
      const values = { collection: archive.collection, uri: pwid.uri as string };
      return {
        archive,
        timegate: archive.timegate === null ? null : fillPattern(archive.timegate, values),
        timemap: archive.timemap === null ? null : fillPattern(archive.timemap, values),
      };
    });
}

/** Wayback flags that serve one resource as archived: such a URL is a `part`. */
const PART_FLAGS = new Set(['id_', 'im_', 'js_', 'cs_', 'oe_']);

interface ReplayMatch {
  readonly archive: Archive;
  readonly digits: string;
  readonly flags: string;
  readonly rest: string;
}

/** The length of a leading `http://` or `https://` (any case), or 0. */
function httpSchemeLength(s: string): number {
  // no closure here: the PWID recognizer calls this for every http(s) string a registry sees
  if (
    (s.charCodeAt(0) | 0x20) !== 104 ||
    (s.charCodeAt(1) | 0x20) !== 116 ||
    (s.charCodeAt(2) | 0x20) !== 116 ||
    (s.charCodeAt(3) | 0x20) !== 112
  ) {
    return 0;
  }
  const i = (s.charCodeAt(4) | 0x20) === 115 ? 5 : 4;
  return s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47 ? i + 3 : 0;
}
const stripScheme = (s: string): string => s.slice(httpSchemeLength(s));

/** The longest collection name a replay URL's `{collection}` segment is read with. */
const MAX_COLLECTION_LENGTH = 64;

/** An archive's replay pattern taken apart: the prefix before the timestamp, its hosts and path, what follows. */
interface ReplayShape {
  readonly prefix: string;
  /** Every host a replay URL of the archive may name: the pattern's, or all the archive's names if it is one. */
  readonly hosts: readonly string[];
  readonly path: string;
  readonly between: string;
}

function replayShape(archive: Archive): ReplayShape | null {
  if (archive.replay === null) return null;
  const pattern = archive.replay;
  const t = pattern.indexOf('{timestamp}');
  const u = pattern.indexOf('{uri}');
  if (t < 0 || u < 0 || u + 5 !== pattern.length) return null;
  const prefix = stripScheme(pattern.slice(0, t)).toLowerCase();
  // the replay host may be any name of the archive (archive.ph, archive.is, ...)
  const slash = prefix.indexOf('/');
  const host = slash < 0 ? prefix : prefix.slice(0, slash);
  const names = [archive.id, ...archive.aliases];
  return {
    prefix,
    hosts: names.includes(host) ? names : [host],
    path: slash < 0 ? '' : prefix.slice(slash),
    between: pattern.slice(t + 11, u),
  };
}

/** The hosts (lower case) of every replay URL of a registry's archives, and their lengths. */
export interface ReplayHosts {
  readonly hosts: ReadonlySet<string>;
  /** Most hosts are turned away by their length alone, before any string is made. */
  readonly lengths: ReadonlySet<number>;
}

/** The hosts (lower case) of every replay URL of the registry's archives. */
export function replayHosts(registry: ArchiveRegistry = DEFAULT_REGISTRY): ReplayHosts {
  const hosts = new Set<string>();
  for (const archive of registry.archives) for (const h of replayShape(archive)?.hosts ?? []) hosts.add(h);
  return { hosts, lengths: new Set([...hosts].map((h) => h.length)) };
}

/** The longest host name a recognizer looks at. */
const MAX_HOST_LENGTH = 253;

/**
 * Is `url` an http(s) URL on the host of an archive's replay service? A cheap look at the host only:
 * whether it is a replay URL that names a capture is for `pwidFromReplayUrl` to say.
 */
export function isReplayHost(url: string, replay: ReplayHosts): boolean {
  const start = httpSchemeLength(url);
  if (start === 0) return false;
  let i = start;
  while (i < url.length && i - start <= MAX_HOST_LENGTH && url.charCodeAt(i) !== 47) i++;
  if (url.charCodeAt(i) !== 47 || !replay.lengths.has(i - start)) return false;
  return replay.hosts.has(url.slice(start, i).toLowerCase());
}

/**
 * Match `url` against an archive's replay pattern: prefix, 1*DIGIT timestamp, flag, separator, URI. A
 * `{collection}` segment of the prefix matches any 1*unreserved path segment (Archive-It's `1234`, `all`);
 * the collection is not kept (a PWID names the archive, not one of its collections).
 */
function matchReplay(url: string, archive: Archive): ReplayMatch | null {
  const shape = replayShape(archive);
  if (shape === null) return null;
  const { prefix, hosts, path } = shape;
  let between = shape.between;
  const hasFlags = between.startsWith('{flags}');
  if (hasFlags) between = between.slice(7);
  const bare = stripScheme(url);
  // the path up to a `{collection}` segment, and the rest of it after the segment
  const c = path.indexOf('{collection}');
  const before = c < 0 ? path : path.slice(0, c);
  const after = c < 0 ? '' : path.slice(c + 12);
  const lowerBare = bare.slice(0, prefix.length + MAX_COLLECTION_LENGTH + 64).toLowerCase();
  let i = -1;
  for (const h of hosts) {
    if (lowerBare.startsWith(h + before) && h + before !== '') {
      i = h.length + before.length;
      break;
    }
  }
  if (i < 0) return null;
  if (c >= 0) {
    const segment = i;
    while (i < bare.length && i - segment < MAX_COLLECTION_LENGTH && isUnreserved(bare.charCodeAt(i))) i++;
    if (i === segment || !lowerBare.startsWith(after, i)) return null;
    i += after.length;
  }
  const start = i;
  while (i < bare.length && i - start < 14 && isDigit(bare.charCodeAt(i))) i++;
  if (i === start) return null;
  const digits = bare.slice(start, i);
  let flags = '';
  if (hasFlags && isAlpha(bare.charCodeAt(i)) && isAlpha(bare.charCodeAt(i + 1)) && bare.charCodeAt(i + 2) === 95) {
    flags = bare.slice(i, i + 3).toLowerCase();
    i += 3;
  }
  if (!bare.startsWith(between, i)) return null;
  return { archive, digits, flags, rest: bare.slice(i + between.length) };
}

/** The archival-time of a Wayback timestamp: 8 (day), 10 (hour), 12 (minute) or 14 (second) digits. */
function timeOfDigits(d: string): string | null {
  const date = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  switch (d.length) {
    case 8:
      return `${date}Z`;
    case 10:
      return `${date}T${d.slice(8, 10)}Z`;
    case 12:
      return `${date}T${d.slice(8, 10)}:${d.slice(10, 12)}Z`;
    case 14:
      return `${date}T${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}Z`;
    default:
      return null;
  }
}

/** Is `s.slice(0, end)` "http" or "https" (any case)? */
function isHttpScheme(s: string, end: number): boolean {
  return (end === 4 || end === 5) && httpSchemeLength(`${s.slice(0, end)}://`) === end + 3;
}

/**
 * The URI after a replay URL's timestamp, read the way Wayback replay software reads it, then made an
 * RFC 3986 URI:
 * - a scheme-relative item (`//example.com`, as in `.../20130102im_///example.com`) is `http:` (the
 *   scheme Wayback assumes);
 * - a percent-encoded scheme delimiter (`https%3A//example.com/`, `https%3A%2F%2Fexample.com/`) is decoded;
 * - Wayback's `http:/host` gets its second "/" back, and a scheme-less `www.dr.dk` is `http://www.dr.dk`;
 * - an http(s) URI with an empty host (`https:///x`) names nothing that was archived: `replay-host`;
 * - characters a URI cannot hold (spaces, non-ASCII) are %-encoded as UTF-8.
 */
export function originalFromReplay(rest: string): Result<string, PidError<'replay-host'>> {
  let s = rest;
  if (s.charCodeAt(0) === 47 && s.charCodeAt(1) === 47) s = `http:${s}`;
  let i = 0;
  while (i < s.length && isSchemeChar(s.charCodeAt(i))) i++;
  const startsAlpha = i > 0 && isAlpha(s.charCodeAt(0));
  if (startsAlpha && isEscapedColon(s, i)) {
    // `https%3A//`, `https%3A%2F%2F`: the scheme's delimiters, escaped by a link that was copied around
    let after = i + 3;
    let slashes = '';
    while (slashes.length < 2) {
      if (s.charCodeAt(after) === 47) after += 1;
      else if (isEscapedSlash(s, after)) after += 3;
      else break;
      slashes += '/';
    }
    s = `${s.slice(0, i)}:${slashes}${s.slice(after)}`;
  }
  const hasScheme = startsAlpha && s.charCodeAt(i) === 58;
  if (!hasScheme) s = `http://${s}`;
  else if (isHttpScheme(s, i) && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) !== 47) {
    s = `${s.slice(0, i + 1)}/${s.slice(i + 1)}`;
  }
  const scheme = hasScheme ? i : 4;
  if (isHttpScheme(s, scheme) && emptyHost(s, scheme + 3)) {
    return err('replay-host', 'the archived URI of the replay URL has an empty host', null);
  }
  let out = '';
  for (let j = 0; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 37) {
      out += j + 2 < s.length && isHex(s.charCodeAt(j + 1)) && isHex(s.charCodeAt(j + 2)) ? '%' : '%25';
    } else if (c < 128 && (isPchar(c) || '/?#[]'.includes(s[j] as string))) {
      out += s[j];
    } else {
      const cp = s.codePointAt(j) as number;
      // a lone surrogate has no UTF-8 form: it stands for U+FFFD
      out += cp >= 0xd800 && cp <= 0xdfff ? '%EF%BF%BD' : encodeURIComponent(String.fromCodePoint(cp));
      if (cp > 0xffff) j++;
    }
  }
  return { ok: true, value: out };
}

/** `%3A` (any case) at `i`. */
function isEscapedColon(s: string, i: number): boolean {
  return s.charCodeAt(i) === 37 && s.charCodeAt(i + 1) === 51 && (s.charCodeAt(i + 2) | 0x20) === 97;
}

/** `%2F` (any case) at `i`. */
function isEscapedSlash(s: string, i: number): boolean {
  return s.charCodeAt(i) === 37 && s.charCodeAt(i + 1) === 50 && (s.charCodeAt(i + 2) | 0x20) === 102;
}

/** Is the authority from `i` (after `scheme://`) empty, or only userinfo and port (`@`, `:80`)? */
function emptyHost(s: string, i: number): boolean {
  let j = i;
  while (j < s.length && !'/?#'.includes(s[j] as string)) j++;
  const authority = s.slice(i, j);
  const at = authority.lastIndexOf('@');
  const hostport = at < 0 ? authority : authority.slice(at + 1);
  const colon = hostport.startsWith('[') ? -1 : hostport.indexOf(':');
  return (colon < 0 ? hostport : hostport.slice(0, colon)).length === 0;
}

/** What `pwidFromReplayUrl` is told besides the URL: the profile, and where and how to read it. */
export interface ReplayOptions extends SchemeOptions {
  /** The precision-spec to write; absent or null: `part` for a raw-mode flag, else `page`. */
  readonly precision?: string | null;
  /** The archives whose replay URLs are read; the built-in ones by default. */
  readonly registry?: ArchiveRegistry;
}

/**
 * The PWID of a replay URL: `https://web.archive.org/web/20160122112029/http://www.dr.dk` with `page`
 * gives `urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk`. Without a precision, a raw
 * flag (`id_`, `im_`, `js_`, `cs_`, `oe_`) means `part` and anything else `page`. Returns the normalized PWID.
 */
export function pwidFromReplayUrl(
  url: string,
  options?: ReplayOptions & { readonly precision?: null },
): Result<string, PidError<ReplayErrorCode | PwidErrorCode>>;
export function pwidFromReplayUrl(
  url: string,
  options?: ReplayOptions,
): Result<string, PidError<ReplayErrorCode | 'precision-spec' | PwidErrorCode>>;
export function pwidFromReplayUrl(
  url: string,
  options?: ReplayOptions,
): Result<string, PidError<ReplayErrorCode | 'precision-spec' | PwidErrorCode>> {
  const precision = options?.precision;
  const registry = options?.registry ?? DEFAULT_REGISTRY;
  let match: ReplayMatch | null = null;
  for (const archive of registry.archives) {
    match = matchReplay(url.trim(), archive);
    if (match) break;
  }
  if (!match) return err('replay-url', 'not a replay URL of an archive in the registry', 0);
  const time = timeOfDigits(match.digits);
  if (time === null) {
    return err('replay-timestamp', `a ${match.digits.length}-digit timestamp has no archival-time form`, null);
  }
  if (match.rest.length === 0) return err('replay-url', 'the replay URL names no archived URI', url.length);
  const p = precision ?? (PART_FLAGS.has(match.flags) ? 'part' : 'page');
  for (let k = 0; k < p.length; k++) {
    if (!isAlpha(p.charCodeAt(k))) return err('precision-spec', `${JSON.stringify(p)} is not a precision-spec`, null);
  }
  if (p.length === 0) return err('precision-spec', 'the precision-spec is empty', null);
  const original = originalFromReplay(match.rest);
  if (!original.ok) return original;
  const pwid = `urn:pwid:${match.archive.id}:${time}:${p}:${encodeUriString(original.value)}`;
  const scan = scanPwid(pwid, profileOf(options));
  if (!scan.ok) return { ok: false, error: { ...scan.error, offset: null } };
  return { ok: true, value: normalizeScan(scan.value) };
}
