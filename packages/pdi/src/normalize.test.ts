import { describe, expect, it } from 'vitest';
import { canonicalParts, normalizePdi, resourceKey } from './normalize.ts';
import { parsePdi } from './parse.ts';

const normalize = (input: string): string => {
  const r = parsePdi(input);
  if (!r.ok) throw new Error(`${input}: ${r.error.code} ${r.error.message}`);
  return normalizePdi(r.value);
};

describe('the draft’s equivalences', () => {
  // §3.4.1: "Since the default fragment specifier for text is char, the following PDI is equivalent"
  it('§3.4.1 #char=37,51 and #37,51 on text', () => {
    expect(normalize('pdi://oma.eop.gov.us/1997/09/01/1.text.1#37,51')).toBe(
      normalize('pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51'),
    );
    expect(normalize('pdi://oma.eop.gov.us/1997/09/01/1.text.1#37,51')).toBe(
      'urn:pdi://oma.eop.gov.us/1997/09/01/1.text.1#char=37,51',
    );
  });

  // §3.4.5: "Since frame is unspecified, it defaults to zero and this PDI is equivalent"
  // (the draft's examples lack the version §2.6 requires; here with ".1")
  it('§3.4.5 #(5,10),(25,30) and #(5,10),(25,30),0 on images, but not ,2', () => {
    const a = normalize('pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30)');
    expect(a).toBe(normalize('pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30),0'));
    expect(a).toBe(normalize('pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#rect=(5,10),(25,30),0'));
    expect(a).toBe('urn:pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#rect=(5,10),(25,30),0');
    expect(a).not.toBe(normalize('pdi://images.satellite.nasa.gov.us/1997/09/30/1234.gif.1#(5,10),(25,30),2'));
  });

  // §2.5: the encapsulated URL, its reserved characters kept escaped, ":" (other) unescaped
  it('§2.5 the encapsulated whitehouse URL', () => {
    expect(normalize('pdi://oma.eop.gov.us/1994/10/20/http%3a%2f%2fwww%2ewhitehouse%2egov%2f.html.1')).toBe(
      'urn:pdi://oma.eop.gov.us/1994/10/20/http:%2f%2fwww%2ewhitehouse%2egov%2f.html.1',
    );
  });

  // README (restored §3.4.6 video): "#sec,23,51 equals #crop=sec,23,51"
  it('video: #sec,23,51 equals #crop=sec,23,51', () => {
    const a = 'pdi://a.us/1997/09/30/1.video%2bmpeg.1#sec,23,51';
    expect(normalize(a)).toBe(normalize('pdi://a.us/1997/09/30/1.video%2bmpeg.1#crop=sec,23,51'));
    expect(normalize(a)).toBe('urn:pdi://a.us/1997/09/30/1.video%2bmpeg.1#crop=sec,23,51');
  });

  // README (restored §3.4.4 audio): "#sec=23,57", sec being the default for audio/*
  it('audio: #23,57 equals #sec=23,57, and not #msec=23,57', () => {
    expect(normalize('pdi://a.us/1997/09/30/1.wav.1#23,57')).toBe(normalize('pdi://a.us/1997/09/30/1.wav.1#sec=23,57'));
    expect(normalize('pdi://a.us/1997/09/30/1.wav.1#23,57')).not.toBe(
      normalize('pdi://a.us/1997/09/30/1.wav.1#msec=23,57'),
    );
  });
});

