import { COLUMN_HINTS, DELIMITER_CANDIDATES, SAMPLE_ROWS } from '@pidgate/core';
import { SHEET_CASES } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the page's plain JavaScript module has no types
import * as page from './assets/sheet.js';

// The page's copy of the spreadsheet policy, held to the cases the CLI's TypeScript is held to.
describe("the page's spreadsheet policy (assets/sheet.js)", () => {
  it('has the same constants', () => {
    expect(page.COLUMN_HINTS).toEqual(COLUMN_HINTS);
    expect(page.DELIMITER_CANDIDATES).toEqual(DELIMITER_CANDIDATES);
    expect(page.SAMPLE_ROWS).toBe(SAMPLE_ROWS);
  });
  it.each(SHEET_CASES.neutralize)('neutralizes %j as %j', (cell, out) => {
    expect(page.neutralizeFormula(cell)).toBe(out);
  });
  it.each(SHEET_CASES.sniff)('reads %j as separated by %j', (head, delimiter) => {
    expect(page.sniffDelimiter(head)).toBe(delimiter);
  });
  it.each(SHEET_CASES.column)('with header %j and counts %j chooses column %i', (header, parsed, column) => {
    expect(page.chooseColumn(header, parsed)).toBe(column);
  });
  it.each(SHEET_CASES.header)('first cell parses %s, named %j, %i below: header %s', (first, name, below, header) => {
    expect(page.firstRowIsHeader(first, name, below)).toBe(header);
  });
  it.each(SHEET_CASES.trim)('trims %j to %j', (cell, out) => {
    expect(page.trimSurroundingSpace(cell)).toBe(out);
  });
});
