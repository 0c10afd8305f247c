import type { SchemeOptions } from '@pidgate/core';
import { parseIsbn } from './parse.ts';
import { hyphenateDigits } from './ranges.ts';

/**
 * An ISBN hyphenated as the ISBN International Agency's range table places its elements (ISO 2108 §5):
 * `hyphenateIsbn('9780395363416')` is `978-0-395-36341-6`, `hyphenateIsbn('ISBN 0395363411')` is
 * `0-395-36341-1` (an ISBN-10 stays one). `input` is anything `parseIsbn` reads (bare, labelled,
 * `urn:isbn:`, separators anywhere). Null when it is no valid ISBN, or when its registration group or
 * registrant element lies in a range the table does not allocate (no place for the hyphens). Never throws.
 */
export function hyphenateIsbn(input: string, options?: HyphenateOptions): string | null {
  const parsed = parseIsbn(input, options);
  if (!parsed.ok) return null;
  const { digits, isbn13 } = parsed.value.isbn;
  return hyphenateDigits(options?.isbn13 ? isbn13 : digits, isbn13);
}

export interface HyphenateOptions extends SchemeOptions {
  /** Give the ISBN-13 of an ISBN-10 (`0395363411` → `978-0-395-36341-6`) instead of the ISBN as written. */
  readonly isbn13?: boolean;
}
