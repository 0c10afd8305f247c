import { describe, expect, it } from 'vitest';
import { URN_ERROR_CODES } from './codes.ts';
import { NAMESPACE_MODULES } from './namespaces/index.ts';
import { parseUrnSyntax } from './parse.ts';
import { urnScheme } from './scheme.ts';

const normalize = (s: string) => {
  const r = urnScheme.parse(s);
  if (!r.ok) throw new Error(`${s}: ${r.error.code}`);
  return r.value.normalized;
};

describe('RFC 8141 §3.2 examples', () => {
  // "the following URNs are equivalent to urn:example:a123,z456"
  it.each([
    'urn:example:a123,z456',
    'URN:example:a123,z456',
    'urn:EXAMPLE:a123,z456',
    'urn:example:a123,z456?+abc',
    'urn:example:a123,z456?=xyz',
    'urn:example:a123,z456#789',
  ])('%s is equivalent to urn:example:a123,z456', (input) => {
    expect(normalize(input)).toBe(normalize('urn:example:a123,z456'));
  });

  // "... but not equivalent to these"
  it.each(['urn:example:a123,z456/foo', 'urn:example:a123,z456/bar', 'urn:example:a123,z456/baz'])(
    '%s is not equivalent to urn:example:a123,z456',
    (input) => {
      expect(normalize(input)).not.toBe(normalize('urn:example:a123,z456'));
    },
  );

  // "... %-escapes are case-insensitive ... but the NSS is otherwise case-sensitive"
  it.each([
    ['urn:example:a123%2Cz456', 'URN:EXAMPLE:a123%2cz456', true],
    ['urn:example:a123,z456', 'urn:example:a123%2Cz456', false],
    ['urn:example:a123,z456', 'urn:example:A123,z456', false],
    ['urn:example:a123,z456', 'urn:example:a123,Z456', false],
    ['urn:example:a123,z456', 'urn:example:%E4123,z456', false],
  ])('%s ~ %s: %s', (a, b, same) => {
    expect(normalize(a) === normalize(b)).toBe(same);
  });
});

describe('normalized form', () => {
  it.each([
    ['URN:EXAMPLE:a123%2cz456?+x#y', 'urn:example:a123%2Cz456'],
    ['urn:nbn:de:bvb:19-146642', 'urn:nbn:de:bvb:19-146642'],
    ['urn:ISBN:0-395-36341-1', 'urn:isbn:0395363411'], // the isbn namespace's rules (namespaces/isbn.ts)
    ['urn:example:foo-bar-baz-qux?+CCResolve:cc=uk', 'urn:example:foo-bar-baz-qux'],
    ['urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z', 'urn:example:weather'],
    ['urn:example:a?+r?=q#f', 'urn:example:a'],
    ['urn:example:%c3%a9t%c3%A9', 'urn:example:%C3%A9t%C3%A9'],
    ['urn:example:a/b/', 'urn:example:a/b/'],
    ['urn:example:a?+r?x#?/', 'urn:example:a'],
  ])('%s -> %s', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it('keeps the r-, q- and f-components in the parsed record', () => {
    const r = parseUrnSyntax('urn:example:a?+r1?=q1#f1');
    expect(r).toEqual({
      ok: true,
      value: { nid: 'example', nss: 'a', rComponent: 'r1', qComponent: 'q1', fComponent: 'f1' },
    });
  });

  it('reads "?=" inside an r-component as the start of the q-component', () => {
    const r = parseUrnSyntax('urn:example:a?+b?c?=d?+e');
    expect(r.ok && r.value).toMatchObject({ rComponent: 'b?c', qComponent: 'd?+e' });
  });

  it('reads a "?" that ends an r- or q-component as part of it (RFC 8141: pchar / "/" / "?")', () => {
    expect(parseUrnSyntax('urn:example:a?+b?')).toEqual({
      ok: true,
      value: { nid: 'example', nss: 'a', rComponent: 'b?', qComponent: null, fComponent: null },
    });
    expect(parseUrnSyntax('urn:example:a?=q?')).toEqual({
      ok: true,
      value: { nid: 'example', nss: 'a', rComponent: null, qComponent: 'q?', fComponent: null },
    });
  });
});

const NAMESPACE_CODES = new Set(NAMESPACE_MODULES.flatMap((m) => m.errorCodes));

describe('errors', () => {
  it.each([
    ['urn', 'urn-label', 0],
    ['urx:example:a', 'urn-label', 0],
    ['urn:a:b', 'nid-length', 4],
    ['urn:abcdefghijabcdefghijabcdefghijabc:x', 'nid-length', 36],
    ['urn:abcdefghijabcdefghijabcdefghijab:x', null, null],
    ['urn:ex_ample:a', 'nid-character', 6],
    ['urn:-example:a', 'nid-hyphen', 4],
    ['urn:example-:a', 'nid-hyphen', 11],
    ['urn:example', 'nid-unterminated', 11],
    ['urn:example:', 'nss-empty', 12],
    ['urn:example:?+a', 'nss-empty', 12],
    ['urn:example:/a', 'nss-leading-slash', 12],
    ['urn:example:a b', 'nss-character', 13],
    ['urn:example:a[b]', 'nss-character', 13],
    ['urn:example:é', 'nss-character', 12],
    ['urn:example:a%2', 'pct-encoded', 13],
    ['urn:example:a%zz', 'pct-encoded', 13],
    ['urn:example:a?', 'bare-question-mark', 13],
    ['urn:example:a?x', 'bare-question-mark', 13],
    ['urn:example:a?=q?+r#f', null, null],
    ['urn:example:a?+', 'r-component-empty', 15],
    ['urn:example:a?+?=q', 'r-component-empty', 15],
    ['urn:example:a?=', 'q-component-empty', 15],
    ['urn:example:a?=#f', 'q-component-empty', 15],
    ['urn:example:a?+r r', 'r-component-character', 16],
    ['urn:ex:ex?+/', 'r-component-start', 11],
    ['urn:ex:ex?+?x', 'r-component-start', 11],
    ['urn:ex:ex?=?', 'q-component-start', 11],
    ['urn:ex:ex?=/q', 'q-component-start', 11],
    ['urn:ex:ex?+r?=/', 'q-component-start', 14],
    ['urn:ex:ex?+%2F/?', null, null],
    ['urn:ex:ex?=q/?', null, null],
    ['urn:example:a?=q q', 'q-component-character', 16],
    ['urn:example:a#f#', 'f-component-character', 15],
    ['urn:example:a#', null, null],
  ])('%s -> %s at %s', (input, code, offset) => {
    const r = parseUrnSyntax(input);
    if (code === null) {
      expect(r.ok).toBe(true);
      return;
    }
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('lists every error code it can return', () => {
    expect(new Set(URN_ERROR_CODES).size).toBe(URN_ERROR_CODES.length);
    expect([...URN_ERROR_CODES].filter((c) => !NAMESPACE_CODES.has(c)).sort()).toEqual(
      [
        'bare-question-mark',
        'f-component-character',
        'nid-character',
        'nid-hyphen',
        'nid-length',
        'nid-unterminated',
        'nss-character',
        'nss-empty',
        'nss-leading-slash',
        'pct-encoded',
        'q-component-character',
        'q-component-empty',
        'r-component-character',
        'r-component-empty',
        'r-component-start',
        'q-component-start',
        'urn-label',
      ].sort(),
    );
  });
});
