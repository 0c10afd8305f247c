import { shapeContract } from '@pidgate/core/testing';
import { comparePdi, formatPdi, normalizePdi, parsePdi } from './index.ts';
import { pdiScheme } from './scheme.ts';

shapeContract(
  'pdi',
  { parse: parsePdi, normalize: normalizePdi, format: formatPdi, compare: comparePdi },
  {
    scheme: pdiScheme,
    valid: [
      'pdi://oma.eop.gov.us/1997/09/01/1.text.1#37,51',
      'urn:pdi://oma.eop.gov.us/1997/09/01/1.text.1',
      'PDI://Images.Satellite.NASA.gov.US/1997/09/30/1234.GIF.1#(5,10),(25,30)',
      'pdi://oma.eop.gov.us/1994/10/20/HTTP%3a%2f%2fWWW%2eWhitehouse%2egov%2f.html.1',
      'urn:pdi://oma.eop.gov.us/1997/09/*/*',
    ],
    equivalent: [
      // draft-mallery-urn-pdi-00 §3.4.1: the default fragment specifier for text is char
      ['pdi://oma.eop.gov.us/1997/09/01/1.text.1#37,51', 'pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51'],
      // §3.4.5: an unspecified frame defaults to zero
      [
        'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30)',
        'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30),0',
      ],
      // §3.6.4: the URL form and the URN form, the series in any case, superfluous zeros
      ['pdi://OMA.eop.gov.us/1997/09/01/1.text.1', 'urn:pdi://oma.eop.gov.us/01997/009/001/1.text.1'],
    ],
    distinct: [
      // §3.4.5: frame 2 is another frame
      [
        'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30)',
        'pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30),2',
      ],
      // §2.6: another version is another document
      ['pdi://oma.eop.gov.us/1997/09/01/1.text.1', 'pdi://oma.eop.gov.us/1997/09/01/1.text.2'],
      // a fragment is part of a PDI's identity
      ['pdi://oma.eop.gov.us/1997/09/01/1.text.1', 'pdi://oma.eop.gov.us/1997/09/01/1.text.1#37,51'],
    ],
    invalid: ['pdi://a.us/1997/02/29/1', 'pdi://oma.eop.gov.us/1997/09/01/1.text.1#51,37', 'pdi:'],
  },
);
