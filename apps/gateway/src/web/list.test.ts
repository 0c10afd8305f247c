import fc from 'fast-check';
import { parse, type DefaultTreeAdapterTypes as T } from 'parse5';
import { describe, expect, it } from 'vitest';
import { type ListOutcome, renderListPage } from './list.tsx';

type Node = T.ChildNode | T.Document;

/** Every element below `node`, in document order. */
function elements(node: Node): T.Element[] {
  const out: T.Element[] = [];
  const visit = (n: Node) => {
    if ('tagName' in n) out.push(n);
    const children = 'childNodes' in n ? n.childNodes : [];
    for (const child of children) visit(child);
    if (n.nodeName === 'template') for (const child of (n as T.Template).content.childNodes) visit(child);
  };
  visit(node);
  return out;
}

/** The text of an element as a browser's textContent has it. */
function text(node: Node): string {
  if (node.nodeName === '#text') return (node as T.TextNode).value;
  return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
}

const attr = (e: T.Element, name: string): string | undefined => e.attrs.find((a) => a.name === name)?.value;
const byTag = (root: Node, tag: string) => elements(root).filter((e) => e.tagName === tag);
/** The href of the first link in a table cell; undefined when it has none. */
const href = (cell: T.Element | undefined) => (cell ? byTag(cell, 'a').map((a) => attr(a, 'href'))[0] : undefined);

/** The page parsed as a browser parses it (parse5 follows the WHATWG HTML parsing algorithm). */
function page(outcome: ListOutcome, query: string, base = '/') {
  const html = renderListPage(outcome, query, base);
  const doc = parse(html);
  const rows = byTag(doc, 'tbody')
    .flatMap((b) => b.childNodes.filter((n): n is T.Element => n.nodeName === 'tr'))
    .map((tr) => tr.childNodes.filter((n): n is T.Element => n.nodeName === 'td'));
  return { html, doc, rows };
}

const list = (items: ListOutcome['items'], truncated = false): ListOutcome => ({
  kind: 'list',
  how: 'store',
  items,
  truncated,
});

describe('the PDI listing page (the HTML answer to a PDI with wildcards)', () => {
  const items = [
    {
      identifier: 'urn:pdi://ap.org.us/1997/11/03/1.html.1',
      target: 'https://ap.example.org/nov3',
      createdAt: '2026-11-23T10:00:00.000Z',
    },
    {
      identifier: 'urn:pdi://ap.org.us/1997/11/27/12.pdf.2',
      target: 'https://ap.example.org/nov27?v=2&x=y',
      createdAt: '2026-11-23T11:30:00.000Z',
    },
  ];

  it('titles the page with the query and lists each match: a link to it here, its target, when it was bound', () => {
    const { doc, rows } = page(list(items), 'urn:pdi://ap.org.us/1997/11/*/*', '/resolver/');
    expect(text(byTag(doc, 'title')[0] as T.Element)).toBe('urn:pdi://ap.org.us/1997/11/*/* · pidgate');
    expect(byTag(doc, 'h1').map(text)).toEqual(['urn:pdi://ap.org.us/1997/11/*/*']);
    expect(
      elements(doc)
        .filter((e) => attr(e, 'class') === 'lede')
        .map(text),
    ).toEqual(['2 matching identifiers.']);
    expect(byTag(doc, 'th').map(text)).toEqual(['identifier', 'target', 'bound']);
    expect(rows.map((cells) => cells.map(text))).toEqual([
      ['urn:pdi://ap.org.us/1997/11/03/1.html.1', 'https://ap.example.org/nov3', '2026-11-23T10:00:00.000Z'],
      ['urn:pdi://ap.org.us/1997/11/27/12.pdf.2', 'https://ap.example.org/nov27?v=2&x=y', '2026-11-23T11:30:00.000Z'],
    ]);
    expect(rows.map(([id, target]) => [href(id), href(target)])).toEqual([
      ['/resolver/urn:pdi://ap.org.us/1997/11/03/1.html.1', 'https://ap.example.org/nov3'],
      ['/resolver/urn:pdi://ap.org.us/1997/11/27/12.pdf.2', 'https://ap.example.org/nov27?v=2&x=y'],
    ]);
    // in the site's layout, with its stylesheet under the base, and no script
    expect(byTag(doc, 'link').map((l) => attr(l, 'href'))).toEqual([
      expect.stringMatching(/^\/resolver\/assets\/pidgate\.css\?v=/),
    ]);
    expect(byTag(doc, 'script')).toEqual([]);
    expect(text(doc)).not.toContain('narrow the query');
  });

  it('says when more identifiers match than are listed, and lists none without a table row', () => {
    expect(text(page(list(items, true), 'urn:pdi://ap.org.us/*/*/*').doc)).toContain(
      'More identifiers match than are listed here: narrow the query.',
    );
    const empty = page(list([]), 'urn:pdi://ap.org.us/2001/*/*/*');
    expect(empty.rows).toEqual([]);
    expect(text(empty.doc)).toContain('0 matching identifiers.');
  });

  it('escapes hostile values: text stays text, attributes stay attributes, a non-http target is no link', () => {
    const query = '<img src=x onerror=alert(1)>"\'&amp;';
    const hostile = [
      {
        identifier: 'urn:pdi://x.org.us/"><script>alert(1)</script>',
        target: 'javascript:alert(1)',
        createdAt: '</td></tr></table><iframe src="https://evil.example/">',
      },
      {
        identifier: "urn:pdi://x.org.us/1/' onmouseover='alert(1)",
        target: 'https://e.org/"onmouseover="x',
        createdAt: '',
      },
    ];
    const { doc, rows } = page(list(hostile), query, '/"><b>/');
    expect(byTag(doc, 'h1').map(text)).toEqual([query]);
    expect(rows.map((cells) => cells.map(text))).toEqual(hostile.map((h) => [h.identifier, h.target, h.createdAt]));
    // no element the values could have made, no event handler attribute
    for (const tag of ['script', 'img', 'iframe', 'b']) expect(byTag(doc, tag)).toEqual([]);
    expect(elements(doc).flatMap((e) => e.attrs.filter((a) => a.name.startsWith('on')))).toEqual([]);
    const [first, second] = rows;
    expect(byTag(first?.[1] as T.Element, 'a')).toEqual([]);
    expect(href(first?.[0])).toBe(`/"><b>/${hostile[0]?.identifier}`);
    expect(href(second?.[1])).toBe(hostile[1]?.target);
  });

  it('keeps any string as text: the parsed page shows exactly what was given', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (q, id) => {
          // What the HTML parser itself rewrites (NUL, CR) is not this page's escaping: leave those out.
          fc.pre(!/[\0\r]/.test(q + id));
          const { doc, rows } = page(list([{ identifier: id, target: 'https://e.org/', createdAt: 'x' }]), q);
          expect(byTag(doc, 'h1').map(text)).toEqual([q]);
          expect(rows.map((cells) => text(cells[0] as T.Element))).toEqual([id]);
          expect(byTag(doc, 'script')).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
