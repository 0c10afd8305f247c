/**
 * The International ISBN Agency's range table (RangeMessage.xml, shipped as `ranges-data.ts` with its source
 * and date; `scripts/refresh-ranges.mjs` refreshes it): where the hyphens of an ISBN go (ISO 2108 §5: prefix,
 * registration group, registrant, publication, check digit), and whether its group and registrant element
 * lie in ranges the agency has allocated. The table is read into a Map on first use (21 kB of text, about a
 * millisecond): a list without ISBNs never pays for it. Lookups make no strings: one Map read per possible
 * group length (1 to 5 digits) and a scan of that group's ranges, compared as numbers.
 */
import type { PidWarning } from '@pidgate/core';
import { RANGE_GROUPS, RANGE_MESSAGE } from './ranges-data.ts';

export { RANGE_MESSAGE };

/** An allocated registrant range of a group: the registrant element's length and its first and last value. */
interface RegistrantRange {
  readonly length: number;
  readonly from: number;
  readonly to: number;
}

interface RegistrationGroup {
  /** `978-0`, `979-10`. */
  readonly name: string;
  readonly agency: string;
  readonly ranges: readonly RegistrantRange[];
}

/** The elements of an ISBN-13 (ISO 2108 §5), as the range table splits it. */
export interface IsbnElements {
  /** The GS1 prefix: `978` or `979`. */
  readonly prefix: string;
  /** The registration group element (`0`, `10`, `99937`). */
  readonly group: string;
  /** The registration group's agency as the table names it (`English language`, `France`). */
  readonly agency: string;
  readonly registrant: string;
  readonly publication: string;
  readonly check: string;
}

/** Where an ISBN-13 falls in the table: its elements, or the element whose range is not allocated. */
export type IsbnRange =
  | { readonly allocated: true; readonly elements: IsbnElements }
  | { readonly allocated: false; readonly unallocated: 'group' }
  | { readonly allocated: false; readonly unallocated: 'registrant'; readonly group: string; readonly agency: string };

let table: Map<number, RegistrationGroup> | null = null;

/** The key of the first `3 + length` digits of `digits` as a group of `length` digits: no string made. */
function groupKey(digits: string, length: number): number {
  let value = 0;
  for (let i = 0; i < 3 + length; i++) value = value * 10 + (digits.charCodeAt(i) - 48);
  return value * 8 + length;
}

/** The table, read on first use. */
function groups(): Map<number, RegistrationGroup> {
  if (table !== null) return table;
  const map = new Map<number, RegistrationGroup>();
  for (const line of RANGE_GROUPS.split('\n')) {
    const [name = '', agency = '', list = ''] = line.split('|');
    const digits = name.replace('-', '');
    const ranges = list
      .split(' ')
      .filter((r) => r !== '')
      .map((r) => {
        const [from = '', to = ''] = r.split('-');
        return { length: from.length, from: Number(from), to: Number(to) };
      });
    map.set(groupKey(digits, digits.length - 3), { name, agency, ranges });
  }
  table = map;
  return map;
}

/**
 * Where the ISBN-13 `isbn13` (13 digits, no separators) falls in the range table: its elements when its
 * registration group and registrant range are allocated, else which of the two is not.
 */
export function isbnRange(isbn13: string): IsbnRange {
  const all = groups();
  for (let length = 1; length <= 5; length++) {
    const group = all.get(groupKey(isbn13, length));
    if (group === undefined) continue;
    const start = 3 + length;
    // the registrant and publication elements: the digits between the group and the check digit
    const rest = 12 - start;
    const ranges = group.ranges;
    for (let r = 0; r < ranges.length; r++) {
      const range = ranges[r] as RegistrantRange;
      // a publication element of at least one digit must remain
      if (range.length >= rest) continue;
      let value = 0;
      for (let i = start; i < start + range.length; i++) value = value * 10 + (isbn13.charCodeAt(i) - 48);
      if (value < range.from || value > range.to) continue;
      const end = start + range.length;
      return {
        allocated: true,
        elements: {
          prefix: isbn13.slice(0, 3),
          group: isbn13.slice(3, start),
          agency: group.agency,
          registrant: isbn13.slice(start, end),
          publication: isbn13.slice(end, 12),
          check: isbn13.slice(12),
        },
      };
    }
    return { allocated: false, unallocated: 'registrant', group: group.name, agency: group.agency };
  }
  return { allocated: false, unallocated: 'group' };
}

/**
 * The ISBN hyphenated as the range table places its elements: an ISBN-13 (`9780395363416` →
 * `978-0-395-36341-6`) or an ISBN-10 (`0395363411` → `0-395-36341-1`, its group and registrant those of its
 * `978` ISBN-13). `digits` is the ISBN's 10 or 13 characters without separators, check digit verified (the
 * `digits` of a parsed ISBN's `components.isbn`); `isbn13` is its ISBN-13. Null when the group or the
 * registrant range is not allocated.
 */
export function hyphenateDigits(digits: string, isbn13: string): string | null {
  const range = isbnRange(isbn13);
  if (!range.allocated) return null;
  const { prefix, group, registrant, publication } = range.elements;
  if (digits.length === 10) return `${group}-${registrant}-${publication}-${digits.charAt(9)}`;
  return `${prefix}-${group}-${registrant}-${publication}-${digits.charAt(12)}`;
}

/** The warning code of an ISBN in a range the range table does not allocate. */
export const UNALLOCATED_RANGE = 'isbn-unallocated-range';

/** The warning of an ISBN-13 whose group or registrant range the table does not allocate, or undefined. */
export function rangeWarning(isbn13: string): PidWarning | undefined {
  const range = isbnRange(isbn13);
  if (range.allocated) return undefined;
  const table = `the ISBN range table of ${RANGE_MESSAGE.date ?? 'its source'}`;
  if (range.unallocated === 'group') {
    return {
      code: UNALLOCATED_RANGE,
      message: `no registration group of ${table} starts ${isbn13.slice(0, 3)}-${isbn13.slice(3, 8)}…: the ISBN is in an unallocated range`,
    };
  }
  return {
    code: UNALLOCATED_RANGE,
    message: `the registrant element after ${range.group} (${range.agency}) is in a range ${table} does not allocate`,
  };
}
