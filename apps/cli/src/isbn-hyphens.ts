import type { NormalizeRecord } from '@pidgate/core';
import { hyphenateIsbn } from '@pidgate/isbn';

/**
 * `normalize --isbn-hyphens`: the ISBN-13 of a record whose key is an ISBN's (`urn:isbn:…`: a bare or
 * labelled ISBN, or a `urn:isbn:` URN), hyphenated as the ISBN range table places its elements
 * (`978-0-395-36341-6`); null when its group or registrant range is not allocated; undefined for every other
 * record (no field written). The range table is read on the first call only.
 */
export function hyphenatedIsbn(record: NormalizeRecord): string | null | undefined {
  if (!record.ok || !record.normalized.startsWith('urn:isbn:')) return undefined;
  return hyphenateIsbn(record.normalized, { isbn13: true });
}
