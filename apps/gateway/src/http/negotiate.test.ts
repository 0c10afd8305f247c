import { describe, expect, it } from 'vitest';
import { METADATA_TYPES, negotiate, prefersHtml } from './negotiate.ts';

// Content negotiation (RFC 9110 §12.5.1): the header parsed by hono/accepts' parser, the choice made by the
// most specific matching range's q, ties by the order offered, null (406) only when all are refused.

const LIST = ['application/json', 'text/html', 'text/uri-list'] as const;

describe('negotiate', () => {
  it.each([
    // No header, an empty one, one naming nothing offered: the first offered type (THUMP's text/plain).
    [undefined, METADATA_TYPES, 'text/plain'],
    ['', METADATA_TYPES, 'text/plain'],
    ['   ', METADATA_TYPES, 'text/plain'],
    ['image/png', METADATA_TYPES, 'text/plain'],
    ['foo', METADATA_TYPES, 'text/plain'],
    // Exact types, case-insensitively, with parameters and whitespace.
    ['application/json', METADATA_TYPES, 'application/json'],
    ['TEXT/HTML', METADATA_TYPES, 'text/html'],
    ['text/html ; level=1', METADATA_TYPES, 'text/html'],
    // q decides; equal q: the more specific range, then the order offered.
    ['text/html;q=0.5, application/json;q=0.9', METADATA_TYPES, 'application/json'],
    ['text/*, application/json;q=0.9', METADATA_TYPES, 'text/plain'],
    ['*/*', LIST, 'application/json'],
    ['*/*;q=0.5, text/uri-list', LIST, 'text/uri-list'],
    // The most specific range gives a type its q: text/html is refused though text/* is welcome.
    ['text/*, text/html;q=0', ['text/html', 'text/plain'] as const, 'text/plain'],
    ['*/*, application/json;q=0', LIST, 'text/html'],
    // A browser's header.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', METADATA_TYPES, 'text/html'],
    // Everything offered refused: null (the route answers 406); refused but something else matched: first.
    ['text/plain;q=0, application/json;q=0, text/html;q=0', METADATA_TYPES, null],
    ['*/*;q=0', LIST, null],
    ['text/plain;q=0, image/png', METADATA_TYPES, 'text/plain'],
    // Choices where the RFC is silent (hono's parser): a q that is no number, or above 1, counts as 1; a
    // range named twice counts with its highest q.
    ['text/html;q=abc, application/json;q=0.5', METADATA_TYPES, 'text/html'],
    ['text/html;q=2, application/json;q=0.5', METADATA_TYPES, 'text/html'],
    ['text/html;q=0.1, application/json;q=0.5, text/html', METADATA_TYPES, 'text/html'],
  ] as const)('%j among %j → %j', (accept, offered, expected) => {
    expect(negotiate(accept, offered)).toBe(expected);
  });
});

describe('prefersHtml', () => {
  it('is true for a browser, false for a program or no header', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
  });
});
