/**
 * The spreadsheet policy in words: the "Spreadsheets" section of docs/cli.md (generated with the CLI
 * reference). `pidgate normalize`, `pidgate group` and the gateway's home page follow it alike: the
 * rules are `packages/core/src/text/sheet.ts`, the page's copy `apps/gateway/src/web/assets/sheet.js`.
 */
export const SPREADSHEET_POLICY = `## Spreadsheets: one policy for the CLI and the page

\`pidgate normalize\`, \`pidgate group\` and the list normalizer of the gateway's home page read and write
spreadsheets by the same rules (\`packages/core/src/text/sheet.ts\`; the page runs a copy,
\`apps/gateway/src/web/assets/sheet.js\`, held to it by the same table of cases).

- **Separator.** Unless given (\`--delimiter\`; the page's "Separator" control), the first of \`,\` \`;\` tab \`|\`
  that the first row has and every one of the first 20 rows has as often, outside quotes; \`,\` when none
  does. A \`;\` CSV as Excel saves it in German or French is read as \`;\`; a one-column list whose first
  identifier holds a \`;\` (a SICI DOI) stays one column.
- **Identifier column.** Unless given (\`--column\`; the page's column picker, which starts here): the
  column whose cells parse most often in the 100 rows below the first; a tie goes to a column whose
  header is \`identifier\`, \`identifikator\`, \`identifiant\`, \`id\`, \`pid\`, \`doi\`, \`isbn\`, \`issn\`, \`orcid\`,
  \`urn\`, \`ark\`, \`handle\`, \`hdl\`, \`uri\` or \`url\` (any case, a plural "s" allowed), then to the leftmost.
  The header names only break ties: \`Titel;Identifikator;Bemerkung\` with DOIs in the middle column picks
  the middle column because its cells are DOIs. When no cell below the first row parses (a file of one
  row), the first row's own cells decide.
- **Header.** Unless given (\`--header\`/\`--no-header\`, a \`--column\` NAME, or the page's checkbox): the first
  row is a header when its cell in the chosen column is no identifier while a cell below it is (or its
  name is one of the names above). With a \`--column\` NUMBER the first row is data unless \`--header\`.
- **Byte-order mark.** CSV and TSV output always starts with a UTF-8 byte-order mark, whatever the input
  had: without one, Excel reads UTF-8 as Windows-1252 and shows \`PrÃ¼fung\` for \`Prüfung\`. \`--no-bom\`
  leaves it out (for programs that do not expect one); \`--bom\` says the default. NDJSON and JSON never
  have one. The page's downloads always have it.
- **Formula cells.** A cell that starts with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return is one a
  spreadsheet may run as a formula (OWASP, "CSV Injection"); every such cell of CSV and TSV output (the
  input's cells, the header and pidgate's columns alike) is written with a \`'\` before it, which
  spreadsheets show as text. \`--raw-formulas\` (the page: "Keep formula-looking cells as they are")
  writes cells as they are. NDJSON and JSON are written as they are. The gateway answers no CSV of
  identifiers through its API; EZID's batch download keeps EZID's format.
- **url.** Each identifier's resolvable https URL (\`url\` column; \`"url"\` field): the scheme's resolver
  (doi.org, hdl.handle.net, n2t.net for ARKs, orcid.org, arxiv.org/abs, PubMed, PMC, isni.org, ror.org),
  the URN namespace's resolver (the national libraries' NBN resolvers, the RFC Editor, doi.org; Open
  Library for ISBNs and the ISSN Portal for ISSNs, which no registration agency resolves), the archive's
  replay URL for a PWID, the PURL itself on https. Empty (null) where none is known: a PDI, a URN of a
  namespace without a known resolver, a PWID of a restricted archive or of a registered item.
- **One row per group.** \`--unique\` (the page: "CSV download: one row per group") writes one row per
  equivalence class, its first, with a \`count\` column. \`--level standard\` (the page's default,
  "Equivalent when the scheme's standard says so") makes one class of an ISBN-10 and its ISBN-13, or of an
  ISNI and the ORCID iD with its digits; \`lexical\` of equal normalized forms only.
- **Warnings.** What was read but is worth a look (a Unicode dash or space read in an ISBN or ISSN, an ISBN
  in a range the ISBN agency has not allocated, a URN namespace IANA has not registered): a last
  \`"warnings"\` field (codes and messages) in JSON lines, a \`warnings\` column (codes separated by spaces)
  in CSV, TSV, NDJSON and XLSX, from \`normalize\` and \`group\` alike (in \`group\`'s JSON lines, on the
  member), and beside each row on the page.
- **Text encoding.** Unless given (\`--encoding NAME\`; the page's "Text encoding of a file" control), a
  UTF-16 byte-order mark says UTF-16, valid UTF-8 says UTF-8, and anything else is jschardet's guess
  among the legacy encodings spreadsheets save, named in a warning (\`encoding-guessed\`; on the page,
  under the summary). The page offers the encodings \`--encoding\` accepts that browsers decode
  (UTF-8, UTF-16, Windows-1250 to 1258 and 874, ISO-8859-1, 2, 5, 7 and 15, KOI8-R and U, Shift_JIS,
  EUC-JP, GB18030, Big5, EUC-KR); choosing one reads the file again, and the page shows both what it
  chose and what detection found. A byte that is not text in the encoding read is never replaced: the
  command (or the page) stops with \`invalid-encoding\`, naming the line.
- **Sheets.** \`--sheet NAME\` (the page's "Sheet" control, which lists the workbook's sheets) reads one
  sheet of a workbook; the first by default. The column is then chosen in that sheet by the rule above.

### The page and large workbooks

\`pidgate normalize --format xlsx\` streams a workbook (exceljs' streaming reader and writer): memory
holds a few rows, whatever the workbook's size. The page cannot: exceljs' browser build has no
streaming reader, so the page loads the whole workbook into the browser's memory, keeps the chosen
sheet's rows (the rest is let go; choosing another sheet reads the file again) and builds the XLSX
download whole. A workbook of 100,000 rows of a few columns works in Chromium (a test reads one, picks
its column, normalizes it and downloads the workbook: \`apps/gateway/src/web/sheets.browser.test.ts\`);
past a few hundred thousand rows, or with many wide sheets, a browser tab may run out of memory. For
those, save the sheet as CSV (the page streams CSV and text files of any length) or use
\`pidgate normalize --format xlsx\`.
`;
