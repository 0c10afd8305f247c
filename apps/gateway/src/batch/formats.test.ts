import type { Binding } from '@pidgate/store';
import { describe, expect, it } from 'vitest';
import { downloadElements, formatWriter, zulu } from './formats.ts';
import { parseDownloadRequest } from './request.ts';

// EZID's API guide, "Batch download" → "Download formats": its examples, verbatim, are the expected
// values (https://ezid.cdlib.org/doc/apidoc.html#download-formats; CDLUC3/ezid templates/doc/apidoc.2.rst).

const at = (unix: number) => new Date(unix * 1000).toISOString();

function binding(key: string, fields: Partial<Binding> & Record<string, unknown>): Binding {
  return {
    key,
    target: 'https://example.org/',
    status: 302,
    erc: {},
    support: null,
    identifierStatus: 'public',
    statusReason: null,
    owner: 'apitest',
    metadata: {},
    createdAt: at(0),
    updatedAt: at(0),
    version: 1,
    tombstoned: false,
    deletedAt: null,
    // Once accounts are merged a binding has its group; the guide's is `apitest`.
    ownerGroup: 'apitest',
    ...fields,
  } as Binding;
}

const PROUST = binding('ark:/99999/fk4gt78tq', {
  target: 'http://www.gutenberg.org/ebooks/7178',
  erc: { who: 'Proust, Marcel', what: 'Remembrance of Things Past', when: '1922' },
  createdAt: at(1300812337),
  updatedAt: at(1300913550),
});

const DATACITE_XML = `<?xml version="1.0"?>
<resource xmlns="http://datacite.org/schema/kernel-4"><identifier identifierType="DOI">10.5072/FK2S75905Q</identifier><creators><creator><creatorName>Montagu Browne</creatorName></creator></creators><titles><title>Practical Taxidermy</title></titles><publisher>Charles Scribner's Sons</publisher><publicationYear>1884</publicationYear><resourceType resourceTypeGeneral="Text"/></resource>`;

const BROWNE = binding('doi:10.5072/FK2S75905Q', {
  target: 'http://www.gutenberg.org/ebooks/26014',
  metadata: { _profile: 'datacite', datacite: DATACITE_XML },
  createdAt: at(1421276359),
  updatedAt: at(1421276359),
});

function write(params: string, bindings: Binding[]): string {
  const r = parseDownloadRequest(new URLSearchParams(params));
  if (typeof r === 'string') throw new Error(r);
  const w = formatWriter(r);
  return w.header + bindings.map((b) => w.record(b, downloadElements(b, r.convertTimestamps))).join('') + w.footer;
}

describe('batch download formats', () => {
  it("anvl: the guide's first record, byte for byte, and a blank line between records", () => {
    const guide = `:: ark:/99999/fk4gt78tq
_created: 1300812337
_export: yes
_owner: apitest
_ownergroup: apitest
_profile: erc
_status: public
_target: http://www.gutenberg.org/ebooks/7178
_updated: 1300913550
erc.what: Remembrance of Things Past
erc.when: 1922
erc.who: Proust, Marcel
`;
    expect(write('format=anvl', [PROUST])).toBe(guide);
    const two = write('format=anvl', [PROUST, BROWNE]);
    expect(two.startsWith(`${guide}\n:: doi:10.5072/FK2S75905Q\n_created: 1421276359\n`)).toBe(true);
    // The guide: "employs percent-encoding as described in Request & response bodies" (values: %, CR, LF).
    expect(two).toContain('datacite: <?xml version="1.0"?>%0A<resource xmlns="http://datacite.org/schema/kernel-4">');
  });

  it("csv: the guide's table for format=csv&column=_id&column=_owner&column=erc.when&column=_mappedCreator", () => {
    // Excel-compatible CSV as Python's csv.writer writes it: CRLF after every row.
    const guide = [
      '_id,_owner,erc.when,_mappedCreator',
      'ark:/99999/fk4gt78tq,apitest,1922,"Proust, Marcel"',
      'doi:10.5072/FK2S75905Q,apitest,,Montagu Browne',
      '',
    ].join('\r\n');
    expect(write('format=csv&column=_id&column=_owner&column=erc.when&column=_mappedCreator', [PROUST, BROWNE])).toBe(
      guide,
    );
  });

  it('csv: line ends in values become spaces, quotes are doubled, mapped columns follow the profile', () => {
    const b = binding('ark:/99999/fk4x', {
      erc: { who: 'A "B"\r\nC', what: 'T' },
      metadata: { _profile: 'dc', 'dc.creator': 'Dc, Creator', 'dc.title': 'Dc title', 'dc.type': 'Text' },
    });
    const out = write('format=csv&column=erc.who&column=_mappedCreator&column=_mappedTitle&column=_mappedType', [b]);
    expect(out.split('\r\n')[1]).toBe('"A ""B""  C","Dc, Creator",Dc title,Text');
  });

  it("xml: the guide's first record (EZID writes no white space between tags), datacite XML embedded", () => {
    const guide = `<?xml version="1.0" encoding="UTF-8"?>
<records>
  <record identifier="ark:/99999/fk4gt78tq">
    <element name="_created">1300812337</element>
    <element name="_export">yes</element>
    <element name="_owner">apitest</element>
    <element name="_ownergroup">apitest</element>
    <element name="_profile">erc</element>
    <element name="_status">public</element>
    <element name="_target">http://www.gutenberg.org/ebooks/7178</element>
    <element name="_updated">1300913550</element>
    <element name="erc.what">Remembrance of Things Past</element>
    <element name="erc.when">1922</element>
    <element name="erc.who">Proust, Marcel</element>
  </record>
</records>`;
    // EZID's download.py writes `<?xml version="1.0" encoding="utf-8"?>\n<records>` and then the records
    // with nothing between the tags; the guide indents them for reading.
    const compact = guide
      .replace(/>\s+</g, '><')
      .replace('encoding="UTF-8"?><records>', 'encoding="utf-8"?>\n<records>');
    expect(write('format=xml', [PROUST])).toBe(compact);
    const withDoi = write('format=xml', [BROWNE]);
    expect(withDoi).toContain(
      '<element name="datacite"><resource xmlns="http://datacite.org/schema/kernel-4"><identifier identifierType="DOI">',
    );
    expect(withDoi).not.toContain('<?xml version="1.0"?>');
  });

  it('xml: names and values are escaped; convertTimestamps gives ISO 8601', () => {
    const b = binding('ark:/99999/fk4&<', { erc: { what: '"a" & <b>' }, createdAt: at(1300812337) });
    const out = write('format=xml&convertTimestamps=yes', [b]);
    expect(out).toContain('<record identifier="ark:/99999/fk4&amp;&lt;">');
    expect(out).toContain('<element name="erc.what">&quot;a&quot; &amp; &lt;b&gt;</element>');
    expect(out).toContain('<element name="_created">2011-03-22T16:45:37Z</element>');
    expect(zulu(0)).toBe('1970-01-01T00:00:00Z');
  });
});
