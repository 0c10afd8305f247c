/**
 * Separators as copied from web pages and catalogues: ISBNs and ISSNs printed with a typographic dash, a
 * no-break or thin space, or with a soft hyphen. Each is read as the ASCII character it stands for, and then
 * the number's own rules apply (ISO 2108: a hyphen or a space between elements; ISO 3297: `NNNN-NNNC`):
 *
 * - dashes U+2010 (hyphen), U+2011 (non-breaking hyphen), U+2012 (figure dash), U+2013 (en dash), U+2014 (em
 *   dash), U+2015 (horizontal bar), U+2043 (hyphen bullet), U+2212 (minus), U+FE63 (small hyphen-minus),
 *   U+FF0D (fullwidth hyphen-minus): read as `-`;
 * - spaces U+00A0 (no-break), U+2000 to U+200A (en quad … hair space: U+2007 figure, U+2009 thin), U+202F
 *   (narrow no-break), U+205F (medium mathematical), U+3000 (ideographic): read as ` `;
 * - U+00AD (soft hyphen), U+200B (zero width space), U+2060 (word joiner), U+FEFF (zero width no-break
 *   space): invisible, read as nothing.
 *
 * Zotero's `cleanISBN`/`cleanISSN` (utilities.js) drop the same dashes and the soft hyphen; they read any
 * white space as nothing, where pidgate keeps ISO 2108's and ISO 3297's rules on where a separator may stand.
 * A string that holds none of these characters is given back as it is, nothing allocated.
 */

const DROP = -1;

/** What a character is read as: a char code, DROP, or 0 when it is none of these. */
function readAs(c: number): number {
  if (c < 0xa0) return 0;
  if (c === 0xa0) return 32;
  if (c === 0xad) return DROP;
  if (c < 0x2000) return 0;
  if (c <= 0x200a) return 32;
  if (c === 0x200b) return DROP;
  if (c >= 0x2010 && c <= 0x2015) return 45;
  if (c === 0x202f || c === 0x205f || c === 0x3000) return 32;
  if (c === 0x2043 || c === 0x2212 || c === 0xfe63 || c === 0xff0d) return 45;
  if (c === 0x2060 || c === 0xfeff) return DROP;
  return 0;
}

/** Is `c` a character `asciiSeparators` reads as a hyphen, a space or nothing? */
export function isUnicodeSeparator(c: number): boolean {
  return readAs(c) !== 0;
}

/** `text` with the Unicode separators read as ASCII: the text, and where each of its characters stood. */
export interface AsciiReading {
  readonly text: string;
  /** The index in the original of each index of `text`, and one past: `positions[text.length]`. */
  readonly positions: readonly number[];
  /** The characters read, as `U+2010`, each once, in the order first met. */
  readonly read: readonly string[];
}

/** `text` with its Unicode separators read as ASCII, or null when it holds none (the common case). */
export function asciiSeparators(text: string): AsciiReading | null {
  let i = 0;
  while (i < text.length && readAs(text.charCodeAt(i)) === 0) i++;
  if (i === text.length) return null;
  let out = text.slice(0, i);
  const positions: number[] = [];
  for (let k = 0; k < i; k++) positions.push(k);
  const read: string[] = [];
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const as = readAs(c);
    if (as === 0) {
      out += text.charAt(i);
      positions.push(i);
      continue;
    }
    const name = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
    if (!read.includes(name)) read.push(name);
    if (as === DROP) continue;
    out += String.fromCharCode(as);
    positions.push(i);
  }
  positions.push(text.length);
  return { text: out, positions, read };
}
