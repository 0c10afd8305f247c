import type { SchemeOptions } from '@pidgate/core';
import type { PdiComponents, PdiFragment } from './components.ts';
import { positionText } from './fragment.ts';

/** A fragment as written, without its "#". */
export function formatFragment(f: PdiFragment): string {
  const positions = f.positions.map(positionText).join(',');
  return f.scheme === null ? positions : `${f.scheme}=${positions}`;
}

function formatOne(c: PdiComponents): string {
  let out = `${c.form === 'urn' ? 'urn:pdi' : 'pdi'}://${c.series.join('.')}.${c.country}/${c.year}/${c.month}/${c.day}/${c.uniqueId}`;
  if (c.format !== null) {
    out += `.${c.format}`;
    if (c.version !== null) out += `.${c.version}`;
  }
  return out;
}

/**
 * Serialize a PDI's parts as written, in the form they were written in (`urn:pdi:` or `pdi:`,
 * the label lowercased): `parsePdi(formatPdi(c))` gives `c` back. Citations are written in a loop.
 */
export function formatPdi(c: PdiComponents, _options?: SchemeOptions): string {
  let out = '';
  for (let link: PdiComponents | null = c; link !== null; link = link.citation?.pdi ?? null) {
    out += formatOne(link);
    if (link.fragment !== null) out += `#${formatFragment(link.fragment)}`;
    else if (link.citation !== null) out += `@${positionText(link.citation.originPosition)}=`;
  }
  return out;
}
