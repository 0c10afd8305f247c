import { normalizeRecord } from '@pidgate/core';
import { registry } from '@pidgate/schemes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString, normalizeBlock, recordLine } from './normalize-block.ts';

describe('jsonString', () => {
  it('writes what JSON.stringify writes, for any string (controls, quotes, backslashes, lone surrogates)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(jsonString(s)).toBe(JSON.stringify(s));
        expect(JSON.parse(jsonString(s))).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes the characters JSON needs escaped', () => {
    expect(jsonString('a"b\\c\n\u0000\u001f')).toBe('"a\\"b\\\\c\\n\\u0000\\u001f"');
    expect(jsonString('\ud800x')).toBe('"\\ud800x"');
    expect(jsonString('😀')).toBe('"😀"');
    expect(jsonString('ark:/12345/x')).toBe('"ark:/12345/x"');
  });
});

describe('recordLine', () => {
  it('is JSON.stringify of the normalize record, for identifiers and junk alike', () => {
    const inputs = [
      'ark:/12345/x',
      'URN:EXAMPLE:a123%2cz456?+x',
      'not-an-id',
      '',
      'urn:pwid:archive.org:2016-01-22T10:08:57Z:page:https://www.dr.dk',
      'ark:/1"2\\',
      '\u0001\ud83d',
      'doi:10.1000/182',
    ];
    for (const input of inputs) {
      const record = normalizeRecord(registry, input);
      expect(recordLine(record)).toBe(JSON.stringify(record));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const record = normalizeRecord(registry, `ark:/12345/${s}`);
        expect(JSON.parse(recordLine(record))).toEqual(JSON.parse(JSON.stringify(record)));
        expect(recordLine(record)).toBe(JSON.stringify(record));
      }),
      { numRuns: 500 },
    );
  });
});

describe('normalizeBlock', () => {
  it('writes one line per input line, drops a trailing "\\r", keeps empty lines, counts', () => {
    const { out, counts } = normalizeBlock(registry, 'URN:EXAMPLE:a\r\nnot-an-id\n\nurn:example:a', {
      profile: 'source',
      trim: false,
      keepForms: true,
    });
    const lines = out.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l).input)).toEqual(['URN:EXAMPLE:a', 'not-an-id', '', 'urn:example:a']);
    expect(counts).toEqual({
      lines: 4,
      normalized: 2,
      errors: { 'unknown-scheme': 1, [JSON.parse(lines[2] as string).error.code]: 1 },
      forms: ['urn:example:a', 'urn:example:a'],
    });
  });

  it('trims spaces with trim', () => {
    const { out } = normalizeBlock(registry, '  urn:example:a \n', { profile: 'source', trim: true, keepForms: false });
    expect(JSON.parse(out)).toMatchObject({ input: 'urn:example:a', ok: true });
  });
});
