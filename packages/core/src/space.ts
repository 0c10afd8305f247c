/**
 * What may surround an identifier pasted from a document, a web page or a spreadsheet, and is never
 * part of one: white space (the characters of Unicode's White_Space property: tab, line feed, vertical
 * tab, form feed, carriage return, space, U+0085, no-break space U+00A0, U+1680, U+2000..U+200A, U+2028,
 * U+2029, U+202F, U+205F, ideographic space U+3000) and the invisible format characters that travel with
 * copied text: zero width space U+200B, word joiner U+2060 and the byte-order mark U+FEFF.
 */
export function isSurroundingSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x2060 ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The offset of the first surrounding-space character at either end of `input` (see above), or -1. */
export function surroundingSpace(input: string): number {
  if (isSurroundingSpace(input.charCodeAt(0))) return 0;
  let end = input.length;
  while (end > 0 && isSurroundingSpace(input.charCodeAt(end - 1))) end--;
  return end === input.length ? -1 : end;
}

/** `text` without the surrounding-space characters at either end, in linear time. */
export function trimSurroundingSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSurroundingSpace(text.charCodeAt(start))) start++;
  while (end > start && isSurroundingSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
