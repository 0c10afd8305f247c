import type { Identifier, Profile, Result, Scheme } from '@pidgate/core';
import { PWID_ERROR_CODES } from './codes.ts';
import { formatPwid } from './format.ts';
import { normalizeScan } from './normalize.ts';
import { type PwidComponents, pwidLabelAt, scanPwid, urnPwidLabel } from './parse.ts';

export type PwidIdentifier = Identifier<PwidComponents>;

/** Persistent Web IDentifiers: `urn:pwid:` and the bare `pwid:` of early tools, asked before generic URNs. */
export const pwidScheme: Scheme<PwidComponents> = {
  name: 'pwid',
  priority: 20,
  errorCodes: PWID_ERROR_CODES,
  recognize(input: string): boolean {
    return pwidLabelAt(input, 0) || urnPwidLabel(input);
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
