// pidgate's page module for files as people save them: the text encoding of a file that is not UTF-8,
// and Excel workbooks (.xlsx) in and out. Loaded by pidgate.js when a file is chosen; it loads jschardet
// (the detector `pidgate normalize` asks too) only for a file that is not UTF-8, and exceljs only for a
// workbook, both served by this gateway. Nothing is sent anywhere but to this gateway's own API.

const settings = document.getElementById('cap')?.dataset ?? {};
const fmt = new Intl.NumberFormat('en');
/** How much of a file decides its encoding. */
const HEAD = 1 << 16;

const loading = new Map();
/** A browser build that defines `global`, loaded once from this gateway. */
function load(url, global) {
  if (window[global]) return Promise.resolve(window[global]);
  if (!loading.has(url)) {
    loading.set(
      url,
      new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.onload = () => resolve(window[global]);
        script.onerror = () => {
          loading.delete(url);
          reject(new Error(`${global} could not be loaded`));
        };
        document.head.append(script);
      }),
    );
  }
  return loading.get(url);
}

// ---------------------------------------------------------------------------------------------------
// Encodings: the same rule as `pidgate normalize` (apps/cli/src/decode.ts). A UTF-16 byte-order mark
// says UTF-16; a start that is valid UTF-8 says UTF-8; anything else is jschardet's best guess among the
// legacy encodings spreadsheets save, decoded by the browser's TextDecoder. Nothing is ever replaced:
// a byte that is not text in the encoding read stops the run, naming its line.

/** The encodings a guess may give (jschardet's spelling), as in the CLI. */
const GUESSABLE = [
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'iso-8859-1',
  'iso-8859-2',
  'iso-8859-5',
  'iso-8859-7',
  'iso-8859-15',
  'koi8-r',
  'koi8-u',
  'shift_jis',
  'cp932',
  'euc-jp',
  'gb18030',
  'big5',
  'euc-kr',
  'cp949',
  'cp874',
];
const CANONICAL = { cp932: 'shift_jis', cp949: 'euc-kr', cp874: 'windows-874', 'iso8859-15': 'iso-8859-15' };
const LEAST_CONFIDENCE = 0.005;

/** windows-1252 first when it scores within 75% of the best (as the CLI's `preferWestern`). */
function preferWestern(candidates) {
  const best = candidates[0]?.confidence ?? 0;
  const western = candidates.find((c) => c.encoding?.toLowerCase() === 'windows-1252');
  if (!western || western === candidates[0] || western.confidence < best * 0.75) return candidates;
  return [western, ...candidates.filter((c) => c !== western)];
}

function decodes(encoding, bytes) {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The encoding of `file`: { encoding, guessed }. */
export async function encodingOf(file) {
  const head = new Uint8Array(await file.slice(0, HEAD).arrayBuffer());
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', guessed: false };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', guessed: false };
  if (decodes('utf-8', head)) return { encoding: 'utf-8', guessed: false };
  const jschardet = await load(settings.jschardet, 'jschardet');
  const candidates = preferWestern(jschardet.detectAll(head, { detectEncodings: GUESSABLE, minimumThreshold: 0 }));
  for (const c of candidates) {
    if (!c.encoding || c.confidence < LEAST_CONFIDENCE) break;
    const lower = c.encoding.toLowerCase();
    const encoding = CANONICAL[lower] ?? lower;
    if (decodes(encoding, head)) return { encoding, guessed: true };
  }
  return { encoding: 'windows-1252', guessed: true };
}

/** The encoding chosen on the page ("Text encoding of a file"), or null for "detect". */
function chosenEncoding() {
  const value = document.getElementById('file-encoding')?.value ?? '';
  return value === '' ? null : value;
}

/**
 * How `file` is read: the encoding chosen on the page, else the one found (`encodingOf`); with what
 * detection found in either case, so that the page can show both. { encoding, guessed, chosen, detected }.
 */
export async function readingOf(file) {
  const detected = await encodingOf(file);
  const chosen = chosenEncoding();
  return chosen === null
    ? { encoding: detected.encoding, guessed: detected.guessed, chosen: false, detected }
    : { encoding: chosen, guessed: false, chosen: true, detected };
}

