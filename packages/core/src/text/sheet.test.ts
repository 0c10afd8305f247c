import { describe, expect, it } from 'vitest';
import { trimSurroundingSpace } from '../space.ts';
import { SHEET_CASES } from '../testing/sheet-cases.ts';
import { chooseColumn, firstRowIsHeader, neutralizeFormula, sniffDelimiter } from './sheet.ts';

describe('the spreadsheet policy', () => {
  it.each(SHEET_CASES.neutralize)('neutralizes %j as %j', (cell, out) => {
    expect(neutralizeFormula(cell)).toBe(out);
  });
  it.each(SHEET_CASES.sniff)('reads %j as separated by %j', (head, delimiter) => {
    expect(sniffDelimiter(head)).toBe(delimiter);
  });
  it.each(SHEET_CASES.column)('with header %j and counts %j chooses column %i', (header, parsed, column) => {
    expect(chooseColumn(header, parsed)).toBe(column);
  });
  it.each(SHEET_CASES.header)('first cell parses %s, named %j, %i below: header %s', (first, name, below, header) => {
    expect(firstRowIsHeader(first, name, below)).toBe(header);
  });
  it.each(SHEET_CASES.trim)('trims %j to %j', (cell, out) => {
    expect(trimSurroundingSpace(cell)).toBe(out);
  });

  it('sniffs in time linear in the head', () => {
    const row = `${'x;'.repeat(50)}\n`;
    expect(sniffDelimiter(row.repeat(20_000))).toBe(';');
  });
});
