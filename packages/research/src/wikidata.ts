/**
 * Wikidata entity IDs: items `Q42`, properties `P31`, lexemes `L7` and their forms and senses (`L7-F1`,
 * `L7-S1`), bare or after `wikidata:` / `wd:` or a wikidata.org URL (`/wiki/Q42`, `/wiki/Property:P31`,
 * `/wiki/Lexeme:L7`, `/entity/Q42`). Wikidata's "Identifiers" help: a letter and a number without a
 * leading zero.
 */
import {
  compareParsed,
  type DefinedScheme,
  defineScheme,
  type PidError,
  type SchemeOptions,
  wordAt,
} from '@pidgate/core';
import { digit, fail, formatShell, type IdComponents, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the Wikidata parser. */
export const WIKIDATA_ERROR_CODES = [
  'wikidata-label', // wikidata:, wd:, a wikidata.org URL, or a bare Q, P or L number
  'wikidata-prefix', // Q (item), P (property) or L (lexeme), upper case
  'wikidata-namespace', // /wiki/Property: holds a P, /wiki/Lexeme: an L
  'wikidata-number', // digits, not starting with 0
  'wikidata-form', // a lexeme's form or sense: -F or -S and a number
] as const;
export type WikidataErrorCode = (typeof WIKIDATA_ERROR_CODES)[number];
export type WikidataComponents = IdComponents;

const HOSTS = ['www.wikidata.org', 'wikidata.org', 'm.wikidata.org'];

/** A bare entity ID: Q, P or L (upper case) and a number without a leading zero (`Q42`). */
export function looksLikeBareWikidata(s: string): boolean {
  const c = s.charCodeAt(0);
  if ((c !== 81 && c !== 80 && c !== 76) || s.length < 2 || s.charCodeAt(1) === 48) return false;
  let i = 1;
  while (i < s.length && digit(s.charCodeAt(i))) i++;
  if (i === 1) return false;
  if (i === s.length) return true;
  return c === 76 && s.charCodeAt(i) === 45; // L7-F1
}

export const WIKIDATA_SPELLINGS: Spellings = {
  labels: ['wikidata:', 'wd:'],
  urls: HOSTS.flatMap((h) => [`${h}/wiki/`, `${h}/entity/`]),
  bare: looksLikeBareWikidata,
};

/** The digits from `i` (no leading zero): the index after them, or an error. */
function numberAt(s: string, i: number, end: number): number | PidError<WikidataErrorCode> {
  const from = i;
  while (i < end && digit(s.charCodeAt(i))) i++;
  if (i === from || s.charCodeAt(from) === 48) {
    return fail('wikidata-number', 'a Wikidata ID has a number without a leading zero after its letter', from);
  }
  return i;
}

function idError(s: string, start: number, end: number): PidError<WikidataErrorCode> | null {
  let i = start;
  let want = 0;
  if (wordAt(s, i, 'property:')) {
    i += 9;
    want = 80;
  } else if (wordAt(s, i, 'lexeme:')) {
    i += 7;
    want = 76;
  }
  const c = s.charCodeAt(i);
  if (c !== 81 && c !== 80 && c !== 76) {
    return fail('wikidata-prefix', 'a Wikidata ID starts with Q (item), P (property) or L (lexeme)', i);
  }
  if (want !== 0 && c !== want) {
    return fail(
      'wikidata-namespace',
      `the ${want === 80 ? 'Property' : 'Lexeme'}: page holds a ${String.fromCharCode(want)} ID`,
      i,
    );
  }
  const after = numberAt(s, i + 1, end);
  if (typeof after !== 'number') return after;
  if (after === end) return null;
  const f = s.charCodeAt(after + 1);
  if (c !== 76 || s.charCodeAt(after) !== 45 || (f !== 70 && f !== 83)) {
    return fail('wikidata-form', 'only a lexeme has a form or sense after it: -F1 or -S1', after);
  }
  const last = numberAt(s, after + 2, end);
  if (typeof last !== 'number') return { ...last, code: 'wikidata-form' };
  return last === end ? null : fail('wikidata-form', 'nothing follows a lexeme form or sense number', last);
}

/** Parse a Wikidata entity ID in any of its spellings. Never throws; linear. */
export function parseWikidata(input: string, _options?: SchemeOptions) {
  const message = 'a Wikidata ID is written Q42, wikidata:Q42 or https://www.wikidata.org/wiki/Q42';
  return parseShell(input, WIKIDATA_SPELLINGS, { label: 'wikidata-label' as const, labelMessage: message }, idError);
}

/** The entity ID alone (`P31` from `Property:P31`). */
export function wikidataId(c: Pick<WikidataComponents, 'id'>): string {
  const colon = c.id.indexOf(':');
  return colon < 0 ? c.id : c.id.slice(colon + 1);
}

/** The canonical spelling and equivalence key: `wikidata:` and the entity ID. */
export function normalizeWikidata(c: Pick<WikidataComponents, 'id'>, _options?: SchemeOptions): string {
  return `wikidata:${wikidataId(c)}`;
}

export const formatWikidata = (c: WikidataComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareWikidata(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseWikidata, normalizeWikidata, a, b, options);
}

export const wikidataScheme: DefinedScheme<WikidataComponents, 'wikidata', WikidataErrorCode> = defineScheme({
  name: 'wikidata',
  priority: 22,
  errorCodes: WIKIDATA_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, WIKIDATA_SPELLINGS) !== null,
  parse: parseWikidata,
  normalize: normalizeWikidata,
  format: formatWikidata,
  route: {
    labels: ['wikidata:', 'wd:'],
    bareWord: (s: string) => looksLikeBareWikidata(s),
    hosts: HOSTS.flatMap((h) => [`${h}/wiki/`, `${h}/entity/`]),
  },
  // the entity URI: wikidata.org sends a browser on to the item's, property's or lexeme's page
  resolver: { template: 'https://www.wikidata.org/entity/{id}', id: (c) => wikidataId(c) },
  docs: {
    title: 'Wikidata entity ID (item, property, lexeme)',
    specification: 'Wikidata, "Identifiers" (Q, P and L numbers; the entity URI)',
    page: 'docs/specs/wikidata.md',
    package: '@pidgate/research',
    example: 'wikidata:Q42',
  },
});
