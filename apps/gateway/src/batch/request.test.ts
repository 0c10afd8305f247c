import { describe, expect, it } from 'vitest';
import { extensionOf, parseDownloadRequest, parseTimestamp } from './request.ts';

// EZID's reasons for `error: bad request - <reason>`, as its server words them (CDLUC3/ezid
// impl/download.py `enqueueRequest`), and the parameters of the API guide's "Parameters".
const parse = (q: string) => parseDownloadRequest(new URLSearchParams(q));

describe('download request', () => {
  it.each([
    ['', 'missing required parameter: format'],
    ['format=pdf', "parameter 'format': invalid parameter value"],
    ['format=anvl&format=xml', 'parameter is not repeatable: format'],
    ['format=anvl&bogus=1', 'invalid parameter: bogus'],
    ['format=csv', "format 'csv' requires at least one column"],
    ['format=xml&column=_id', 'parameter is incompatible with format: column'],
    ['format=anvl&createdAfter=yesterday', "parameter 'createdAfter': invalid timestamp"],
    ['format=anvl&status=deleted', "parameter 'status': invalid parameter value"],
    ['format=anvl&type=urn', "parameter 'type': invalid parameter value"],
    ['format=anvl&convertTimestamps=true', "parameter 'convertTimestamps': invalid parameter value"],
    ['format=csv&column=%20', "parameter 'column': empty value"],
    ['format=anvl&compression=bzip2', "parameter 'compression': invalid parameter value"],
  ])('%j → %s', (q, reason) => {
    expect(parse(q)).toBe(reason);
  });

  it('reads every parameter; repeated constraints are kept in order; gzip is the default', () => {
    const r = parse(
      'format=csv&column=_id&column=_mappedTitle&notify=a@example.org&convertTimestamps=yes&createdAfter=2020-01-01T00:00:00Z' +
        '&createdBefore=1700000000&crossref=no&datacite=no&exported=yes&owner=apitest&ownergroup=g&permanence=real' +
        '&profile=erc&profile=dc&status=public&status=reserved&type=ark&type=doi&updatedAfter=0&updatedBefore=2000000000',
    );
    expect(r).toEqual({
      format: 'csv',
      compression: 'gzip',
      columns: ['_id', '_mappedTitle'],
      notify: ['a@example.org'],
      convertTimestamps: true,
      createdAfter: 1577836800,
      createdBefore: 1700000000,
      updatedAfter: 0,
      updatedBefore: 2000000000,
      crossref: false,
      datacite: false,
      exported: true,
      owners: ['apitest'],
      ownergroups: ['g'],
      permanence: 'real',
      profiles: ['erc', 'dc'],
      statuses: ['public', 'reserved'],
      types: ['ark', 'doi'],
    });
  });

  it('names the file as EZID does: .txt.gz, .csv.gz, .xml.gz, or .zip', () => {
    expect(extensionOf({ format: 'anvl', compression: 'gzip' })).toBe('.txt.gz');
    expect(extensionOf({ format: 'csv', compression: 'gzip' })).toBe('.csv.gz');
    expect(extensionOf({ format: 'xml', compression: 'zip' })).toBe('.zip');
  });

  it('reads timestamps as Unix seconds or YYYY-MM-DDTHH:MM:SSZ, and nothing else', () => {
    expect(parseTimestamp('1300812337')).toBe(1300812337);
    expect(parseTimestamp('2011-03-22T16:45:37Z')).toBe(1300812337);
    expect(parseTimestamp('2023-02-30T00:00:00Z')).toBe(null);
    expect(parseTimestamp('2011-03-22')).toBe(null);
    expect(parseTimestamp('1e9')).toBe(null);
  });
});
