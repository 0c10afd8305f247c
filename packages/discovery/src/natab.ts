/**
 * The Name Authority Table (natab) of draft-kunze-ark-09 §4.1 and Appendix 13: a plain text file
 * mapping each NAAN to a naming-policy statement and the NMAHs that service it.
 *
 *   # comment lines begin with "#"
 *   12025: http://www.nlm.nih.gov/xxx/naapolicy.html     <- NAA line: NAAN ":" policy (ARK or URL)
 *           ark.nlm.nih.gov USNLM                        <- NMAH lines: indented, hostport then a label
 */
import { err, ok, type PidError, type Result } from '@pidgate/core';
import type { DiscoveryErrorCode } from './codes.ts';
import { COLON, findBadNaanChar, HASH, isWhitespace, lines, normalizeNaan, parseHostPort } from './grammar.ts';

/** One NMAH line under an NAA line. */
export interface NatabNmah {
  /** The hostport as written, e.g. `foobar.zaf.gov:80`. */
  readonly hostport: string;
  readonly host: string;
  readonly port: number | null;
  /** The rest of the line: the NMA's short name in the appendix (`USNLM`), or "" when absent. */
  readonly label: string;
}

/** One NAA line and the NMAH lines indented under it. */
export interface NatabEntry {
  /** The NAAN, lowercased. */
  readonly naan: string;
  /** "an ARK or URL to a statement of naming policy". */
  readonly policy: string;
  readonly nmahs: NatabNmah[];
}

export interface Natab {
  /** `# Key: value` comment lines before the first NAA line (`Last change`, `Reload from`, ...), in order. */
  readonly header: { readonly label: string; readonly value: string }[];
  /** One entry per NAAN, in order of first appearance. */
  readonly entries: NatabEntry[];
}

/**
 * Parse a natab file. Never throws; linear in the text's length.
 * Lines end at LF, CRLF or CR. A line starting with "#" is a comment; a blank line is ignored.
 * A NAAN listed twice has its NMAHs merged under the first entry, as the appendix's Perl script
 * prints the NMAHs "listed under any matching NAA".
 */
export function parseNatab(text: string): Result<Natab, PidError<DiscoveryErrorCode>> {
  const header: { label: string; value: string }[] = [];
  const entries: { naan: string; policy: string; nmahs: NatabNmah[] }[] = [];
  const byNaan = new Map<string, { naan: string; policy: string; nmahs: NatabNmah[] }>();
  let current: { nmahs: NatabNmah[] } | null = null;

  for (const { line, offset } of lines(text)) {
    if (line.length === 0) continue;
    const first = line.charCodeAt(0);
    if (first === HASH) {
      if (entries.length === 0) {
        const kv = headerField(line);
        if (kv) header.push(kv);
      }
      continue;
    }
    if (isWhitespace(first)) {
      let i = 1;
      while (i < line.length && isWhitespace(line.charCodeAt(i))) i++;
      if (i === line.length) continue; // blank line
      if (current === null) {
        return err('natab-orphan-nmah', 'an NMAH line must follow an NAA line', offset + i);
      }
      let end = i;
      while (end < line.length && !isWhitespace(line.charCodeAt(end))) end++;
      const hostport = line.slice(i, end);
      const hp = parseHostPort(hostport);
      if (hp === null) return err('natab-nmah', `${JSON.stringify(hostport)} is not a hostport`, offset + i);
      current.nmahs.push({ hostport, host: hp.host, port: hp.port, label: line.slice(end).trim() });
      continue;
    }
    // NAA line: NAAN ":" policy
    const colon = line.indexOf(':');
    const naanText = colon === -1 ? line.trimEnd() : line.slice(0, colon);
    const bad = findBadNaanChar(naanText);
    if (colon === -1 && bad === -1) {
      return err('natab-colon', 'the NAA Number is followed by a colon', offset + naanText.length);
    }
    if (bad !== -1) return err('natab-naan', 'an NAA line starts with the NAA Number (betanumeric)', offset + bad);
    const policy = line.slice(colon + 1).trim();
    if (policy.length === 0) {
      return err('natab-policy', 'the colon is followed by an ARK or URL to a naming policy', offset + colon + 1);
    }
    const naan = normalizeNaan(naanText);
    const existing = byNaan.get(naan);
    if (existing) current = existing;
    else {
      const entry = { naan, policy, nmahs: [] };
      byNaan.set(naan, entry);
      entries.push(entry);
      current = entry;
    }
  }
  return ok({ header, entries });
}

/** `# Last change: 2004 12 14` gives {label: 'Last change', value: '2004 12 14'}. */
function headerField(line: string): { label: string; value: string } | null {
  const colon = line.indexOf(':');
  if (colon === -1) return null;
  const label = line.slice(1, colon).trim();
  const value = line.slice(colon + 1).trim();
  if (label.length === 0 || value.length === 0 || label.length > 40) return null;
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c === COLON || !(c === 32 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return null;
  }
  return { label, value };
}

/**
 * Write a natab in the appendix's layout: header comments, then per NAAN its NAA line and its
 * tab-indented NMAH lines. `parseNatab(formatNatab(n))` gives `n` back.
 */
export function formatNatab(natab: Natab): string {
  let out = '#\n';
  for (const { label, value } of natab.header) out += `# ${label}: ${value}\n`;
  for (const entry of natab.entries) {
    out += `#\n${entry.naan}: ${entry.policy}\n`;
    for (const nmah of entry.nmahs) out += `\t${nmah.hostport}${nmah.label ? ` ${nmah.label}` : ''}\n`;
  }
  return `${out}#\n`;
}
