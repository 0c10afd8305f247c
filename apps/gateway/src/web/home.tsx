/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { schemes as allSchemes, schemesInWords } from '@pidgate/schemes';
import type { FC } from 'hono/jsx';
import { assetUrl } from './assets.ts';
import { renderPage } from './layout.tsx';

/** How many result rows, errors and groups the page shows at most; the downloads hold everything. */
export const RENDER_CAP = 500;

/** Lines per request when the page sends a list in pieces, and how many requests are in flight at once. */
export const CHUNK_LINES = 10_000;
export const IN_FLIGHT = 3;

export interface HomeProps {
  readonly base: string;
  /** Scheme names, as the registry lists them. */
  readonly schemes: readonly string[];
  readonly profile: string;
  /** The most identifiers one JSON batch request may hold (the gateway's `batchLimit`). */
  readonly batchLimit?: number;
}

/**
 * The text encodings a file may be read in (the page's "Text encoding" control): those `pidgate normalize
 * --encoding` accepts (iconv-lite's names) that the browser's TextDecoder decodes too; ISO-8859-1 is decoded
 * by the page itself (TextDecoder reads that label as Windows-1252, iconv-lite as the bytes' own code points).
 */
export const FILE_ENCODINGS: readonly (readonly [value: string, label: string])[] = [
  ['utf-8', 'UTF-8'],
  ['utf-16le', 'UTF-16 (little-endian, as Windows saves it)'],
  ['utf-16be', 'UTF-16 (big-endian)'],
  ['windows-1252', 'Windows-1252 (Western Europe, Americas: Excel on Windows)'],
  ['iso-8859-1', 'ISO-8859-1 (Latin-1)'],
  ['iso-8859-15', 'ISO-8859-15 (Latin-9, with €)'],
  ['windows-1250', 'Windows-1250 (Central Europe)'],
  ['iso-8859-2', 'ISO-8859-2 (Latin-2)'],
  ['windows-1251', 'Windows-1251 (Cyrillic)'],
  ['iso-8859-5', 'ISO-8859-5 (Cyrillic)'],
  ['koi8-r', 'KOI8-R (Russian)'],
  ['koi8-u', 'KOI8-U (Ukrainian)'],
  ['windows-1253', 'Windows-1253 (Greek)'],
  ['iso-8859-7', 'ISO-8859-7 (Greek)'],
  ['windows-1254', 'Windows-1254 (Turkish)'],
  ['windows-1255', 'Windows-1255 (Hebrew)'],
  ['windows-1256', 'Windows-1256 (Arabic)'],
  ['windows-1257', 'Windows-1257 (Baltic)'],
  ['windows-1258', 'Windows-1258 (Vietnamese)'],
  ['windows-874', 'Windows-874 (Thai)'],
  ['shift_jis', 'Shift_JIS (Japanese)'],
  ['euc-jp', 'EUC-JP (Japanese)'],
  ['gb18030', 'GB18030 (Chinese, simplified)'],
  ['big5', 'Big5 (Chinese, traditional)'],
  ['euc-kr', 'EUC-KR (Korean)'],
];

/** The resolve box: a plain GET form to `/lookup` that the page script enhances in place. */
/** What pidgate reads, in words, from the list of schemes (a new scheme is named here by its definition). */
export const SCHEMES_IN_WORDS = schemesInWords(allSchemes);

export const ResolveForm: FC<{ base: string; value?: string; autofocus?: boolean }> = ({ base, value, autofocus }) => (
  <form id="resolve-form" class="panel" action={`${base}lookup`} method="get">
    <div class="row">
      <div class="grow">
        <label for="resolve-id">Identifier</label>
        <input
          type="text"
          id="resolve-id"
          name="id"
          value={value ?? ''}
          required
          autocomplete="off"
          spellcheck={false}
          autocapitalize="off"
          aria-describedby="resolve-hint"
          autofocus={autofocus}
          placeholder="ark:/12025/654xz321"
        />
      </div>
      <button type="submit">Look up</button>
    </div>
    <p class="hint" id="resolve-hint">
      An identifier of any scheme pidgate reads ({SCHEMES_IN_WORDS}), as written anywhere (
      <code>ark:/12025/654xz321</code>, <code>https://n2t.net/ark:/12025/654xz321</code>,{' '}
      <code>urn:nbn:de:bvb:19-146642</code>). Nothing is followed: you see where it goes first.
    </p>
  </form>
);

