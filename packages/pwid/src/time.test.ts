import { describe, expect, it } from 'vitest';
import { parsePwid } from './parse.ts';
import {
  acceptDatetime,
  daysInMonth,
  formatArchivalTime,
  isLeapYear,
  LEAP_SECOND_DAYS,
  waybackTimestamp,
} from './time.ts';

const at = (time: string, profile: 'source' | 'modern' = 'source') =>
  parsePwid(`urn:pwid:archive.org:${time}:page:http://x`, { profile });
const code = (time: string, profile: 'source' | 'modern' = 'source') => {
  const r = at(time, profile);
  return r.ok ? 'ok' : r.error.code;
};

describe('calendar', () => {
  it.each([
    [1900, false],
    [2000, true],
    [2016, true],
    [2015, false],
    [2100, false],
    [2400, true],
  ])('leap year %i: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
    expect(code(`${year}-02-29Z`)).toBe(leap ? 'ok' : 'utc-day');
  });

  it.each([
    [1, 31],
    [3, 31],
    [4, 30],
    [5, 31],
    [6, 30],
    [7, 31],
    [8, 31],
    [9, 30],
    [10, 31],
    [11, 30],
    [12, 31],
  ])('month %i has %i days', (month, days) => {
    const mm = String(month).padStart(2, '0');
    expect(daysInMonth(2017, month)).toBe(days);
    expect(code(`2017-${mm}-${days}Z`)).toBe('ok');
    expect(code(`2017-${mm}-${days + 1}Z`)).toBe('utc-day');
  });

  it('hours are 00-23, minutes 00-59, seconds 00-59', () => {
    expect(code('2016-01-22T00:00Z')).toBe('ok');
    expect(code('2016-01-22T23:59:59Z')).toBe('ok');
    expect(code('2016-01-22T24:00Z')).toBe('utc-hour');
    expect(code('2016-01-22T23:60Z')).toBe('utc-minute');
    expect(code('2016-01-22T23:59:61Z')).toBe('utc-second');
  });
});

describe('leap seconds', () => {
  it('lists the 27 published leap seconds, 1972-06-30 to 2016-12-31', () => {
    expect(LEAP_SECOND_DAYS).toHaveLength(27);
    expect(LEAP_SECOND_DAYS[0]).toBe('1972-06-30');
    expect(LEAP_SECOND_DAYS.at(-1)).toBe('2016-12-31');
  });

  it.each(LEAP_SECOND_DAYS)('%s ended at 23:59:60', (day) => {
    expect(code(`${day}T23:59:60Z`)).toBe('ok');
    expect(code(`${day}T23:59:60.999999999Z`)).toBe('ok');
    expect(code(`${day}T23:58:60Z`)).toBe('leap-second');
    expect(code(`${day}T22:59:60Z`)).toBe('leap-second');
  });

  it.each(['1972-01-01', '1980-12-31', '2017-12-31', '2016-06-30', '2024-12-31'])('%s had none', (day) => {
    expect(code(`${day}T23:59:60Z`)).toBe('leap-second');
  });
});

describe('fractions and granularity', () => {
  it.each([
    ['2016-01-22T11:20:29.1Z', 'ok'],
    ['2016-01-22T11:20:29.123456789Z', 'ok'],
    ['2016-01-22T11:20:29.1234567890Z', 'secfrac'],
    ['2016-01-22T11:20:29.Z', 'secfrac'],
    ['2016-01-22T11:20.5Z', 'time-zone'],
  ])('%s: %s', (time, expected) => {
    expect(code(time)).toBe(expected);
  });

  it.each([
    ['2016-01-22Z', '20160122', '2016-01-22Z'],
    ['2016-01-22T11:20Z', '201601221120', '2016-01-22T11:20Z'],
    ['2016-01-22T11:20:00Z', '20160122112000', '2016-01-22T11:20:00Z'],
    ['2016-01-22T11:20:29.250Z', '20160122112029', '2016-01-22T11:20:29.250Z'],
    ['2016-01-22t112029z', '20160122112029', '2016-01-22T11:20:29Z'],
  ])('%s: Wayback %s, draft-07 %s', (time, wayback, formatted) => {
    const r = at(time);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(waybackTimestamp(r.value.time)).toBe(wayback);
    expect(formatArchivalTime(r.value.time)).toBe(formatted);
  });

  it('writes the hour-only time of the modern profile', () => {
    const r = at('2016-01-22T11Z', 'modern');
    expect(r.ok && [waybackTimestamp(r.value.time), formatArchivalTime(r.value.time)]).toEqual([
      '2016012211',
      '2016-01-22T11Z',
    ]);
  });

  it('gives the Memento Accept-Datetime', () => {
    const r = at('2016-12-31T23:59:60Z');
    expect(r.ok && acceptDatetime(r.value.time)).toBe('Sat, 31 Dec 2016 23:59:59 GMT');
    const early = at('0099-03-01Z');
    expect(early.ok && acceptDatetime(early.value.time)).toBe('Sun, 01 Mar 0099 00:00:00 GMT');
  });
});
