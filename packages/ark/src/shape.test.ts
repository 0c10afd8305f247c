import { shapeContract } from '@pidgate/core/testing';
import { compareArk, formatArk, normalizeArk, parseArk } from './index.ts';
import { arkScheme } from './scheme.ts';

shapeContract(
  'ark',
  { parse: parseArk, normalize: normalizeArk, format: formatArk, compare: compareArk },
  {
    scheme: arkScheme,
    valid: [
      'ark:/12025/654xz321',
      'http://foobar.zaf.org/ark:/12025/654xz321/s3/f8.05v.tiff',
      'ark:sneezy.dopey.com/12025/654--xz32-1',
      'http://ark.nlm.nih.gov/ark:/12025/654/xz/321.20v.78g??',
      'ark:/12025/654.f55.20v.20v/s3',
      'ARK:/130-30/xf93gt2q?info',
      'ark:/12025/X%7D',
    ],
    validModern: [
      'ark:12345/x6np1wh8k',
      'ark:B5072/x-6%2fnp?info',
      'https://example.org/ark:12345/x?format=json',
      'ark:/12025/654.f55.20v.20v/s3',
      'ark:130-30/xf93-\ngt2q',
    ],
    equivalent: [
      // draft-kunze-ark-09 §2.7 step 2: hyphens are ignored
      ['ark:/12025/654xz321', 'ark:/12025/654-xz-321'],
      // §2.7: the NMAH is not part of the identity (§2.1: "ark:/12025/654xz321" at any NMAH)
      ['http://foobar.zaf.org/ark:/12025/654xz321', 'ark:/12025/654xz321'],
      // §2.6: `ark:sneezy.dopey.com/12025/654--xz32-1` is the ARK ark:/12025/654xz321
      ['ark:sneezy.dopey.com/12025/654--xz32-1', 'ark:/12025/654xz321'],
      // §2.7 step 1: the label and %-hex digits case-insensitive
      ['ARK:/12025/X%7D', 'ark:/12025/X%7d'],
      // §2.7 step 3: initial, final and doubled structural characters
      ['ark:/12025//654//s3.', 'ark:/12025/654/s3'],
      // §2.7 step 4: suffixes in any order, duplicates dropped
      ['ark:/12025/654.f55.20v', 'ark:/12025/654.20v.20v.f55'],
      // §6: an inflection asks about the ARK; it is not part of it
      ['ark:/12025/psbbantu??', 'ark:/12025/psbbantu'],
    ],
    distinct: [
      // §2.7: letters other than %-hex keep their case
      ['ark:/12025/654xz321', 'ark:/12025/654XZ321'],
      // §2.5.1: a contained object is another object
      ['ark:/12025/654/s3', 'ark:/12025/654'],
      // §2.7 does not decode %-escapes: %2f is not "/"
      ['ark:/12025/654%2fs3', 'ark:/12025/654/s3'],
      ['ark:/12025/654xz321', 'ark:/13030/654xz321'],
    ],
    modern: [
      // draft-kunze-ark-42 §3.2: the NAAN lowercased; suffixes kept in order
      ['ark:B5072/x6np', 'ark:b5072/x6np', true],
      ['ark:12345/654.a.b', 'ark:12345/654.b.a', false],
      // draft-42 §3.1: whitespace and U+2010..U+2015 are dropped like hyphens
      ['ark:13030/xf93\ngt2q', 'ark:13030/xf93\u2010gt2q', true],
      // a URI query is dropped
      ['https://n2t.net/ark:12345/x?format=json', 'ark:12345/x', true],
    ],
    invalid: ['ark:/1234/x', 'ark:/12025/---', 'ark:/12025/a b', 'ark:/12025/a%2'],
  },
);
