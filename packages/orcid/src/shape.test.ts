import { shapeContract } from '@pidgate/core/testing';
import { compareOrcid, formatOrcid, normalizeOrcid, parseOrcid } from './index.ts';
import { orcidScheme } from './scheme.ts';

shapeContract(
  'orcid',
  { parse: parseOrcid, normalize: normalizeOrcid, format: formatOrcid, compare: compareOrcid },
  {
    scheme: orcidScheme,
    valid: [
      'https://orcid.org/0000-0002-1825-0097',
      'orcid:0000-0002-1825-0097',
      '0000000218250097',
      '0000-0002-1694-233x',
      'https://www.orcid.org/0000-0001-5109-3700?lang=en',
      'orcid.org/0000-0002-1825-0097',
    ],
    equivalent: [
      // ORCID support, "Structure of the ORCID Identifier": the iD is the 16 characters; the URI is its display form
      ['https://orcid.org/0000-0002-1825-0097', '0000-0002-1825-0097'],
      ['http://orcid.org/0000-0002-1825-0097', 'HTTPS://ORCID.ORG/0000-0002-1825-0097'],
      ['orcid:0000-0002-1825-0097', '0000000218250097'],
      // the check character X (ISO 7064 11,2) in either case
      ['0000-0002-1694-233X', '0000-0002-1694-233x'],
    ],
    distinct: [
      ['0000-0002-1825-0097', '0000-0001-5109-3700'],
      ['https://orcid.org/0000-0002-1825-0097', 'https://orcid.org/0000-0002-1694-233X'],
    ],
    invalid: ['https://orcid.org/0000-0002-1825-0098', 'orcid:0000-0002-1825', 'https://orcid.org/'],
  },
);
