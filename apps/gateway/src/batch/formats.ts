import type { Binding } from '@pidgate/store';
import { stringify } from 'csv-stringify/sync';
import { formatEzidAnvl, toElements } from '../ezid/index.ts';
import type { DownloadRequest } from './request.ts';

/**
 * EZID's three batch download formats (API guide, "Download formats"; EZID's `download.py` `_writeAnvl`,
 * `_writeCsv`, `_writeXml`), one record at a time so a file of any size is written in constant memory:
 *
 * - ANVL: `:: identifier` then the record's elements as `GET /id/…` gives them (sorted by name, EZID's
 *   percent-encoding), records separated by a blank line.
 * - CSV: a header row of the requested columns, then one row per identifier, Excel-compatible (Python's
 *   `csv.writer`: quoted only when needed, CRLF line ends); line ends and other white space in values
 *   become spaces (`util.oneLine`). Besides any element, `_id` and the `_mapped*` citation columns.
 * - XML: `<records>`, a `<record identifier="…">` per identifier holding an `<element name="…">` per
 *   element, with no white space between tags, as EZID writes it; XML bound to `datacite` or `crossref` is
 *   embedded as elements (its XML declaration removed), everything else escaped (`&`, `<`, `>`, `"`).
 */

/** A record's elements for the download: `toElements`, sorted by name, timestamps converted when asked. */
export function downloadElements(b: Binding, convertTimestamps: boolean): [string, string][] {
  const elements = toElements(b).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  if (!convertTimestamps) return elements;
  return elements.map(([n, v]) => (n === '_created' || n === '_updated' ? [n, zulu(Number(v))] : [n, v]));
}

/** A Unix timestamp as `YYYY-MM-DDTHH:MM:SSZ` (EZID's `formatTimestampZulu`). */
export function zulu(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
}

export interface FormatWriter {
  readonly header: string;
  record(b: Binding, elements: readonly [string, string][]): string;
  readonly footer: string;
}

export function formatWriter(r: Pick<DownloadRequest, 'format' | 'columns'>): FormatWriter {
  switch (r.format) {
    case 'anvl':
      return anvlWriter();
    case 'csv':
      return csvWriter(r.columns);
    case 'xml':
      return xmlWriter();
  }
}

function anvlWriter(): FormatWriter {
  let first = true;
  return {
    header: '',
    record(b, elements) {
      const block = `:: ${b.key}\n${formatEzidAnvl(elements)}`;
      if (first) {
        first = false;
        return block;
      }
      return `\n${block}`;
    },
    footer: '',
  };
}

/** Python's `re.sub("\s", " ", s)`: every white space character (Unicode's) becomes a space. */
const oneLine = (s: string): string => s.replace(/\s/gu, ' ');

/** One row: a row of one empty field is `""`, as Python writes it (else it would read as no field). */
const csvRow = (fields: readonly string[]): string =>
  fields.length === 1 && fields[0] === ''
    ? '""\r\n'
    : stringify([fields.map(oneLine)], { record_delimiter: '\r\n', eof: true });

function csvWriter(columns: readonly string[]): FormatWriter {
  return {
    header: csvRow(columns),
    record(b, elements) {
      const byName = new Map(elements);
      return csvRow(columns.map((c) => columnValue(c, b, byName)));
    },
    footer: '',
  };
}

function columnValue(column: string, b: Binding, elements: ReadonlyMap<string, string>): string {
  switch (column) {
    case '_id':
      return b.key;
    case '_mappedCreator':
      return mapped(elements).creator;
    case '_mappedTitle':
      return mapped(elements).title;
    case '_mappedPublisher':
      return mapped(elements).publisher;
    case '_mappedDate':
      return mapped(elements).date;
    case '_mappedType':
      return mapped(elements).type;
    default:
      return elements.get(column) ?? '';
  }
}

interface Citation {
  readonly creator: string;
  readonly title: string;
  readonly publisher: string;
  readonly date: string;
  readonly type: string;
}

/**
 * Creator, title, publisher, date and type from the identifier's preferred profile (`_profile`), as EZID's
 * `mapping.py` maps them: ERC `who`/`what`/`when`; Dublin Core `dc.creator`, `dc.title`, `dc.publisher`,
 * `dc.date`, `dc.type`; DataCite the `datacite.*` elements or, failing those, the first `creatorName`,
 * `title`, `publisher`, `publicationYear` and `resourceTypeGeneral` of the `datacite` XML record.
 */
function mapped(elements: ReadonlyMap<string, string>): Citation {
  const get = (n: string) => elements.get(n) ?? '';
  const profile = get('_profile') || 'erc';
  if (profile === 'dc') {
    return {
      creator: get('dc.creator'),
      title: get('dc.title'),
      publisher: get('dc.publisher'),
      date: get('dc.date'),
      type: get('dc.type'),
    };
  }
  if (profile === 'datacite') {
    const xml = get('datacite');
    const tag = (name: string) => xmlText(xml, name);
    return {
      creator: get('datacite.creator') || tag('creatorName'),
      title: get('datacite.title') || tag('title'),
      publisher: get('datacite.publisher') || tag('publisher'),
      date: get('datacite.publicationyear') || tag('publicationYear'),
      type: get('datacite.resourcetype') || (/resourceTypeGeneral="([^"]*)"/.exec(xml)?.[1] ?? ''),
    };
  }
  return { creator: get('erc.who'), title: get('erc.what'), publisher: '', date: get('erc.when'), type: '' };
}

/** The text of the first `<name …>text</name>` (any namespace prefix), entities decoded; '' when none. */
function xmlText(xml: string, name: string): string {
  const m = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([^<]*)</`).exec(xml);
  if (!m?.[1]) return '';
  return m[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** `xml.sax.saxutils.escape(s, {'"': "&quot;"})`. */
export const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** EZID's `xmlDeclarationRE`: an XML declaration at the start, and the white space after it. */
const XML_DECLARATION =
  /^<\?xml\s+version\s*=\s*(['"])([-\w.:]+)\1(\s+encoding\s*=\s*(['"])([a-zA-Z][-\w.]*)\4)?(\s+standalone\s*=\s*(['"])(yes|no)\7)?\s*\?>\s*/;

function xmlWriter(): FormatWriter {
  return {
    header: '<?xml version="1.0" encoding="utf-8"?>\n<records>',
    record(b, elements) {
      let out = `<record identifier="${xmlEscape(b.key)}">`;
      for (const [name, value] of elements) {
        const v = name === 'datacite' || name === 'crossref' ? value.replace(XML_DECLARATION, '') : xmlEscape(value);
        out += `<element name="${xmlEscape(name)}">${v}</element>`;
      }
      return `${out}</record>`;
    },
    footer: '</records>',
  };
}
