import { shapeContract } from '@pidgate/core/testing';
import { compareHandle, formatHandle, normalizeHandle, parseHandle } from './index.ts';
import { handleScheme } from './scheme.ts';

shapeContract(
  'handle',
  { parse: parseHandle, normalize: normalizeHandle, format: formatHandle, compare: compareHandle },
  {
    scheme: handleScheme,
    valid: [
      'hdl:cnri.dlib/december95',
      'hdl:0.NA/10.1045',
      'https://hdl.handle.net/20.500.12345/abc',
      'info:hdl/ncstrl.vatech_cs/te-93-35',
      'hdl:20.1000/Z%20Y',
      '10013/epic.10033',
    ],
    equivalent: [
      // RFC 3650 §3: handles are case-insensitive for ASCII (the global service folds them)
      ['hdl:20.500.12345/Abc', 'HDL:20.500.12345/abc'],
      // RFC 3651 / the proxy: hdl.handle.net/<handle> names the handle; its query is not part of it
      ['hdl:20.500.12345/abc', 'http://hdl.handle.net/20.500.12345/ABC?noredirect'],
      ['hdl:20.500.12345/abc', 'https://hdl.handle.net/20.500.12345%2Fabc'],
      // RFC 4452: info:hdl/
      ['info:hdl/20.500.12345/abc', '20.500.12345/abc'],
      ['hdl:2027/mdp.39015%2F', 'https://hdl.handle.net/2027/mdp.39015%252F'],
    ],
    distinct: [
      ['hdl:20.500.12345/abc', 'hdl:20.500.12345/abd'],
      // only ASCII letters fold
      ['hdl:20.500.1/É', 'hdl:20.500.1/é'],
      ['hdl:20.500.1/a%2Fb', 'https://hdl.handle.net/20.500.1/a%2Fb'],
    ],
    invalid: ['hdl:', 'hdl:cnri.dlib', 'hdl:a..b/x', 'hdl:cnri.dlib/a b'],
  },
);
