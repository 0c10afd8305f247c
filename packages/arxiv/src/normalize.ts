import type { SchemeOptions } from '@pidgate/core';
import type { ArxivComponents } from './parse.ts';

/**
 * arXiv's preferred external form: `arXiv:` and the identifier, the archive in lower case, the subject
 * class dropped (`math.GT/0309136` is `arXiv:math/0309136`), the version kept: `…v2` names version 2 and
 * the identifier without a version names the article, so they are different identifiers. A new-style
 * identifier (its number holds a ".") has no archive: one written before it is dropped.
 */
export function normalizeArxiv(
  c: Pick<ArxivComponents, 'archive' | 'number' | 'version'>,
  _options?: SchemeOptions,
): string {
  const id = c.archive === null || c.number.includes('.') ? c.number : `${c.archive.toLowerCase()}/${c.number}`;
  return `arXiv:${id}${c.version === null ? '' : `v${c.version}`}`;
}

/** The article an identifier names, whatever its version: the key to group versions together. */
export function arxivArticle(c: Pick<ArxivComponents, 'archive' | 'number'>): string {
  return normalizeArxiv({ archive: c.archive, number: c.number, version: null });
}
