import { escapeAt } from './grammar.ts';

/**
 * Format tokens and their media types (§2.5). The draft names four tokens itself: `text` is
 * text/plain and `header` is message/header (the two exceptions to the rule), `html`, and
 * (§3.4.2) `sgml` and `xml`. The others follow the draft's rule: the minor type when it is unique
 * among registered media types, else major "+" minor (written `%2b` in a PDI, "+" being reserved).
 */
export const FORMAT_MEDIA_TYPES: Readonly<Record<string, string>> = Object.freeze({
  // named by the draft
  text: 'text/plain',
  header: 'message/header',
  html: 'text/html',
  sgml: 'text/sgml',
  xml: 'text/xml',
  // text/*
  css: 'text/css',
  csv: 'text/csv',
  calendar: 'text/calendar',
  enriched: 'text/enriched',
  markdown: 'text/markdown',
  richtext: 'text/richtext',
  'tab-separated-values': 'text/tab-separated-values',
  'text+rtf': 'text/rtf',
  // image/*
  bmp: 'image/bmp',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  webp: 'image/webp',
  // audio/*
  basic: 'audio/basic',
  wav: 'audio/wav',
  'audio+mpeg': 'audio/mpeg',
  'audio+mp4': 'audio/mp4',
  'audio+ogg': 'audio/ogg',
  // video/*
  quicktime: 'video/quicktime',
  'video+mpeg': 'video/mpeg',
  'video+mp4': 'video/mp4',
  'video+ogg': 'video/ogg',
  // application/*, message/*, multipart/*
  'octet-stream': 'application/octet-stream',
  pdf: 'application/pdf',
  postscript: 'application/postscript',
  msword: 'application/msword',
  zip: 'application/zip',
  json: 'application/json',
  'application+rtf': 'application/rtf',
  'application+xml': 'application/xml',
  rfc822: 'message/rfc822',
  partial: 'message/partial',
  mixed: 'multipart/mixed',
  alternative: 'multipart/alternative',
});

const TOP_LEVEL_TYPES = new Set([
  'application',
  'audio',
  'example',
  'font',
  'image',
  'message',
  'model',
  'multipart',
  'text',
  'video',
]);

/** A format token decoded ("%2b" to "+", any escape) and lowercased: the key of the table. */
function tokenKey(token: string): string {
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c === 37 && i + 2 < token.length) {
      out += String.fromCharCode(escapeAt(token, i));
      i += 2;
    } else out += token[i];
  }
  return out.toLowerCase();
}

/**
 * The media type of a format token (as written in a PDI, `%2b` or `+`, any case), or null when
 * unknown: a token of the table, or `major+minor` with a registered top-level type.
 */
export function mediaTypeOf(formatToken: string): string | null {
  const key = formatToken.indexOf('%') === -1 ? formatToken.toLowerCase() : tokenKey(formatToken);
  if (Object.hasOwn(FORMAT_MEDIA_TYPES, key)) return FORMAT_MEDIA_TYPES[key] as string;
  const plus = key.indexOf('+');
  if (plus <= 0 || plus === key.length - 1) return null;
  const major = key.slice(0, plus);
  return TOP_LEVEL_TYPES.has(major) ? `${major}/${key.slice(plus + 1)}` : null;
}

/** The fragment schemes this draft defines (§3.4), as opposed to extension schemes. */
export const BUILT_IN_SCHEMES: ReadonlySet<string> = new Set([
  'char',
  'elt',
  'name',
  'rect',
  'msec',
  'sec',
  'crop',
  'byte',
]);

/** What a media type allows: its default scheme (null: none) and its built-in schemes (null: any). */
export interface FragmentSchemes {
  readonly default: string | null;
  readonly allowed: ReadonlySet<string> | null;
}

const TEXT: FragmentSchemes = { default: 'char', allowed: new Set(['char', 'byte']) };
const HTML: FragmentSchemes = { default: 'char', allowed: new Set(['char', 'elt', 'name', 'byte']) };
const SGML: FragmentSchemes = { default: 'char', allowed: new Set(['char', 'elt', 'byte']) };
const IMAGE: FragmentSchemes = { default: 'rect', allowed: new Set(['rect', 'byte']) };
const AUDIO: FragmentSchemes = { default: 'sec', allowed: new Set(['sec', 'msec', 'byte']) };
const VIDEO: FragmentSchemes = { default: 'crop', allowed: new Set(['crop', 'byte']) };
const OCTETS: FragmentSchemes = { default: null, allowed: new Set(['byte']) };
const UNKNOWN: FragmentSchemes = { default: null, allowed: null };

/**
 * §3.3-§3.4: text/* → char (html adds elt and name, sgml and xml add elt), image/* → rect,
 * audio/* → sec (or msec), video/* → crop, application/octet-stream → byte only and never
 * implied. `byte` is allowed for every media type; other media types have no default and take
 * any scheme given explicitly.
 */
export function fragmentSchemesOf(mediaType: string | null): FragmentSchemes {
  if (mediaType === null) return UNKNOWN;
  if (mediaType === 'text/html') return HTML;
  if (mediaType === 'text/sgml' || mediaType === 'text/xml' || mediaType === 'application/xml') return SGML;
  if (mediaType === 'application/octet-stream') return OCTETS;
  const slash = mediaType.indexOf('/');
  switch (mediaType.slice(0, slash)) {
    case 'text':
      return TEXT;
    case 'image':
      return IMAGE;
    case 'audio':
      return AUDIO;
    case 'video':
      return VIDEO;
    default:
      return UNKNOWN;
  }
}

const schemesCache = new Map<string, FragmentSchemes>();

/** `fragmentSchemesOf(mediaTypeOf(format))`, remembered for up to 1024 distinct tokens. */
export function fragmentSchemesOfFormat(format: string): FragmentSchemes {
  let schemes = schemesCache.get(format);
  if (schemes === undefined) {
    schemes = fragmentSchemesOf(mediaTypeOf(format));
    if (schemesCache.size >= 1024) schemesCache.clear();
    schemesCache.set(format, schemes);
  }
  return schemes;
}
