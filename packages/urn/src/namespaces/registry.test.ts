import { describe, expect, it } from 'vitest';
import { NAMESPACE_MODULES } from './index.ts';
import {
  FORMAL_NAMESPACES,
  INFORMAL_NAMESPACES,
  isExperimentalForm,
  isInformalForm,
  namespaceRecord,
  reservedNidReason,
} from './registry.ts';

describe('the IANA namespace table', () => {
  it('holds each formal NID once, lower case, with a reference, a URL and a registrant', () => {
    const nids = FORMAL_NAMESPACES.map((r) => r.nid);
    expect(new Set(nids).size).toBe(nids.length);
    expect(nids.length).toBeGreaterThanOrEqual(70);
    for (const r of FORMAL_NAMESPACES) {
      expect(r.nid).toBe(r.nid.toLowerCase());
      expect(r.kind).toBe('formal');
      expect(r.reference).toMatch(/^(RFC \d+|IANA template)$/);
      expect(r.url).toMatch(/^https:\/\/www\.(rfc-editor|iana)\.org\//);
      expect(r.registrant.length).toBeGreaterThan(2);
    }
  });

  it('is sorted by NID, so additions stay reviewable', () => {
    const nids = FORMAL_NAMESPACES.map((r) => r.nid);
    expect(nids).toEqual([...nids].sort());
  });

  it.each([
    ['isbn', 'RFC 8254'],
    ['issn', 'RFC 8254'],
    ['nbn', 'RFC 8458'],
    ['uuid', 'RFC 9562'],
    ['oid', 'RFC 3061'],
    ['ietf', 'RFC 2648'],
    ['iso', 'RFC 5141'],
    ['mpeg', 'RFC 3614'],
    ['3gpp', 'RFC 5279'],
    ['dev', 'RFC 9039'],
    ['example', 'RFC 6963'],
    ['doi', 'IANA template'],
    ['lex', 'RFC 9676'],
  ])('%s is registered by %s', (nid, reference) => {
    expect(namespaceRecord(nid)?.reference).toBe(reference);
    expect(namespaceRecord(nid.toUpperCase())?.nid).toBe(nid);
  });

  it('has a registry record for every namespace module', () => {
    for (const m of NAMESPACE_MODULES) expect(namespaceRecord(m.nid), m.nid).toBeDefined();
  });

  it('knows the informal and experimental forms', () => {
    expect(INFORMAL_NAMESPACES.every((r) => isInformalForm(r.nid))).toBe(true);
    expect(isInformalForm('urn-12')).toBe(true);
    expect(isInformalForm('urn-')).toBe(false);
    expect(isInformalForm('urn-1a')).toBe(false);
    expect(isExperimentalForm('x-foo')).toBe(true);
    expect(isExperimentalForm('xfoo')).toBe(false);
  });

  // RFC 8141 §5.1 rule 3: "more than two characters long", not ALPHA ALPHA "-" (so not "xn--");
  // §5.2: "urn-" and a number is informal; RFC 2141 §2: "urn" is reserved.
  it.each([
    ['li', true],
    ['a1', true],
    ['ab-cd', true],
    ['xn--a', true],
    ['urn-abc', true],
    ['urn', true],
    ['abc', false],
    ['a1-b', false],
    ['abcurn-def', false],
    ['urn-7', false],
    ['x-a', false],
  ])('%s is reserved: %s', (nid, reserved) => {
    expect(reservedNidReason(nid) !== undefined).toBe(reserved);
  });
});