describe('§3.6.4 lexical equivalence, rule by rule', () => {
  it.each([
    // the label, "urn:" and the URL form
    ['URN:PDI://a.us/1997/09/01/1', 'urn:pdi://a.us/1997/09/01/1'],
    ['pdi://a.us/1997/09/01/1', 'urn:pdi://a.us/1997/09/01/1'],
    // the document series and country lowercased
    ['pdi://OMA.Eop.GOV.US/1997/09/01/1', 'urn:pdi://oma.eop.gov.us/1997/09/01/1'],
    // the format lowercased; its escapes of letters, digits, hyphens decoded, others lowercased
    ['pdi://a.us/1997/09/01/1.HTML.1', 'urn:pdi://a.us/1997/09/01/1.html.1'],
    ['pdi://a.us/1997/09/01/1.Image%2BPNG.1', 'urn:pdi://a.us/1997/09/01/1.image%2bpng.1'],
    ['pdi://a.us/1997/09/01/1.%74ext%2d1', 'urn:pdi://a.us/1997/09/01/1.text-1'],
    // the fragment scheme lowercased, explicit
    ['pdi://a.us/1997/09/01/1.text.1#CHAR=1,2', 'urn:pdi://a.us/1997/09/01/1.text.1#char=1,2'],
    ['pdi://a.us/1997/09/01/1.html.1#ELT=1,2', 'urn:pdi://a.us/1997/09/01/1.html.1#elt=1,2'],
    [
      'pdi://a.us/1997/09/01/1.video%2bmpeg.1#Crop=MSEC,1,2',
      'urn:pdi://a.us/1997/09/01/1.video%2bmpeg.1#crop=msec,1,2',
    ],
    ['pdi://a.us/1997/09/01/1.pdf.1#Page=A1,(B,c)', 'urn:pdi://a.us/1997/09/01/1.pdf.1#page=A1,(B,c)'],
    // escapes of non-reserved characters decoded in the unique id, others' hex lowercased
    ['pdi://a.us/1997/09/01/%41%62%3A%28%5F', 'urn:pdi://a.us/1997/09/01/Ab:(_'],
    ['pdi://a.us/1997/09/01/a%2F%2A%C3%A9%20', 'urn:pdi://a.us/1997/09/01/a%2f%2a%c3%a9%20'],
    // integers without superfluous zeros: year (4 digits at least), month and day (2), version, positions
    ['pdi://a.us/01997/009/001/1.text.0002#char=037,051', 'urn:pdi://a.us/1997/09/01/1.text.2#char=37,51'],
    ['pdi://a.us/0000/01/01/1', 'urn:pdi://a.us/0000/01/01/1'],
    ['pdi://a.us/10000/01/01/1', 'urn:pdi://a.us/10000/01/01/1'],
    ['pdi://a.us/1997/09/01/1.gif.1#(05,010),(25,30),00', 'urn:pdi://a.us/1997/09/01/1.gif.1#rect=(5,10),(25,30),0'],
    // element names: case kept, escapes of plain characters decoded, "(" and ")" kept escaped
    [
      'pdi://a.us/1997/09/01/1.html.1#name=Intro%2d1,%28x%29',
      'urn:pdi://a.us/1997/09/01/1.html.1#name=Intro-1,%28x%29',
    ],
    // citations: origin position canonical, the cited PDI canonical in its pdi: form
    [
      'URN:PDI://A.US/1997/09/01/1.HTML.1@007=URN:PDI://B.US/1997/09/01/X.TEXT.02#37,51',
      'urn:pdi://a.us/1997/09/01/1.html.1@7=pdi://b.us/1997/09/01/X.text.2#char=37,51',
    ],
    // wildcards stay where they are
    ['pdi://A.US/*/09/*/*.*', 'urn:pdi://a.us/*/09/*/*.*'],
  ])('%s -> %s', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it.each([
    // the unique id and the positions keep their case
    ['pdi://a.us/1997/09/01/abc', 'pdi://a.us/1997/09/01/ABC'],
    ['pdi://a.us/1997/09/01/1.html.1#name=a,b', 'pdi://a.us/1997/09/01/1.html.1#name=A,b'],
    ['pdi://a.us/1997/09/01/1.pdf.1#page=a', 'pdi://a.us/1997/09/01/1.pdf.1#page=A'],
    // reserved characters are never decoded: %2f is not "/" and %2a is not a wildcard
    ['pdi://a.us/1997/09/01/*', 'pdi://a.us/1997/09/01/%2a'],
    // the unique id is opaque: 01 is not 1
    ['pdi://a.us/1997/09/01/01', 'pdi://a.us/1997/09/01/1'],
    // an omitted version is the highest one at resolution, not version 1 (§3.6 over §2.6)
    ['pdi://a.us/1997/09/01/1.text', 'pdi://a.us/1997/09/01/1.text.1'],
    // an omitted format names the generic resource, not any one format (§2.5)
    ['pdi://a.us/1997/09/01/1', 'pdi://a.us/1997/09/01/1.text'],
    // tokens are not aliased: text (text/plain) is not text%2bplain
    ['pdi://a.us/1997/09/01/1.text', 'pdi://a.us/1997/09/01/1.text%2bplain'],
    // wildcards in different places
    ['pdi://a.us/*/09/01/1', 'pdi://a.us/1997/*/01/1'],
    ['pdi://a.us/1997/09/01/*.text', 'pdi://a.us/1997/09/01/1.*'],
    // sec and msec are different schemes (no unit conversion)
    ['pdi://a.us/1997/09/01/1.wav.1#sec=1,2', 'pdi://a.us/1997/09/01/1.wav.1#msec=1000,2000'],
    // a fragment is part of the identity (unlike an RFC 8141 f-component)
    ['pdi://a.us/1997/09/01/1.text.1', 'pdi://a.us/1997/09/01/1.text.1#char=0,1'],
    // the series has an order
    ['pdi://a.b.us/1997/09/01/1', 'pdi://b.a.us/1997/09/01/1'],
  ])('%s is not %s', (a, b) => {
    expect(normalize(a)).not.toBe(normalize(b));
  });
});

describe('encapsulated identifiers (§2.4.1) are canonical by their own rules', () => {
  it.each([
    // scheme and host lowercased, path case kept
    ['HTTP%3a%2f%2fWWW%2eExample%2eORG%2fA%2fB', 'http:%2f%2fwww%2eexample%2eorg%2fA%2fB'],
    // userinfo case kept, host lowercased, port kept
    ['http:%2f%2fUser%40Host%2eCOM:8080%2fX', 'http:%2f%2fUser%40host%2ecom:8080%2fX'],
    // the authority ends at "?" and "#"
    ['HTTPS:%2f%2fA%2eB%3fQ%3d1', 'https:%2f%2fa%2eb%3fQ%3d1'],
    ['http:%2f%2fA%23Frag', 'http:%2f%2fa%23Frag'],
    // a scheme with "+" and "." (escaped, reserved)
    ['Svn%2bSSH:%2f%2fHost', 'svn%2bssh:%2f%2fhost'],
    // not a URL: no "//" after the scheme, or no scheme: left as it is
    ['URN:ISBN:0-395', 'URN:ISBN:0-395'],
    ['Report:%2f%2fA', 'report:%2f%2fa'],
    ['1HTTP:%2f%2fA', '1HTTP:%2f%2fA'],
    ['A_B:%2f%2fX', 'A_B:%2f%2fX'],
  ])('%s -> %s', (uniqueId, expected) => {
    expect(normalize(`pdi://a.us/1997/09/01/${uniqueId}.html.1`)).toBe(`urn:pdi://a.us/1997/09/01/${expected}.html.1`);
  });
});

describe('resourceKey: the resource a binding belongs to', () => {
  it.each([
    ['pdi://OMA.us/1997/09/01/1.TEXT.3#char=1,2', 'urn:pdi://oma.us/1997/09/01/1'],
    ['pdi://oma.us/1997/09/01/1', 'urn:pdi://oma.us/1997/09/01/1'],
    ['pdi://oma.us/1997/09/01/1.html.1@5=pdi://b.us/1990/01/01/2.text.1', 'urn:pdi://oma.us/1997/09/01/1'],
    ['pdi://oma.us/1994/10/20/HTTP%3a%2f%2fX.html.1', 'urn:pdi://oma.us/1994/10/20/http:%2f%2fx'],
  ])('%s -> %s', (input, key) => {
    const r = parsePdi(input);
    expect(r.ok && resourceKey(r.value)).toBe(key);
  });
});

describe('canonicalParts: what a store keys on', () => {
  it('gives each part as normalizePdi writes it', () => {
    const r = parsePdi('PDI://OMA.Eop.us/01997/009/001/HTTP%3a%2F%2FX.TEXT.0003');
    expect(r.ok && canonicalParts(r.value)).toEqual({
      series: 'oma.eop.us',
      year: '1997',
      month: '09',
      day: '01',
      uniqueId: 'http:%2f%2fx',
      format: 'text',
      version: '3',
    });
  });
});
