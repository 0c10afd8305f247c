/**
 * The spreadsheet policy every program of pidgate follows (`pidgate normalize`/`group` and the home page's
 * list normalizer alike; docs/cli.md, "Spreadsheets"): the cell separator found in a CSV file, the column
 * holding the identifiers, whether the first row is a header, and the cells a spreadsheet would run as
 * formulas. The page runs a JavaScript copy of these functions (apps/gateway/src/web/assets/sheet.js),
 * held to this one by the same table of cases (`SHEET_CASES`, sheet.cases.ts).
 */

/** The separators `sniffDelimiter` looks for, in order of preference. */
export const DELIMITER_CANDIDATES: readonly string[] = [',', ';', '\t', '|'];
/** How many of a file's first rows `sniffDelimiter` reads. */
const SNIFF_ROWS = 20;

/**
 * The cell separator of a CSV file from its first rows (the beginning of the file, `head`): the first of
 * `,` `;` tab `|` that the first row has, and every other non-blank row of `head` has as often (counted
 * outside quotes); "," when none does (a one-column list whose first identifier holds a ";", such as a
 * SICI DOI, stays one column). A row cut off at the
 * end of `head` is not counted, unless it is the only one. Linear in the length of `head`.
 */
export function sniffDelimiter(head: string): string {
  const rows = firstRows(head);
  const first = rows[0];
  if (!first) return ',';
  for (const candidate of DELIMITER_CANDIDATES) {
    const n = first.get(candidate) ?? 0;
    if (n > 0 && rows.every((row) => (row.get(candidate) ?? 0) === n)) return candidate;
  }
  return ',';
}

/** For each of the first non-blank rows of `head`, how often each candidate separator occurs outside quotes. */
function firstRows(head: string): Map<string, number>[] {
  const rows: Map<string, number>[] = [];
  let counts = new Map<string, number>();
  let quoted = false;
  let blank = true;
  for (let i = 0; i < head.length && rows.length < SNIFF_ROWS; i++) {
    const c = head[i] as string;
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
  return rows;
}

/**
 * Header names that hint at the identifier column (compared after trimming, in any case, a plural "s"
 * allowed): they decide between columns whose cells parse equally often, never against the content.
 */
export const COLUMN_HINTS: readonly string[] = [
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

/** Is `name` (a header cell) one of `COLUMN_HINTS`? */
export function isColumnHint(name: string): boolean {
  const n = name.trim().toLowerCase();
  return COLUMN_HINTS.some((hint) => n === hint || n === `${hint}s`);
}

/** How many rows `chooseColumn`'s callers look at below the first one. */
export const SAMPLE_ROWS = 100;

/**
 * The column holding the identifiers: the one whose cells (in the rows below the first) parse most often;
 * a tie goes to a column whose header name is a hint (`COLUMN_HINTS`), then to the leftmost. `parsed[i]`
 * counts the cells of column i that parse; `header` is the first row (or null when it is known to be data).
 */
export function chooseColumn(header: readonly string[] | null, parsed: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < parsed.length; i++) {
    const n = parsed[i] ?? 0;
    const m = parsed[best] ?? 0;
    if (n > m || (n === m && header !== null && isColumnHint(header[i] ?? '') && !isColumnHint(header[best] ?? '')))
      best = i;
  }
  return best;
}

/**
 * Whether the first row is a header when the user did not say: its cell in the chosen column is not an
 * identifier, and a cell below it in that column is, or its name is a hint. One row alone is data.
 */
export function firstRowIsHeader(firstParses: boolean, name: string, parsedBelow: number): boolean {
  return !firstParses && (parsedBelow > 0 || isColumnHint(name));
}

/**
 * A cell a spreadsheet would run as a formula (OWASP, "CSV Injection"): it starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return. Such a cell is written with a `'` before it, which spreadsheets show as text
 * and do not run; every other cell is written as it is.
 */
export function neutralizeFormula(cell: string): string {
  if (cell.length === 0) return cell;
  const c = cell.charCodeAt(0);
  return c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d ? `'${cell}` : cell;
}
