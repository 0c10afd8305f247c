import type { Identifier, Profile, Result, Scheme } from '@pidgate/core';
import { PWID_ERROR_CODES } from './codes.ts';
import { formatPwid } from './format.ts';
import { normalizeScan } from './normalize.ts';
import { type PwidComponents, scanPwid } from './parse.ts';

export type PwidIdentifier = Identifier<PwidComponents>;

const lower = (s: string, i: number) => s.charCodeAt(i) | 0x20;
const isPwidAt = (s: string, i: number) =>
  lower(s, i) === 112 &&
  lower(s, i + 1) === 119 &&
  lower(s, i + 2) === 105 &&
  lower(s, i + 3) === 100 &&
  s.charCodeAt(i + 4) === 58;

/** Persistent Web IDentifiers: `urn:pwid:` and the bare `pwid:` of early tools, asked before generic URNs. */
export const pwidScheme: Scheme<PwidComponents> = {
  name: 'pwid',
  priority: 20,
  errorCodes: PWID_ERROR_CODES,
  recognize(input: string): boolean {
    if (isPwidAt(input, 0)) return true;
    return (
      lower(input, 0) === 117 &&
      lower(input, 1) === 114 &&
      lower(input, 2) === 110 &&
      input.charCodeAt(3) === 58 &&
      isPwidAt(input, 4)
    );
  },
  parse(input: string, profile: Profile = 'source'): Result<PwidIdentifier> {
    const scan = scanPwid(input, profile);
    if (!scan.ok) return scan;
    const { components } = scan.value;
    return { ok: true, value: { scheme: 'pwid', input, profile, normalized: normalizeScan(scan.value), components } };
  },
  format(components: PwidComponents): string {
    return formatPwid(components);
  },
};
