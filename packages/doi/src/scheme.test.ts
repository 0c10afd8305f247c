import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { doiScheme } from './scheme.ts';

const char = fc.constantFrom(...'aZ09-._;()/:%#?é '.split(''), '%2F', '%23', '%41', '%C3%A9', '%zz');

schemeContract(doiScheme, {
  valid: [
    'doi:10.1000/182',
    '10.1000/182',
    'DOI: 10.1000/182',
    'https://doi.org/10.1000/456%23789',
    'http://dx.doi.org/10.1000/182',
    'https://www.doi.org/10.1000/182',
    'info:doi/10.1000/182',
    'urn:doi:10.123:456',
    'https://doi.org/urn:doi:10.123:456ABC%2Fzyz',
    'hdl:10.1000/182',
    'https://hdl.handle.net/10.1000/182?noredirect',
    'info:hdl/10.1000/182',
    '10.1000.10/123456',
    'doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0',
  ],
  invalid: [
    'doi:',
    '10.',
    '10.1000',
    '10.1000/',
    '10.abc/x',
    '10..1/x',
    '10.1./x',
    'doi:11.1000/182',
    '10.1000/18 2',
    'https://doi.org/10.1000/%zz',
    'https://doi.org/10.1000/%C3',
    'https://doi.org/',
    'urn:doi:10.1000',
    'https://doi.org/10.1000/a%20b',
  ],
  equivalent: [
    [
      'doi:10.1000/182',
      'DOI:10.1000/182',
      'DOI: 10.1000/182',
      '10.1000/182',
      'https://doi.org/10.1000/182',
      'http://dx.doi.org/10.1000/182',
      'https://www.doi.org/10.1000/182',
      'HTTPS://DOI.ORG/10.1000/182',
      'info:doi/10.1000/182',
      'urn:doi:10.1000/182',
      'urn:doi:10.1000:182',
      'hdl:10.1000/182',
      'info:hdl/10.1000/182',
      'https://hdl.handle.net/10.1000/182',
      'https://doi.org/10.1000%2F182',
      'https://doi.org/%31%30.1000/182',
      'https://doi.org/doi:10.1000/182',
    ],
    ['10.123/ABC', '10.123/AbC', 'doi:10.123/abc', 'https://doi.org/10.123/aBc#page=2'],
    ['doi:10.1000/456#789', 'https://doi.org/10.1000/456%23789'],
    ['doi:10.123/456ABC/zyz', 'https://doi.org/urn:doi:10.123:456ABC%2Fzyz', 'urn:doi:10.123:456abc%2Fzyz'],
    ['doi:10.1000/a%2Fb', 'https://doi.org/10.1000/a%252Fb'],
  ],
  distinct: [
    ['10.1000/182', '10.1000/183'],
    ['doi:10.1000/É', 'doi:10.1000/é'],
    ['doi:10.1000/a%2Fb', 'https://doi.org/10.1000/a%2Fb'],
    ['10.1000/182', '10.1000.1/182'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom(
        'doi:',
        'DOI: ',
        '10.',
        '10.1000/',
        'https://doi.org/',
        'urn:doi:10.1',
        'info:doi/10.5/',
        'hdl:10.1',
      ),
      fc.array(char, { maxLength: 30 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});