/**
 * ISO-8859-1 as `pidgate normalize --encoding iso-8859-1` reads it (iconv-lite): each byte the code point of
 * its value. (TextDecoder reads the label iso-8859-1 as Windows-1252.) No byte is invalid.
 */
class Latin1Decoder {
  decode(input = new Uint8Array(0)) {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    let text = '';
    for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
    return text;
  }
}

/** A decoder of `encoding` that throws on a byte that is not text in it (`fatal`), never replacing one. */
function decoderOf(encoding, fatal = true) {
  return encoding === 'iso-8859-1' ? new Latin1Decoder() : new TextDecoder(encoding, { fatal });
}

/** Tell the person what the file was read as: when guessed (not UTF-8) or chosen, with what detection found. */
function showEncoding(file, reading) {
  const note = document.getElementById('normalize-encoding');
  if (!note) return;
  const { encoding, guessed, chosen, detected } = reading;
  note.hidden = !guessed && !chosen;
  note.dataset.encoding = encoding;
  note.dataset.detected = detected.encoding;
  note.dataset.chosen = String(chosen);
  const sample = `its first ${fmt.format(Math.min(file.size, HEAD))} bytes`;
  const found = detected.guessed ? `guessed ${detected.encoding} from ${sample}` : `found ${detected.encoding}`;
  note.textContent = chosen
    ? `${file.name} was read as ${encoding}, as chosen under Options (detection ${found}).`
    : guessed
      ? `${file.name} is not UTF-8: it was read as ${encoding} (encoding-guessed, from ${sample}). If letters look wrong, choose its encoding under Options, or save the file as UTF-8 and choose it again.`
      : '';
}

/** The text of `file` in its first piece (for the header and the delimiter), in the encoding it is read in. */
export async function headText(file) {
  const { encoding } = await readingOf(file);
  return decoderOf(encoding, false).decode(await file.slice(0, HEAD).arrayBuffer(), { stream: true });
}

/**
 * The text of a File as it is read, { text, position } (position: bytes read), in the encoding chosen or
 * found (a byte-order mark dropped); a byte that is not text in it stops with invalid-encoding and its line.
 */
export async function* decodedText(file) {
  const found = await readingOf(file);
  showEncoding(file, found);
  const decoder = decoderOf(found.encoding);
  const reader = file.stream().getReader();
  let position = 0;
  let line = 1;
  const lines = (text) => {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
  };
  const invalid = (bytes) => {
    // Where: the piece decoded again with replacement, its first U+FFFD.
    const text = decoderOf(found.encoding, false).decode(bytes);
    lines(text.slice(0, Math.max(0, text.indexOf('\ufffd'))));
    return new Error(
      `line ${fmt.format(line)} is not ${found.encoding} text (invalid-encoding); nothing was replaced. Choose the file's encoding under Options, or save it as UTF-8 and choose it again`,
    );
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      position += value.byteLength;
      let text;
      try {
        text = decoder.decode(value, { stream: true });
      } catch {
        throw invalid(value);
      }
      lines(text);
      yield { text, position };
    }
    let last;
    try {
      last = decoder.decode();
    } catch {
      throw invalid(new Uint8Array(0));
    }
    if (last) yield { text: last, position };
  } finally {
    reader.cancel().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------
// Workbooks: one sheet (the first, or the one chosen) read whole in the page by exceljs (as `pidgate
// normalize --format xlsx --sheet NAME` reads a sheet: each cell as its value, empty rows skipped), and the
// results written as a workbook. exceljs' browser build cannot stream: the workbook is loaded whole, its
// sheet's rows kept, the rest let go (docs/cli.md, "The page and large workbooks").

export function isWorkbook(file) {
  return (
    /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  );
}

/** The text of a cell, as `pidgate normalize --format xlsx` reads it (apps/cli/src/xlsx.ts, cellText). */
export function cellText(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = Number.isNaN(value.getTime()) ? '' : value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) return String(value.error);
  if ('hyperlink' in value) return cellText(value.text);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  return '';
}

/** A cell's value as written back: formulas by their result, rich text as its text. */
function plainValue(value) {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return cellText(value);
  if ('hyperlink' in value) return cellText(value);
  if ('formula' in value || 'sharedFormula' in value) return plainValue(value.result);
  return value;
}

