import { type DefinedScheme, defineScheme, type Identifier } from '@pidgate/core';
import { PURL_ERROR_CODES, type PurlErrorCode } from './codes.ts';
import { formatPurl } from './format.ts';
import { PURL_HOSTS } from './grammar.ts';
import { normalizePurl } from './normalize.ts';
import { isPurlUrl, type PurlComponents, parsePurl } from './parse.ts';

export type PurlIdentifier = Identifier<PurlComponents, 'purl'>;

/** PURLs: http(s) URLs on the hosts of PURL services. Asked before ARK: a PURL's path is not an ARK's. */
export const purlScheme: DefinedScheme<PurlComponents, 'purl', PurlErrorCode> = defineScheme({
  name: 'purl',
  priority: 8,
  errorCodes: PURL_ERROR_CODES,
  recognize: isPurlUrl,
  parse: (input: string) => parsePurl(input),
  normalize: (c: PurlComponents) => normalizePurl(c),
  format: (c: PurlComponents) => formatPurl(c),
  route: { hosts: PURL_HOSTS },
  docs: {
    title: 'PURL',
    specification: "the PURL services' URLs",
    page: 'docs/specs/purl.md',
    example: 'http://purl.org/dc/terms/',
  },
});
