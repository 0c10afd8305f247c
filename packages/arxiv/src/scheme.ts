import { type DefinedScheme, defineScheme, type Identifier } from '@pidgate/core';
import { ARXIV_ERROR_CODES, type ArxivErrorCode } from './codes.ts';
import { formatArxiv } from './format.ts';
import { ARXIV_HOSTS } from './grammar.ts';
import { normalizeArxiv } from './normalize.ts';
import { type ArxivComponents, arxivLabel, parseArxiv } from './parse.ts';

export type ArxivIdentifier = Identifier<ArxivComponents, 'arxiv'>;

const DOT = 46;
const SLASH = 47;

/** arXiv identifiers, old and new style, with or without a version. */
export const arxivScheme: DefinedScheme<ArxivComponents, 'arxiv', ArxivErrorCode> = defineScheme({
  name: 'arxiv',
  priority: 12,
  errorCodes: ARXIV_ERROR_CODES,
  recognize: (input: string) => arxivLabel(input) !== null,
  parse: (input: string) => parseArxiv(input),
  normalize: (c: ArxivComponents) => normalizeArxiv(c),
  format: (c: ArxivComponents) => formatArxiv(c),
  route: {
    labels: ['arxiv:'],
    hosts: ARXIV_HOSTS,
    // new style: `NNNN.NNNNN`
    bareDigits: (s) => s.length > 4 && s.charCodeAt(4) === DOT,
    // old style: an archive name, then "/" or a subject class after "." (`hep-th/9901001`, `math.GT/0309136`)
    bareWord: (s, end) => s.charCodeAt(end) === DOT || s.charCodeAt(end) === SLASH,
  },
  resolver: { template: 'https://arxiv.org/abs/{id}', id: (c) => normalizeArxiv(c).slice('arXiv:'.length) },
  docs: {
    title: 'arXiv identifier',
    specification: "arXiv's identifier scheme (old and new style, versions)",
    page: 'docs/specs/arxiv.md',
    example: 'arXiv:hep-th/9901001v1',
  },
});
