// The spreadsheet policy of the home page's list normalizer: the same rules as @pidgate/core's
// text/sheet.ts and trimSurroundingSpace (packages/core/src/space.ts), which `pidgate normalize` and
// `pidgate group` follow (docs/cli.md, "Spreadsheets"). This copy is held to them by the same table of
// cases (SHEET_CASES of @pidgate/core/testing; apps/gateway/src/web/sheet.test.ts). An ES module, imported
// by pidgate.js; no build step.

/** The separators sniffDelimiter looks for, in order of preference. */
export const DELIMITER_CANDIDATES = [',', ';', '\t', '|'];
const SNIFF_ROWS = 20;

/**
 * The cell separator of a CSV file from its first rows: the first of , ; tab | that the first row has and
 * every other non-blank row has as often (outside quotes); "," when none does. A row cut off at the end
 * of `head` is not counted, unless it is the only one.
 */
export function sniffDelimiter(head) {
  const rows = [];
  let counts = new Map();
  let quoted = false;
  let blank = true;
  for (let i = 0; i < head.length && rows.length < SNIFF_ROWS; i++) {
    const c = head[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (!blank) rows.push(counts);
      counts = new Map();
      blank = true;
      continue;
    } else if (!quoted && DELIMITER_CANDIDATES.includes(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
    if (c !== ' ' && c !== '\ufeff') blank = false;
  }
  if (rows.length === 0 && !blank) rows.push(counts);
  const first = rows[0];
  if (!first) return ',';
  for (const candidate of DELIMITER_CANDIDATES) {
    const n = first.get(candidate) ?? 0;
    if (n > 0 && rows.every((row) => (row.get(candidate) ?? 0) === n)) return candidate;
  }
  return ',';
}

/** Header names that hint at the identifier column (a plural "s" allowed, any case). */
export const COLUMN_HINTS = [
  'identifier',
  'identifikator',
  'identifiant',
  'id',
  'pid',
  'doi',
  'isbn',
  'issn',
  'orcid',
  'urn',
  'ark',
  'handle',
  'hdl',
  'uri',
  'url',
];

export function isColumnHint(name) {
  const n = String(name).trim().toLowerCase();
  return COLUMN_HINTS.some((hint) => n === hint || n === `${hint}s`);
}

/** How many rows below the first the page samples to choose the column. */
export const SAMPLE_ROWS = 100;

/** The column whose cells parse most often; a tie to a hint name, then to the leftmost. */
export function chooseColumn(header, parsed) {
  let best = 0;
  for (let i = 1; i < parsed.length; i++) {
    const n = parsed[i] ?? 0;
    const m = parsed[best] ?? 0;
    if (n > m || (n === m && header !== null && isColumnHint(header[i] ?? '') && !isColumnHint(header[best] ?? '')))
      best = i;
  }
  return best;
}

/** The first row is a header when its cell is no identifier and one below is (or its name is a hint). */
export function firstRowIsHeader(firstParses, name, parsedBelow) {
  return !firstParses && (parsedBelow > 0 || isColumnHint(name));
}

/** A cell a spreadsheet would run as a formula (= + - @ tab CR first) gets a "'" before it (OWASP). */
export function neutralizeFormula(cell) {
  if (cell.length === 0) return cell;
  const c = cell.charCodeAt(0);
  return c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d ? `'${cell}` : cell;
}

function isSurroundingSpace(c) {
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

/** White space and U+200B, U+2060, U+FEFF removed from both ends (what --trim does). */
export function trimSurroundingSpace(text) {
  let start = 0;
  let end = text.length;
  while (start < end && isSurroundingSpace(text.charCodeAt(start))) start++;
  while (end > start && isSurroundingSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}
