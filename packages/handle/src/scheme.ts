import { type DefinedScheme, defineScheme, type Identifier } from '@pidgate/core';
import { HANDLE_ERROR_CODES, type HandleErrorCode } from './codes.ts';
import { formatHandle } from './format.ts';
import { numericPrefixLength } from './grammar.ts';
import { normalizeHandle } from './normalize.ts';
import { DOI_PROXY_HOSTS, HANDLE_PROXY_HOSTS, type HandleComponents, handleLabel, parseHandle } from './parse.ts';

export type HandleIdentifier = Identifier<HandleComponents, 'handle'>;

/**
 * Handles (RFC 3650-3652): `hdl:`, `info:hdl/` and hdl.handle.net URLs. Asked before ARK so that an
 * hdl.handle.net URL is never read as a URL prefix before an `ark:` label. Handles of the DOI directory
 * (`10.`) are claimed first by the DOI scheme when both are registered.
 */
export const handleScheme: DefinedScheme<HandleComponents, 'handle', HandleErrorCode> = defineScheme({
  name: 'handle',
  priority: 7,
  errorCodes: HANDLE_ERROR_CODES,
  recognize: (input: string) => handleLabel(input) !== null,
  parse: (input: string) => parseHandle(input),
  normalize: (c: HandleComponents) => normalizeHandle(c),
  format: (c: HandleComponents) => formatHandle(c),
  route: {
    // `doi:10/…`: a shortDOI (the DOI scheme declines it)
    labels: ['hdl:', 'info:hdl/', 'doi:10/'],
    // doi.org is a Handle proxy too: its paths that are no DOI (`10/gf4gqc`, `20.500.12345/1`) are handles
    hosts: [...HANDLE_PROXY_HOSTS, ...DOI_PROXY_HOSTS],
    // a bare handle with a numeric naming authority: `2027/mdp.39015004544496`
    bareDigits: (s) => numericPrefixLength(s) > 0,
  },
  resolver: { template: 'https://hdl.handle.net/{id}', id: (c) => `${c.prefix}/${c.suffix}` },
  docs: {
    title: 'Handle',
    specification: 'RFC 3650, RFC 3651, RFC 3652',
    page: 'docs/specs/handle.md',
    example: 'hdl:20.500.12345/1',
  },
});
