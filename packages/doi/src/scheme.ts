import { type DefinedScheme, defineScheme, type Identifier } from '@pidgate/core';
import { DOI_ERROR_CODES, type DoiErrorCode } from './codes.ts';
import { formatDoi } from './format.ts';
import { DOI_PROXY_HOSTS, DOT, HANDLE_PROXY_HOSTS } from './grammar.ts';
import { normalizeDoi } from './normalize.ts';
import { type DoiComponents, doiLabel, parseDoi } from './parse.ts';

export type DoiIdentifier = Identifier<DoiComponents, 'doi'>;

/**
 * DOIs (ISO 26324, DOI Handbook). Asked before Handles (a handle in the `10.` directory is a DOI), before
 * ARK (a doi.org URL is never an ARK's URL prefix) and before generic URNs (`urn:doi:`).
 */
export const doiScheme: DefinedScheme<DoiComponents, 'doi', DoiErrorCode> = defineScheme({
  name: 'doi',
  priority: 6,
  errorCodes: DOI_ERROR_CODES,
  recognize: (input: string) => doiLabel(input) !== null,
  parse: (input: string) => parseDoi(input),
  normalize: (c: DoiComponents) => normalizeDoi(c),
  format: (c: DoiComponents) => formatDoi(c),
  route: {
    labels: ['doi:', 'urn:doi:', 'info:doi/', 'hdl:10.', 'info:hdl/10.'],
    hosts: [...DOI_PROXY_HOSTS, ...HANDLE_PROXY_HOSTS.map((h) => `${h}/10.`)],
    // the directory indicator `10.` (the recognizer reads `10..` too, for the parser's coded error)
    bareDigits: (s) => s.charCodeAt(0) === 49 && s.charCodeAt(1) === 48 && s.charCodeAt(2) === DOT,
  },
  resolver: { template: 'https://doi.org/{id}', id: (c) => `${c.prefix}/${c.suffix}` },
  docs: {
    title: 'DOI, Digital Object Identifier',
    specification: 'ISO 26324, the DOI Handbook',
    page: 'docs/specs/doi.md',
    example: 'https://doi.org/10.1000/182',
  },
});
