import { equivalenceKey } from '@pidgate/core';
import { describe, expect, it } from 'vitest';
import { URN_ERROR_CODES } from '../codes.ts';
import { urnScheme } from '../scheme.ts';
import { INVALID, VALID } from './fixtures.ts';
import { NAMESPACE_MODULES, NAMESPACES } from './index.ts';

const normalized = (s: string) => {
  const r = urnScheme.parse(s);
  if (!r.ok) throw new Error(`${s}: ${r.error.code} ${r.error.message}`);
  return r.value.normalized;
};
const standard = (s: string) => {
  const r = urnScheme.parse(s);
  if (!r.ok) throw new Error(`${s}: ${r.error.code}`);
  return equivalenceKey(r.value, 'standard');
};
const errorOf = (s: string) => {
  const r = urnScheme.parse(s);
  return r.ok ? null : [r.error.code, r.error.offset];
};

describe('namespace rules: registration examples', () => {
  it.each(VALID)('%s -> %s', (input, expected) => {
    expect(normalized(input)).toBe(expected);
  });

  it.each(INVALID)('%s -> %s at %s', (input, code, offset) => {
    expect(errorOf(input)).toEqual([code, offset]);
  });
});

describe('the issue: what a new user tried', () => {
  it('an ISBN with and without hyphens is one identifier', () => {
    expect(normalized('urn:isbn:0-395-36341-1')).toBe(normalized('urn:isbn:0395363411'));
  });
  it('upper- and lower-case UUIDs are one identifier', () => {
    expect(normalized('urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6')).toBe(
      normalized('urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6'),
    );
  });
  it.each([
    ['urn:isbn:0395363412', 'isbn-check-digit'],
    ['urn:uuid:0000', 'uuid-syntax'],
    ['urn:oid:01.2', 'oid-leading-zero'],
  ])('%s is refused with %s', (input, code) => {
    expect(errorOf(input)?.[0]).toBe(code);
  });
});

describe('standard equivalence', () => {
  it('groups an ISBN-10 with its ISBN-13', () => {
    expect(standard('urn:isbn:0-395-36341-1')).toBe('urn:isbn:9780395363416');
    expect(standard('urn:isbn:978-0-395-36341-6')).toBe('urn:isbn:9780395363416');
    expect(normalized('urn:isbn:0-395-36341-1')).not.toBe(normalized('urn:isbn:978-0-395-36341-6'));
  });
  it('reads a DOI suffix\'s %2F as "/"', () => {
    expect(standard('urn:doi:10.123:456ABC%2Fzyz')).toBe('urn:doi:10.123/456ABC/ZYZ');
    expect(standard('urn:doi:10.123/456abc/zyz')).toBe('urn:doi:10.123/456ABC/ZYZ');
  });
  it('is the lexical key where a namespace defines nothing more', () => {
    expect(standard('urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6')).toBe(
      'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    );
    expect(standard('urn:isbn:979-10-90636-07-1')).toBe('urn:isbn:9791090636071');
  });
});

describe('the module table', () => {
  it('is keyed by the lower-case NID of each module', () => {
    for (const m of NAMESPACE_MODULES) {
      expect(m.nid).toBe(m.nid.toLowerCase());
      expect(NAMESPACES.get(m.nid)).toBe(m);
    }
  });
  it('lists every module error code in codes.ts', () => {
    for (const m of NAMESPACE_MODULES) for (const code of m.errorCodes) expect(URN_ERROR_CODES).toContain(code);
  });
  it('dispatches on the NID case-insensitively', () => {
    expect(normalized('urn:IsBn:0-395-36341-1')).toBe('urn:isbn:0395363411');
  });
  it('applies a namespace rule after RFC 8141 normalization of escapes', () => {
    expect(errorOf('urn:isbn:039536341%31')).toEqual(['isbn-character', 18]);
  });
});
