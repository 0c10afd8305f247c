import { describe, expect, it } from 'vitest';
import { normalizeTemper, parseTemper } from './temper.ts';

describe('parseTemper', () => {
  it('reads the fields of a full date', () => {
    const r = parseTemper('2000 12 29 235955');
    expect(r).toEqual({
      ok: true,
      value: {
        normalized: '20001229235955',
        items: [
          {
            start: { normalized: '20001229235955', year: 2000, month: 12, day: 29, hour: 23, minute: 59, second: 55 },
            end: null,
          },
        ],
      },
    });
  });

  it.each([
    ['1999', '1999'],
    ['1997 12', '199712'],
    ['1997 12 00', '19971200'], // §7.4's "1997 12 00": day 00, unspecified
    ['2000 12 29 23', '2000122923'],
    ['2000 12 29 23 59', '200012292359'],
    ['  1999  ', '1999'],
    ['1952,1957 , 1969', '1952,1957,1969'],
    ['1996 - 2000', '1996-2000'],
    ['1996-20001231', '1996-20001231'],
    ['19961231-1996', '19961231-1996'], // ranges compare on their common precision
    ['2016 12 31 235960', '20161231235960'], // a leap second
  ])('%j normalizes to %j', (text, normalized) => {
    expect(normalizeTemper(text)).toEqual({ ok: true, value: normalized });
  });

  it.each([
    ['', 'temper-empty', 0],
    ['   ', 'temper-empty', 0],
    ['1952,', 'temper-empty', 5],
    [',1952', 'temper-empty', 0],
    ['1996-', 'temper-empty', 5],
    ['-1996', 'temper-empty', 0],
    ['1999x', 'temper-character', 4],
    ['1999/12/31', 'temper-character', 4],
    ['2000-12-29', 'temper-range', 7],
    ['199', 'temper-length', 0],
    ['19991', 'temper-length', 0],
    ['2000 12 29 235955 1', 'temper-length', 18],
    ['2000 13', 'temper-month', 5],
    ['2000 12 32', 'temper-day', 8],
    ['2000 12 29 24', 'temper-hour', 11],
    ['2000 12 29 2360', 'temper-minute', 13],
    ['2000 12 29 235961', 'temper-second', 15],
    ['2000-1996', 'temper-range-order', 0],
    ['1952, 20001231-20001229', 'temper-range-order', 5],
  ])('%j fails with %s at %d', (text, code, offset) => {
    const r = parseTemper(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.offset]).toEqual([code, offset]);
  });
});
