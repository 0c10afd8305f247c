import { shapeContract } from '@pidgate/core/testing';
import { compareDoi, formatDoi, normalizeDoi, parseDoi } from './index.ts';
import { doiScheme } from './scheme.ts';

shapeContract(
  'doi',
  { parse: parseDoi, normalize: normalizeDoi, format: formatDoi, compare: compareDoi },
  {
    scheme: doiScheme,
    valid: [
      'doi:10.1000/182',
      'DOI: 10.1000/182',
      'https://doi.org/10.1000/456%23789',
      'info:doi/10.1000/182',
      'urn:doi:10.123:456',
      'hdl:10.1000/182',
      'doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0',
    ],
    equivalent: [
      // DOI Handbook §2.4: "10.123/ABC" is identical to "10.123/AbC" (ASCII case-insensitive)
      ['10.123/ABC', '10.123/AbC'],
      // Handbook §2.5.2.4 (URL encoding): "#" is written %23 in a URL
      ['doi:10.1000/456#789', 'https://doi.org/10.1000/456%23789'],
      // Handbook: the proxy reads urn:doi:, whose first ":" stands for "/"
      ['doi:10.123/456ABC/zyz', 'https://doi.org/urn:doi:10.123:456ABC%2Fzyz'],
      // RFC 4452: info:doi/ names the same DOI
      ['info:doi/10.1000/182', 'doi:10.1000/182'],
      // a DOI is a handle in the 10. directory (Handbook §3)
      ['hdl:10.1000/182', 'https://doi.org/10.1000/182'],
    ],
    distinct: [
      ['10.1000/182', '10.1000/183'],
      // only ASCII letters fold (Handbook §2.4)
      ['doi:10.1000/É', 'doi:10.1000/é'],
      // a URL's %2F is one "/" only when decoded once
      ['doi:10.1000/a%2Fb', 'https://doi.org/10.1000/a%2Fb'],
      ['10.1000/182', '10.1000.1/182'],
    ],
    invalid: ['doi:', '10.1000', '10.abc/x', 'doi:11.1000/182', 'https://doi.org/10.1000/%zz'],
  },
);
