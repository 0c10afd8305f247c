import { describe, expect, it } from 'vitest';
import { FORMAT_MEDIA_TYPES, fragmentSchemesOf, mediaTypeOf } from './media-type.ts';

describe('format tokens (§2.5)', () => {
  it.each([
    // the two exceptions the draft names, and its html, sgml, xml (§3.4.2)
    ['text', 'text/plain'],
    ['header', 'message/header'],
    ['html', 'text/html'],
    ['sgml', 'text/sgml'],
    ['xml', 'text/xml'],
    // case-insensitive
    ['TEXT', 'text/plain'],
    ['Gif', 'image/gif'],
    // major "+" minor, escaped or not, known or built by the rule
    ['video%2bmpeg', 'video/mpeg'],
    ['VIDEO%2BMPEG', 'video/mpeg'],
    ['audio+mpeg', 'audio/mpeg'],
    ['image%2bx-portable-anymap', 'image/x-portable-anymap'],
    ['application%2bxml', 'application/xml'],
    // unknown
    ['x-unknown', null],
    ['mpeg', null],
    ['nosuch%2bthing', null],
    ['%2bplain', null],
    ['text%2b', null],
    // not inherited properties of the table
    ['constructor', null],
    ['__proto__', null],
    ['toString', null],
  ])('%s -> %s', (token, type) => {
    expect(mediaTypeOf(token)).toBe(type);
  });

  it('every token of the table is a format a PDI can carry, and maps to a major/minor type', () => {
    for (const [token, type] of Object.entries(FORMAT_MEDIA_TYPES)) {
      expect(token).toMatch(/^[a-z0-9-]+(\+[a-z0-9-]+)?$/);
      expect(type).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
      // a "+" token names its own type; a plain token is the minor type, but for the two exceptions
      if (token.includes('+')) expect(type).toBe(token.replace('+', '/'));
      else if (token !== 'text' && token !== 'header') expect(type.split('/')[1]).toBe(token);
    }
  });

  it('minor types that are not unique take their major type (video/mpeg and audio/mpeg)', () => {
    const minors = Object.values(FORMAT_MEDIA_TYPES).map((t) => t.split('/')[1]);
    for (const [token, type] of Object.entries(FORMAT_MEDIA_TYPES)) {
      const minor = type.split('/')[1] as string;
      const shared = minors.filter((m) => m === minor).length > 1;
      if (shared && token !== 'xml') expect(token, type).toContain('+');
    }
  });
});

describe('default fragment schemes (§3.3, §3.4)', () => {
  it.each([
    ['text/plain', 'char', ['char', 'byte']],
    ['text/css', 'char', ['char', 'byte']],
    ['text/html', 'char', ['char', 'elt', 'name', 'byte']],
    ['text/xml', 'char', ['char', 'elt', 'byte']],
    ['text/sgml', 'char', ['char', 'elt', 'byte']],
    ['image/gif', 'rect', ['rect', 'byte']],
    ['audio/basic', 'sec', ['sec', 'msec', 'byte']],
    ['video/mpeg', 'crop', ['crop', 'byte']],
    ['application/octet-stream', null, ['byte']],
    ['application/pdf', null, null],
    [null, null, null],
  ])('%s: default %s, built-ins %j', (type, def, allowed) => {
    const s = fragmentSchemesOf(type);
    expect(s.default).toBe(def);
    expect(s.allowed === null ? null : [...s.allowed]).toEqual(allowed);
  });
});