/**
 * A workbook's sheet `name` (default: its first): { sheet, sheetNames, rows, firstRow } with each row's
 * values (from column A), empty rows left out. The workbook itself is not kept: choosing another sheet reads
 * the file again, so that memory holds one sheet's rows.
 */
export async function readWorkbook(file, name = null) {
  const ExcelJS = await load(settings.exceljs, 'ExcelJS');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch (e) {
    throw new Error(`it is not an .xlsx workbook (not-a-workbook: ${e.message})`);
  }
  const sheetNames = workbook.worksheets.map((w) => w.name);
  const sheet = name === null ? workbook.worksheets[0] : workbook.getWorksheet(name);
  if (!sheet) throw new Error(name === null ? 'the workbook has no sheet' : `the workbook has no sheet “${name}”`);
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = row.values.slice(1);
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    if (cells.some((c) => cellText(c) !== '')) rows.push(cells);
  });
  return { sheet: sheet.name, sheetNames, rows, firstRow: rows[0]?.map(cellText) ?? [] };
}

/**
 * The rows of a workbook as pieces { values, cells, position }, as pidgate.js reads a CSV: the header
 * row left out, short rows padded; a cell to the right of the first row's stops the run.
 */
export function* workbookPieces(table, column, size) {
  const { rows } = table.workbook;
  const width = rows[0].length;
  const chunk = Number(settings.chunkLines ?? 10_000);
  for (let start = table.header ? 1 : 0; start < rows.length; start += chunk) {
    const values = [];
    const cells = [];
    for (const row of rows.slice(start, start + chunk)) {
      const texts = row.map(cellText);
      const beyond = texts.findIndex((t, i) => i >= width && t !== '');
      if (beyond !== -1) {
        const error = new Error(
          `row ${fmt.format(rows.indexOf(row) + 1)} has a cell to the right of the first row's ${width} columns`,
        );
        error.name = 'TableError';
        throw error;
      }
      texts.length = width;
      for (let i = 0; i < width; i++) texts[i] ??= '';
      values.push(texts[column]);
      cells.push(texts);
    }
    yield { values, cells, position: Math.round((size * Math.min(rows.length, start + chunk)) / rows.length) };
  }
}

const NUMERIC = new Set(['line', 'group', 'error_offset']);

/**
 * The XLSX download: the rows of the CSV download (the same columns), with a workbook's own cells (numbers,
 * dates) in place of their text when the list came from one.
 */
export async function downloadXlsx(run) {
  if (!run) return;
  const [ExcelJS, Papa] = await Promise.all([load(settings.exceljs, 'ExcelJS'), load(settings.papaparse, 'Papa')]);
  let text = await new Blob(run.csvParts).text();
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parsed = Papa.parse(text, { delimiter: run.table?.delimiter ?? ',', newline: '\r\n', skipEmptyLines: true });
  const rows = parsed.data;
  const source = run.table?.workbook?.rows;
  if (source) {
    // Output row k is input row k (a header for a header); the input's cells keep their values.
    rows.forEach((row, k) => {
      const cells = source[k];
      if (!cells) return;
      for (let i = 0; i < cells.length && i < source[0].length; i++) row[i] = plainValue(cells[i]) ?? '';
    });
  }
  // Numbers where the columns hold counts (line, group, error_offset); an empty cell stays empty.
  const header = run.table && !run.table.header ? [] : (rows[0] ?? []);
  const numeric = header.flatMap((name, i) => (NUMERIC.has(name) && i >= (source?.[0]?.length ?? 0) ? [i] : []));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(run.table?.workbook?.sheet ?? 'pidgate');
  rows.forEach((row, k) => {
    for (let i = 0; i < row.length; i++) if (row[i] === '') row[i] = null;
    if (k > 0) for (const i of numeric) if (/^[0-9]{1,15}$/.test(row[i] ?? '')) row[i] = Number(row[i]);
    sheet.addRow(row);
  });
  const buffer = await workbook.xlsx.writeBuffer();
  const url = URL.createObjectURL(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = 'pidgate-normalized.xlsx';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
