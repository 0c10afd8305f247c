import { err, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';
import { isDigitCode, isHexDigitCode } from './text.ts';
import type { UrnNamespace } from './types.ts';

function hexRun(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isHexDigitCode(s.charCodeAt(i))) return false;
  return true;
}

/** `posnumber "-" ...`: an IANA Private Enterprise Number (no leading zero) and a hyphen. */
function checkEnterprise(s: string, from: number, to: number): Result<number, PidError<UrnErrorCode>> {
  let i = from;
  while (i < to && isDigitCode(s.charCodeAt(i))) i++;
  if (i === from || s.charCodeAt(from) === 48) {
    return err('dev-syntax', 'the device identifier starts with a Private Enterprise Number', from);
  }
  if (s.charCodeAt(i) !== 45 || i + 1 >= to) return err('dev-syntax', 'the enterprise number is followed by "-"', i);
  return { ok: true, value: i + 1 };
}

/**
 * `urn:dev:` (RFC 9039 §3). Subtypes `mac` (EUI-48 or EUI-64: 12 or 16 hex digits), `ow` (1-Wire:
 * 16 hex digits), `org` (PEN "-" identifier), `os` (PEN "-" serial), `ops` (PEN "-" product "-"
 * serial), `example`; any of them may end in `_` component names. Lexical form: the hex digits of
 * `mac` and `ow` in lower case (RFC 9039 §3.1 writes them so; they are case-insensitive numbers).
 */
export const devNamespace: UrnNamespace = {
  nid: 'dev',
  errorCodes: ['dev-subtype', 'dev-syntax'],
  checks: 'subtype mac (12/16 hex), ow (16 hex), org, os, ops (Private Enterprise Number first) or example',
  equivalence: 'hex digits of mac and ow case-insensitive (lower case)',
  normalize(nss) {
    const colon = nss.indexOf(':');
    if (colon < 0) return err('dev-syntax', 'a dev URN is <subtype>:<identifier>', nss.length);
    const subtype = nss.slice(0, colon);
    const start = colon + 1;
    const underscore = nss.indexOf('_', start);
    const end = underscore < 0 ? nss.length : underscore;
    if (end === start) return err('dev-syntax', 'the device identifier is not empty', start);
    switch (subtype) {
      case 'mac':
      case 'ow': {
        const n = end - start;
        const ok = subtype === 'mac' ? n === 12 || n === 16 : n === 16;
        if (!ok || !hexRun(nss, start, end)) {
          const want = subtype === 'mac' ? '12 or 16 hex digits (EUI-48 or EUI-64)' : '16 hex digits';
          return err('dev-syntax', `a ${subtype} identifier is ${want}`, start);
        }
        return { ok: true, value: `${subtype}:${nss.slice(start, end).toLowerCase()}${nss.slice(end)}` };
      }
      case 'org':
      case 'os': {
        const after = checkEnterprise(nss, start, end);
        return after.ok ? { ok: true, value: nss } : after;
      }
      case 'ops': {
        const after = checkEnterprise(nss, start, end);
        if (!after.ok) return after;
        const hyphen = nss.indexOf('-', after.value);
        if (hyphen < 0 || hyphen === after.value || hyphen + 1 >= end) {
          return err('dev-syntax', 'an ops identifier is <PEN>-<product class>-<serial>', after.value);
        }
        return { ok: true, value: nss };
      }
      case 'example':
        return { ok: true, value: nss };
      default:
        return err('dev-subtype', 'the dev subtype is mac, ow, org, os, ops or example', 0);
    }
  },
};
