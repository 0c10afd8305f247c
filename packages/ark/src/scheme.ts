import { type DefinedScheme, defineScheme } from '@pidgate/core';
import { ARK_ERROR_CODES, type ArkErrorCode } from './codes.ts';
import { formatArk } from './format.ts';
import { isArkLabelAt } from './grammar.ts';
import { normalizeArk } from './normalize.ts';
import { type ArkComponents, identifyArk, parseArk } from './parse.ts';
import { bareHostEnd, findLabelAfterPrefix } from './scan.ts';

/** Does the string carry the "ark:" label (any case), at the start or after `scheme://host[/path]/`? */
export function recognizeArk(input: string): boolean {
  return isArkLabelAt(input, 0) || findLabelAfterPrefix(input) >= 0;
}

/** ARKs: draft-kunze-ark-09 (`source`, the default) and today's rules (`modern`). */
export const arkScheme: DefinedScheme<ArkComponents, 'ark', ArkErrorCode> = defineScheme({
  name: 'ark',
  priority: 10,
  errorCodes: ARK_ERROR_CODES,
  recognize: recognizeArk,
  parse: parseArk,
  normalize: normalizeArk,
  format: formatArk,
  // the scan builds the normalized form as it reads
  identify: identifyArk,
  route: { labels: ['ark:'], segment: { label: 'ark:', bareHostEnd } },
  resolver: { template: 'https://n2t.net/{id}', id: (c) => `ark:${c.naan}/${c.name}${c.qualifier}` },
  docs: {
    title: 'ARK, Archival Resource Key',
    specification: "draft-kunze-ark-09 (`source` profile) and today's ARK spec (`modern`)",
    page: 'docs/specs/ark.md',
    example: 'ark:/12025/654xz321',
  },
});