const Home: FC<HomeProps> = ({ base, schemes, profile, batchLimit = 10_000 }) => (
  <>
    <section aria-labelledby="resolve">
      <h2 id="resolve">Resolve an identifier</h2>
      <ResolveForm base={base} />
      <div id="resolve-result" aria-live="polite" aria-atomic="false" data-base={base} />
    </section>

    <section aria-labelledby="normalize">
      <h2 id="normalize">Normalize a list</h2>
      <form id="normalize-form" class="panel" action={`${base}api/v1/normalize`} method="post">
        <noscript>
          <p class="status-bad">
            Normalizing a list in this page needs JavaScript. Without it, send the list to{' '}
            <code>POST {base}api/v1/normalize</code> (one identifier per line, <code>text/plain</code>) or use{' '}
            <code>pidgate normalize</code>.
          </p>
        </noscript>
        <label for="normalize-text">Identifiers, one per line</label>
        <textarea
          id="normalize-text"
          name="identifiers"
          rows={10}
          spellcheck={false}
          autocapitalize="off"
          aria-describedby="normalize-hint"
        />
        <p class="hint" id="normalize-hint">
          Paste a list, or choose a file below: a text file with one identifier per line, a spreadsheet saved as CSV or
          TSV, or an Excel workbook (.xlsx; you pick the sheet and the column; the downloads keep your other columns).
          Text files are read and sent in pieces, so lists of millions of lines work; a workbook is read whole in the
          page (100,000 rows work). A file that is not UTF-8 (a CSV saved by Excel on Windows, say) is read in the
          encoding it looks like, and the page says which; choose its encoding under Options to read it otherwise. Each
          line gets its normalized form or the reason it is not an identifier; equivalent identifiers are grouped.
        </p>
        <div class="row">
          <div>
            <label for="normalize-file">Or a file</label>
            <input
              type="file"
              id="normalize-file"
              accept=".txt,.csv,.tsv,.tab,.lst,.xlsx,text/plain,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            />
          </div>
          <div>
            <label for="normalize-profile">Profile</label>
            <select id="normalize-profile" name="profile">
              <option value="source" selected={profile === 'source'}>
                source (as the specifications define)
              </option>
              <option value="modern" selected={profile === 'modern'}>
                modern (today's ARK practice)
              </option>
            </select>
          </div>
          <button type="submit" id="normalize-run" disabled>
            Normalize
          </button>
          <button type="button" class="secondary" id="normalize-stop" hidden>
            Stop
          </button>
        </div>
        <fieldset id="list-options">
          <legend>Options</legend>
          <div class="row">
            <div>
              <label for="normalize-level">Equivalent when</label>
              <select id="normalize-level" aria-describedby="level-hint">
                <option value="standard" selected>
                  the scheme's standard says so (standard)
                </option>
                <option value="lexical">the normalized forms are equal (lexical)</option>
              </select>
            </div>
            <div>
              <label for="file-encoding">Text encoding of a file</label>
              <select id="file-encoding" aria-describedby="encoding-hint">
                <option value="" selected>
                  detect (UTF-8, UTF-16 by its mark, else a guess)
                </option>
                {FILE_ENCODINGS.map(([value, label]) => (
                  <option value={value}>{label}</option>
                ))}
              </select>
            </div>
            <div>
              <input type="checkbox" id="normalize-trim" />{' '}
              <label for="normalize-trim" class="inline">
                Remove spaces around each identifier (--trim)
              </label>
            </div>
            <div>
              <input type="checkbox" id="normalize-unique" />{' '}
              <label for="normalize-unique" class="inline">
                CSV download: one row per group, with a count (--unique)
              </label>
            </div>
            <div>
              <input type="checkbox" id="normalize-raw" />{' '}
              <label for="normalize-raw" class="inline">
                Keep formula-looking cells as they are (--raw-formulas)
              </label>
            </div>
          </div>
          <p class="hint" id="level-hint">
            Standard: identifiers that name the same thing under their scheme's own standard are one group, so an
            ISBN-10 and the ISBN-13 of the same book (<code>0-395-36341-1</code>, <code>978-0-395-36341-6</code>) are
            grouped, and shown by the ISBN-13; an ISNI and the ORCID iD with the same digits too. Lexical: only
            identifiers whose normalized forms are equal. In downloads, a cell that starts with <code>=</code>,{' '}
            <code>+</code>, <code>-</code>, <code>@</code>, a tab or a carriage return gets a <code>'</code> before it,
            so that a spreadsheet shows it as text instead of running it; CSV downloads start with a byte-order mark, so
            that spreadsheet programs read them as UTF-8. <code>pidgate normalize</code> does the same.
          </p>
          <p class="hint" id="encoding-hint">
            Text encoding: how the bytes of a text, CSV or TSV file are read (<code>--encoding</code>). Detect reads
            UTF-8, or UTF-16 when the file starts with its byte-order mark, and otherwise guesses the legacy encoding
            the file looks like (Windows-1252 for Excel's “CSV (Comma delimited)”), and says so. Choosing one reads the
            file again in it. A byte that is not text in the encoding read is never replaced: the page stops there,
            naming the line.
          </p>
        </fieldset>
        <fieldset id="csv-options" hidden>
          <legend>
            Spreadsheet <span id="csv-file" />
          </legend>
          <div class="row">
            <div id="sheet-choice" hidden>
              <label for="csv-sheet">Sheet</label>
              <select id="csv-sheet" aria-describedby="csv-hint" />
            </div>
            <div id="delimiter-choice">
              <label for="csv-delimiter">Separator</label>
              <select id="csv-delimiter">
                <option value="" selected>
                  found in the file
                </option>
                <option value=",">comma ,</option>
                <option value=";">semicolon ;</option>
                <option value={'\t'}>tab</option>
                <option value="|">bar |</option>
              </select>
            </div>
            <div class="grow">
              <label for="csv-column">Column with the identifiers</label>
              <select id="csv-column" aria-describedby="csv-hint" />
            </div>
            <div>
              <input type="checkbox" id="csv-header" checked />{' '}
              <label for="csv-header" class="inline">
                The first row is a header
              </label>
            </div>
            <button type="button" class="secondary" id="csv-clear">
              Not this file
            </button>
          </div>
          <p class="hint" id="csv-hint">
            A workbook's first sheet is read at first; choosing another sheet reads that one, and the column is chosen
            again. The column chosen at first is the one whose cells (in the first 100 rows) are identifiers most often;
            a tie goes to a column named like <code>doi</code>, <code>identifier</code>, <code>id</code> or{' '}
            <code>isbn</code>, then to the leftmost. The first row is taken as a header when its cell is no identifier
            while a cell below it is. Normalize reads the chosen column of every row. The CSV download holds your rows
            as they are, then the columns <code>scheme</code>, <code>normalized</code>, <code>url</code>,{' '}
            <code>group</code>, <code>error_code</code> and <code>error_message</code>, as{' '}
            <code>pidgate group --format csv</code> writes them, and <code>warnings</code>: the codes of what was read
            but is worth a look (a Unicode dash read in an ISBN, an ISBN in a range the ISBN agency has not allocated, a
            URN namespace IANA has not registered).
          </p>
        </fieldset>
      </form>

      <div id="normalize-result" hidden>
        <p id="normalize-status" role="status" aria-live="polite" />
        <p id="normalize-encoding" class="hint" hidden />
        <progress id="normalize-progress" max="1" value="0" aria-label="Progress" hidden />
        <div class="summary" id="normalize-summary" />
        <p>
          <button type="button" class="secondary" id="download-csv" disabled>
            Download CSV
          </button>{' '}
          <button type="button" class="secondary" id="download-json" disabled>
            Download JSON
          </button>{' '}
          <button type="button" class="secondary" id="download-xlsx" disabled>
            Download XLSX
          </button>
        </p>
        <h3 id="groups-title">Equivalence groups</h3>
        <p class="hint" id="groups-note" />
        <ol class="groups" id="groups-list" aria-labelledby="groups-title" />
        <h3 id="errors-title">Errors</h3>
        <p class="hint" id="errors-note" />
        <table aria-labelledby="errors-title">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Input (offending character marked)</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody id="errors-body" />
        </table>
        <h3 id="rows-title">Every line</h3>
        <p class="hint" id="rows-note" />
        <table aria-labelledby="rows-title">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Input</th>
              <th scope="col">Normalized</th>
              <th scope="col">Scheme</th>
              <th scope="col">URL</th>
              <th scope="col">Warnings</th>
            </tr>
          </thead>
          <tbody id="rows-body" />
        </table>
      </div>
    </section>

    <section aria-labelledby="more">
      <h2 id="more">For programs and operators</h2>
      <ul>
        <li>
          <code>GET {base}</code>
          <i>identifier</i> redirects to the identifier's target; append <code>?</code>, <code>??</code> or{' '}
          <code>?info</code> for its metadata (text, JSON or HTML by <code>Accept</code>).
        </li>
        <li>
          The batch API (<code>parse</code>, <code>normalize</code>, <code>compare</code>, <code>resolve</code>) is
          described in <a href={`${base}openapi.json`}>openapi.json</a> (OpenAPI 3.1), readable in the{' '}
          <a href={`${base}docs/api`}>API reference</a>.
        </li>
        <li>
          Schemes: {schemes.join(', ')}. Health: <a href={`${base}healthz`}>healthz</a>, metrics:{' '}
          <a href={`${base}metrics`}>metrics</a>.
        </li>
      </ul>
    </section>
    <template
      id="cap"
      data-cap={String(RENDER_CAP)}
      data-chunk-lines={String(CHUNK_LINES)}
      data-in-flight={String(IN_FLIGHT)}
      data-batch-limit={String(batchLimit)}
      data-papaparse={assetUrl(base, 'papaparse.min.js')}
      data-sheets={assetUrl(base, 'sheets.js')}
      data-jschardet={assetUrl(base, 'jschardet.min.js')}
      data-exceljs={assetUrl(base, 'exceljs.min.js')}
    />
  </>
);

/** The home page (`/` for browsers). */
export function renderHome(props: HomeProps): string {
  return renderPage(
    {
      title: 'pidgate',
      base: props.base,
      script: true,
      lede: 'Look up where a persistent identifier leads and what is known about it, or check a whole list.',
    },
    <Home {...props} />,
  );
}
