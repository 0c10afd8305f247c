import { shapeContract } from '@pidgate/core/testing';
import {
  compareIsbn,
  compareIssn,
  formatIsbn,
  formatIssn,
  normalizeIsbn,
  normalizeIssn,
  parseIsbn,
  parseIssn,
} from './index.ts';
import { isbnScheme, issnScheme } from './scheme.ts';

shapeContract(
  'isbn',
  { parse: parseIsbn, normalize: normalizeIsbn, format: formatIsbn, compare: compareIsbn },
  {
    scheme: isbnScheme,
    valid: [
      'ISBN 0-395-36341-1',
      'ISBN-13: 978-0-395-36341-6',
      '0 395 36341 1',
      'ISBN9780395363416',
      'urn:isbn:978-0-395-36341-6',
    ],
    equivalent: [
      // ISO 2108: hyphens and spaces only make an ISBN readable; the label is not part of it
      ['ISBN 0-395-36341-1', '0395363411'],
      ['0 395 36341 1', 'ISBN-10: 0-395-36341-1'],
      ['ISBN-13: 978-0-395-36341-6', '9780395363416'],
      // RFC 3187: urn:isbn: names the same ISBN
      ['urn:isbn:0-395-36341-1', '0-395-36341-1'],
    ],
    distinct: [
      // an ISBN-10 and its ISBN-13 are different strings of ISO 2108 (the standard key groups them)
      ['0-395-36341-1', '978-0-395-36341-6'],
      ['978-0-395-36341-6', '978-1-4028-9462-6'],
    ],
    invalid: ['978-0-395-36341-7', 'ISBN-12: 0-395-36341-1', 'ISBN-10: 978-0-395-36341-6'],
  },
);

shapeContract(
  'issn',
  { parse: parseIssn, normalize: normalizeIssn, format: formatIssn, compare: compareIssn },
  {
    scheme: issnScheme,
    valid: ['0259-000X', 'ISSN 0259-000x', 'ISSN: 0259000X', 'urn:issn:0259-000X', 'ISSN 0317-8471'],
    equivalent: [
      // ISO 3297: the check character X in either case, the label not part of the ISSN
      ['ISSN 0259-000x', '0259-000X'],
      // after a label the hyphen may be left out
      ['ISSN: 0259000X', 'ISSN 0259-000X'],
      // RFC 3044: urn:issn: names the same ISSN
      ['urn:issn:0317-8471', 'ISSN 0317-8471'],
    ],
    distinct: [['0259-000X', '0317-8471']],
    invalid: ['0259-0001', 'ISSN-X 0259-000X'],
  },
);
