import { stripZeros } from './grammar.ts';

/**
 * ISO-DATE = year "/" month "/" day (§1.2.1, §2.3): the Gregorian calendar of ISO 8601, years of
 * four or more digits (proleptic, year 0000 included), month 01-12, a day that exists in its month.
 */

/** True for a Gregorian leap year, given as a digit run of any length. */
export function isLeapYear(year: string): boolean {
  // 10000 is a multiple of 400, so the last four digits decide.
  return isLeapYearValue(Number(year.slice(-4)));
}

/** True for a Gregorian leap year, given its last four digits as a number (0-9999). */
export function isLeapYearValue(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in month `month` (1-12) of `year` (a digit run), or of any year when `year` is null (29 in February). */
export function daysInMonth(year: string | null, month: number): number {
  if (month === 2) return year === null || isLeapYear(year) ? 29 : 28;
  return DAYS[month - 1] as number;
}

/** daysInMonth given the year's last four digits as a number, or -1 for any year (29 in February). */
export function daysInMonthOf(year: number, month: number): number {
  if (month === 2) return year < 0 || isLeapYearValue(year) ? 29 : 28;
  return DAYS[month - 1] as number;
}

/** The value of a month or day field (digits, possibly more than two), capped so huge runs stay finite. */
export function fieldValue(digits: string): number {
  if (digits.length === 2) return (digits.charCodeAt(0) - 48) * 10 + digits.charCodeAt(1) - 48;
  const d = stripZeros(digits);
  return d.length > 3 ? 1000 : Number(d);
}
