/**
 * The cases the spreadsheet policy is held to (`packages/core/src/text/sheet.ts`), in both of its
 * implementations: the TypeScript the CLI runs (sheet.test.ts) and the JavaScript copy the home page runs
 * (apps/gateway/src/web/sheet.test.ts). Expected values are written by hand from the rules in docs/cli.md.
 */
export const SHEET_CASES = {
  /** [cell, as written out]: OWASP's CSV-injection characters at the start get a "'" before them. */
  neutralize: [
    ['=1+2', "'=1+2"],
    ['+49 30 1234', "'+49 30 1234"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['', ''],
    ['10.1000/182', '10.1000/182'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ["'=1", "'=1"],
    ['ark:/12345/x-y', 'ark:/12345/x-y'],
  ],
  /** [head of a file, separator]. */
  sniff: [
    ['a,b\n1,2\n', ','],
    ['Titel;Identifikator;Bemerkung\nGrimm;10.1000/1;x\nAndersen;10.1000/2;y\n', ';'],
    ['Titel;Identifikator;Bemerkung\r\n"Müller, A.";10.1000/1;x\r\n"Weber, B.";10.1000/2;\r\n', ';'],
    ['Name;DOI\nMüller, A.;10.1000/1\nWeber;10.1000/2\n', ';'],
    ['a\tb\n1\t2\n', '\t'],
    ['a|b|c\n1|2|3\n', '|'],
    ['id\n10.1000/1\n10.1000/2\n', ','],
    ['"a,b";c\n"d,e";f\n', ';'],
    ['\ufeffa;b\n1;2\n', ';'],
    ['x;y\nz\n', ','],
    ['10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O\n10.1000/x\n', ','],
    ['', ','],
  ],
  /** [header or null, cells that parse per column, chosen column]. */
  column: [
    [['Titel', 'Identifikator', 'Bemerkung'], [0, 32, 0], 1],
    [['id', 'doi'], [5, 5], 0],
    [['title', 'doi'], [5, 5], 1],
    [['note', 'other'], [3, 3], 0],
    [['DOIs', 'x'], [0, 0], 0],
    [['x', ' Identifier '], [0, 0], 1],
    [['Titel', 'ISBN', 'DOI'], [0, 10, 12], 2],
    [null, [0, 4, 4], 1],
    [[], [], 0],
  ],
  /** [first row's cell parses, its text, cells below that parse, first row is a header]. */
  header: [
    [false, 'Identifikator', 31, true],
    [false, 'whatever', 1, true],
    [false, 'doi', 0, true],
    [false, 'whatever', 0, false],
    [true, '10.1000/1', 5, false],
  ],
  /** [cell, trimmed]: white space and U+200B, U+2060, U+FEFF around a cell. */
  trim: [
    [' 10.1000/1 ', '10.1000/1'],
    ['\u00a010.1000/1\u3000', '10.1000/1'],
    ['\u200b\ufeffark:/1/x\u2060', 'ark:/1/x'],
    ['a b', 'a b'],
    ['\t\r\n', ''],
  ],
} as const;
