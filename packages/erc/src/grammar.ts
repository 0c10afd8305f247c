/**
 * Character classes of ANVL and ERC (draft-kunze-ark-09 §7). No regular expressions:
 * every scan is a char-code loop, so nothing can backtrack.
 */

export const SPACE = 32;
export const TAB = 9;
export const CR = 13;
export const LF = 10;

/** Whitespace an ANVL line may carry around its parts: space, tab, and the CR of a CRLF. */
export function isWs(c: number): boolean {
  return c === SPACE || c === TAB || c === CR;
}

/** "indenting the next line" (§7.1): a continuation line starts with a space or a tab. */
export function isIndent(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** A blank line ends a record (§7.1): empty, or nothing but whitespace. */
export function isBlankLine(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (!isWs(line.charCodeAt(i))) return false;
  return true;
}

/** Trim spaces, tabs and CRs from both ends (not the wider Unicode set of `String.prototype.trim`). */
export function trimWs(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isWs(s.charCodeAt(a))) a++;
  while (b > a && isWs(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** Index of the first character at or after `from` that is not whitespace. */
export function skipWs(s: string, from: number): number {
  let i = from;
  while (i < s.length && isWs(s.charCodeAt(i))) i++;
  return i;
}
