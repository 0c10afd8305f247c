import { normalizeRecord } from '@pidgate/core';
import { registry } from '@pidgate/schemes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString, LineWriter, normalizeBlock, recordLine } from './normalize-block.ts';

describe('jsonString', () => {
  it('writes what JSON.stringify writes, for any string (controls, quotes, backslashes, lone surrogates)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(jsonString(s)).toBe(JSON.stringify(s));
        expect(JSON.parse(jsonString(s))).toBe(s);
      }),
      { numRuns: 500 },
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
      // with warnings: a Unicode dash in an ISBN, an unregistered URN namespace
      '978\u20100\u2010395\u201036341\u20106',
      'urn:xyzzy:"\u00e9',
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

describe('LineWriter', () => {
  it('writes the UTF-8 bytes of recordLine(record) + "\\n", for any input, growing as it goes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme-ascii' })), {
          maxLength: 20,
        }),
        (tails) => {
          const writer = new LineWriter(0);
          let expected = '';
          for (const tail of tails) {
            // urn:xyzzy: has a warning (a namespace IANA has not registered)
            for (const input of [tail, `ark:/12345/${tail}`, `urn:example:${tail}`, `urn:xyzzy:${tail}`]) {
              const record = normalizeRecord(registry, input);
              writer.record(record);
              expected += `${JSON.stringify(record)}\n`;
            }
          }
          expect(writer.written().equals(Buffer.from(expected, 'utf8'))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes a long or escaped string whole', () => {
    const writer = new LineWriter(0);
    const long = `ark:/12345/${'x'.repeat(100_000)}"é`;
    writer.string(long);
    writer.string('\u0000\ud800');
    expect(writer.written().toString('utf8')).toBe(`${JSON.stringify(long)}${JSON.stringify('\u0000\ud800')}`);
  });

  it('take() gives an exact copy and starts over, also after growing past 4 MiB', () => {
    const writer = new LineWriter(16);
    const huge = 'é'.repeat(1 << 20);
    writer.string(huge);
    const first = writer.take();
    expect(first.toString('utf8')).toBe(JSON.stringify(huge));
    expect(writer.length).toBe(0);
    writer.record(normalizeRecord(registry, 'ark:/12345/x'));
    const second = writer.take();
    expect(second.toString('utf8')).toBe(`${JSON.stringify(normalizeRecord(registry, 'ark:/12345/x'))}\n`);
    expect(first.toString('utf8')).toBe(JSON.stringify(huge));
  });
});

describe('normalizeBlock', () => {
  it('writes one line per input line, drops a trailing "\\r", keeps empty lines, counts', () => {
    const { out, counts } = normalizeBlock(registry, 'URN:EXAMPLE:a\r\nnot-an-id\n\nurn:example:a', {
      profile: 'source',
      trim: false,
      keepForms: true,
    });
    const lines = out.toString('utf8').split('\n');
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
    expect(JSON.parse(out.toString('utf8'))).toMatchObject({ input: 'urn:example:a', ok: true });
  });
});
