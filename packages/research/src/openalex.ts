/**
 * OpenAlex IDs: `https://openalex.org/W2741809807`, `openalex:W2741809807`, `W2741809807`. OpenAlex's
 * "OpenAlex IDs": an entity letter (W works, A authors, S sources, I institutions, C concepts,
 * P publishers, F funders) and a number; the canonical form is the openalex.org URL; IDs are read in any
 * case. The API's and the web's URLs name the entity type too (`api.openalex.org/works/W2741809807`).
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

/** Every error code of the OpenAlex parser. */
export const OPENALEX_ERROR_CODES = [
  'openalex-label', // https://openalex.org/, api.openalex.org/, openalex: or a bare ID
  'openalex-entity', // W, A, S, I, C, P or F; an entity path (works/) agrees with the letter
  'openalex-number', // digits after the letter, not starting with 0
] as const;
export type OpenalexErrorCode = (typeof OPENALEX_ERROR_CODES)[number];
export type OpenalexComponents = IdComponents;

/** The entity letters and the API's collection of each. */
const ENTITIES: Readonly<Record<string, string>> = {
  w: 'works',
  a: 'authors',
  s: 'sources',
  i: 'institutions',
  c: 'concepts',
  p: 'publishers',
  f: 'funders',
};
/** The entity letters' char codes (upper case). */
const LETTERS: ReadonlySet<number> = new Set([...'WASICPF'].map((l) => l.charCodeAt(0)));
/** Is `c` an entity letter, in either case? */
const entityLetter = (c: number): boolean => LETTERS.has(c >= 97 && c <= 122 ? c - 32 : c);

/** The fewest digits a bare ID has (every OpenAlex number is long; a bare `W1` is likelier something else). */
const BARE_DIGITS = 5;

/** A bare OpenAlex ID: an entity letter (upper case), then at least five digits, the first not 0. */
export function looksLikeBareOpenalex(s: string): boolean {
  const c = s.charCodeAt(0);
  if (!LETTERS.has(c) || s.length < 1 + BARE_DIGITS || s.charCodeAt(1) === 48) return false;
  for (let i = 1; i < s.length; i++) if (!digit(s.charCodeAt(i))) return false;
  return true;
}

const HOSTS = ['openalex.org/', 'api.openalex.org/'];
export const OPENALEX_SPELLINGS: Spellings = { labels: ['openalex:'], urls: HOSTS, bare: looksLikeBareOpenalex };

function idError(s: string, start: number, end: number, url: boolean): PidError<OpenalexErrorCode> | null {
  let i = start;
  let want = '';
  if (url) {
    for (const [letter, path] of Object.entries(ENTITIES)) {
      if (wordAt(s, i, `${path}/`)) {
        i += path.length + 1;
        want = letter;
        break;
      }
    }
  }
  const c = s.charCodeAt(i);
  if (!entityLetter(c)) {
    return fail('openalex-entity', 'an OpenAlex ID starts with W, A, S, I, C, P or F', i);
  }
  if (want !== '' && (c | 0x20) !== want.charCodeAt(0)) {
    return fail('openalex-entity', `the ${ENTITIES[want]} path holds ${want.toUpperCase()} IDs`, i);
  }
  if (i + 1 >= end || s.charCodeAt(i + 1) === 48) {
    return fail('openalex-number', 'an OpenAlex ID has a number without a leading zero after its letter', i + 1);
  }
  for (let k = i + 1; k < end; k++) {
    if (!digit(s.charCodeAt(k))) return fail('openalex-number', 'an OpenAlex ID is a letter and digits', k);
  }
  return null;
}

/** Parse an OpenAlex ID in any of its spellings. Never throws; linear. */
export function parseOpenalex(input: string, _options?: SchemeOptions) {
  const message = 'an OpenAlex ID is written https://openalex.org/W2741809807 or W2741809807';
  const url = prefixOf(input, OPENALEX_SPELLINGS)?.form === 'url';
  return parseShell(input, OPENALEX_SPELLINGS, { label: 'openalex-label' as const, labelMessage: message }, (s, a, b) =>
    idError(s, a, b, url),
  );
}

/** The ID alone, in upper case (`W2741809807` from `works/w2741809807`). */
export function openalexId(c: Pick<OpenalexComponents, 'id'>): string {
  const slash = c.id.indexOf('/');
  return (slash < 0 ? c.id : c.id.slice(slash + 1)).toUpperCase();
}

/** The canonical spelling and equivalence key: the openalex.org URL OpenAlex gives as the ID. */
export function normalizeOpenalex(c: Pick<OpenalexComponents, 'id'>, _options?: SchemeOptions): string {
  return `https://openalex.org/${openalexId(c)}`;
}

export const formatOpenalex = (c: OpenalexComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareOpenalex(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseOpenalex, normalizeOpenalex, a, b, options);
}

export const openalexScheme: DefinedScheme<OpenalexComponents, 'openalex', OpenalexErrorCode> = defineScheme({
  name: 'openalex',
  priority: 23,
  errorCodes: OPENALEX_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, OPENALEX_SPELLINGS) !== null,
  parse: parseOpenalex,
  normalize: normalizeOpenalex,
  format: formatOpenalex,
  route: {
    labels: ['openalex:'],
    bareWord: (s: string) => looksLikeBareOpenalex(s),
    hosts: ['openalex.org', 'api.openalex.org'],
  },
  resolver: { template: 'https://openalex.org/{id}', id: (c) => openalexId(c) },
  docs: {
    title: 'OpenAlex ID (works, authors, sources, institutions, concepts, publishers, funders)',
    specification: 'OpenAlex, "OpenAlex IDs"',
    page: 'docs/specs/openalex.md',
    package: '@pidgate/research',
    example: 'https://openalex.org/W2741809807',
  },
});
