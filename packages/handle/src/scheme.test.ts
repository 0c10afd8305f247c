import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { handleScheme } from './scheme.ts';

const char = fc.constantFrom(...'aZ09-._~/%2F%20:?#é'.split(''), '%2F', '%41', '%C3%A9', ' ');

schemeContract(handleScheme, {
  valid: [
    'hdl:cnri.dlib/december95',
    'hdl:10.1045/may99-payette',
    'hdl:0.NA/10.1045',
    'https://hdl.handle.net/20.500.12345/abc',
    'HTTP://HDL.HANDLE.NET/2027/mdp.39015004544496?urlappend=%3Bseq=1',
    'info:hdl/ncstrl.vatech_cs/te-93-35',
    'hdl:20.1000/Z%20Y',
    // idutils tests/test_idutils.py spellings
    'hdl: 10013/epic.10033',
    '10013/epic.10033',
    'hdl.handle.net/10013/epic.10033',
  ],
  invalid: [
    'hdl:',
    'hdl:cnri.dlib',
    'hdl:/x',
    'hdl:a..b/x',
    'hdl:cnri.dlib/',
    'hdl:cnri dlib/x',
    'hdl:cnri.dlib/a b',
    'https://hdl.handle.net/20.500.1/%zz',
    'https://hdl.handle.net/20.500.1/%FF',
    'https://hdl.handle.net/',
    'info:hdl/20.500.1%2Fa%20b',
  ],
  equivalent: [
    [
      'hdl:20.500.12345/Abc',
      'HDL:20.500.12345/abc',
      'https://hdl.handle.net/20.500.12345/abc',
      'http://hdl.handle.net/20.500.12345/ABC?noredirect',
      'info:hdl/20.500.12345/abc',
      'https://hdl.handle.net/20.500.12345%2Fabc',
      'https://hdl.handle.net/20.500.12345/%61bc',
      '20.500.12345/abc',
      'hdl: 20.500.12345/ABC',
      'hdl.handle.net/20.500.12345/abc',
    ],
    ['hdl:2027/mdp.39015%2F', 'https://hdl.handle.net/2027/mdp.39015%252F'],
  ],
  distinct: [
    ['hdl:20.500.12345/abc', 'hdl:20.500.12345/abd'],
    ['hdl:20.500.1/É', 'hdl:20.500.1/é'],
    ['hdl:20.500.1/a%2Fb', 'https://hdl.handle.net/20.500.1/a%2Fb'],
    ['20.500.1/a%2Fb', 'hdl.handle.net/20.500.1/a%2Fb'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom(
        'hdl:',
        'HDL:',
        'hdl: ',
        'info:hdl/',
        'https://hdl.handle.net/',
        'http://HDL.handle.net/',
        'hdl.handle.net/',
        '',
        '2027',
      ),
      fc.array(char, { maxLength: 30 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});
