import { describe, expect, it } from 'vitest';
import { canonicalFragment, scanFragment } from './fragment.ts';

/** The canonical fragment of `fragment` (without "#") on a resource of format `format`. */
const canonical = (format: string, fragment: string): string => {
  const scanned = scanFragment(fragment, 0);
  if ('ok' in scanned) return `error ${scanned.error.code}`;
  const r = canonicalFragment(scanned, format, 0);
  return r.ok ? r.value : `error ${r.error.code}`;
};

describe('fragment schemes, one row per rule of §3.4', () => {
  it.each([
    // §3.4.1 text: char, half-open, the default for text/*
    ['text', '37,51', 'char=37,51'],
    ['text', 'char=37,51', 'char=37,51'],
    ['css', '0,0', 'char=0,0'],
    // §3.4.2 html: char (default), elt and name, closed intervals
    ['html', '3,9', 'char=3,9'],
    ['html', 'elt=3,3', 'elt=3,3'],
    ['html', 'name=intro,outro', 'name=intro,outro'],
    ['html', 'name=b,a', 'name=b,a'],
    ['html', 'name=%41%2c,b', 'name=A%2c,b'],
    // §3.4.2 sgml and xml: char (default) and elt
    ['sgml', 'elt=1,2', 'elt=1,2'],
    ['xml', '1,2', 'char=1,2'],
    // §3.4.5 image: rect, two corners and a frame that defaults to 0
    ['gif', '(5,10),(25,30)', 'rect=(5,10),(25,30),0'],
    ['png', 'rect=(0,0),(1,1),7', 'rect=(0,0),(1,1),7'],
    // §3.4.4 audio: sec (default) or msec
    ['wav', '23,57', 'sec=23,57'],
    ['audio%2bmpeg', 'msec=23000,57000', 'msec=23000,57000'],
    // video: crop=time-scheme,start,end[,(x1,y1),(x2,y2)], crop the default
    ['video%2bmpeg', 'sec,23,51', 'crop=sec,23,51'],
    ['quicktime', 'crop=msec,0,10,(1,2),(3,4)', 'crop=msec,0,10,(1,2),(3,4)'],
    ['quicktime', 'crop=frames,0,10', 'crop=frames,0,10'],
    // octets: byte, explicit, allowed on any media type
    ['octet-stream', 'byte=0,100', 'byte=0,100'],
    ['gif', 'byte=0,100', 'byte=0,100'],
    ['pdf', 'byte=0,100', 'byte=0,100'],
    // extension schemes, explicit, on any media type
    ['pdf', 'page=3', 'page=3'],
    ['pdf', 'page=3,(a1,B2)', 'page=3,(a1,B2)'],
    ['text', 'line=3,4', 'line=3,4'],
    // media types without defaults take built-in schemes only when named
    ['pdf', 'char=1,2', 'char=1,2'],
    ['header', 'char=1,2', 'char=1,2'],
    ['pdf', '1,2', 'error fragment-scheme-required'],
    ['octet-stream', 'char=1,2', 'error fragment-scheme-media-type'],
    ['text', 'elt=1,2', 'error fragment-scheme-media-type'],
    ['html', 'rect=(1,2),(3,4)', 'error fragment-scheme-media-type'],
    ['wav', 'crop=sec,1,2', 'error fragment-scheme-media-type'],
    ['gif', 'sec=1,2', 'error fragment-scheme-media-type'],
  ])('%s #%s -> %s', (format, fragment, expected) => {
    expect(canonical(format, fragment)).toBe(expected);
  });
});
