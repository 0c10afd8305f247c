import { describe, expect, it } from 'vitest';
import { pwidKey } from './arbitrary.test-helpers.ts';
import { checkUri, encodeUriString, isIpv6 } from './item.ts';
import { parsePwid } from './parse.ts';

const P = 'urn:pwid:archive.org:2016-01-22Z:page:';

describe('uri-string (draft-07: "[", "]", "?", "#" and "%" %-encoded)', () => {
  it.each([
    ['http://www.dr.dk', 'http://www.dr.dk'],
    ['http://host:8080/a:b', 'http://host:8080/a:b'],
    ['http://x/a%3Fb=1%23frag', 'http://x/a?b=1#frag'],
    ['http://x/a%3fb', 'http://x/a?b'],
    ['http://x/%2520', 'http://x/%20'],
    ['http://x/%253F', 'http://x/%3F'],
    ['http://%5B2001:db8::7%5D/c=GB', 'http://[2001:db8::7]/c=GB'],
    ['http://user:pw@host/', 'http://user:pw@host/'],
    ['mailto:John.Doe@example.com', 'mailto:John.Doe@example.com'],
    ['urn:oasis:names:specification:docbook:dtd:xml:4.1.2', 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2'],
    ['ftp://ftp.is.co.za/rfc/rfc1808.txt', 'ftp://ftp.is.co.za/rfc/rfc1808.txt'],
    ['http://x/a%20b', 'http://x/a%20b'], // source: a URI escape the writer did not encode again
  ])('%s names %s', (item, uri) => {
    const r = parsePwid(P + item);
    expect(r.ok && r.value.uri).toBe(uri);
  });

  it.each([
    ['HTTP://WWW.DR.DK:8080/Path?Q#F', 'http://www.dr.dk:8080/Path%3FQ%23F'],
    ['http://x/a%3fb%2f', 'http://x/a%3Fb%252F'],
    ['http://x/%c3%a6', 'http://x/%25C3%25A6'],
    ['http://User@Host.DK/', 'http://User@host.dk/'],
    ['http://%5B2001:DB8::7%5D/', 'http://%5B2001:db8::7%5D/'],
    ['http://x/%252f', 'http://x/%252F'],
  ])('%s normalizes to %s', (item, expected) => {
    expect(pwidKey(P + item)).toEqual({ ok: true, value: P + expected });
  });

  it('encodes exactly the five characters', () => {
    expect(encodeUriString('http://[::1]/a?b=%20#c')).toBe('http://%5B::1%5D/a%3Fb=%2520%23c');
    expect(encodeUriString('http://x/a')).toBe('http://x/a');
  });
});

describe('RFC 3986 URI', () => {
  it.each([
    ['http://[::1]/', true],
    ['http://[v7.fe:80]/', true],
    ['http://[::ffff:192.0.2.1]/', true],
    ['http://[1:2:3:4:5:6:7:8]/', true],
    ['http://[1:2:3:4:5:6:7:8:9]/', false],
    ['http://[1::2::3]/', false],
    ['http://[::256.0.0.1]/', false],
    ['http://[]/', false],
    ['http://x:/', true],
    ['http:', true],
    ['http://x/a b', false],
    ['http://x/"', false],
    ['http://x/a#b#c', false],
    ['http://x/a?b?c#d?e', true],
    ['a+b-c.d:x', true],
    [':x', false],
    ['x', false],
  ])('%s: %s', (uri, valid) => {
    expect(!('ok' in checkUri(uri))).toBe(valid);
  });

  it.each([
    ['::', true],
    ['1::', true],
    ['::1:2:3:4:5:6:7', true],
    ['::1:2:3:4:5:6:7:8', false],
    ['1:2:3:4:5:6:1.2.3.4', true],
    ['1:2:3:4:5:6:7:1.2.3.4', false],
    ['12345::', false],
    ['1:', false],
    [':1', false],
  ])('IPv6 %s: %s', (ip, valid) => {
    expect(isIpv6(ip, 0, ip.length)).toBe(valid);
  });
});
