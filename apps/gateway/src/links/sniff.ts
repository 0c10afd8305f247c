/**
 * The soft 404: a page that answers 200 but says it is not there. Only the first bytes of the body are
 * read (the probe keeps 64 KiB), and only its `<title>` and first `<h1>`, each at most 300 characters:
 * a page that merely mentions "not found" in its text is not one.
 */

/** What a title or heading says when the page is a "not found" page. */
const SAYS_NOT_FOUND =
  /\b404\b|\bnot\s+found\b|\bpage\s+(?:does\s+not|doesn['\u2019]t|no\s+longer)\s+exists?\b|\bno\s+such\s+page\b/i;
/** `<title …>text</title>`: text with no `<`, at most 300 characters (bounded: no backtracking blow-up). */
const TITLE = /<title(?:\s[^>]{0,200})?>([^<]{0,300})<\/title\s*>/i;
const HEADING = /<h1(?:\s[^>]{0,200})?>([^<]{0,300})</i;

/** The title or heading that says the page is not found, or null. */
export function looksNotFound(body: Uint8Array): string | null {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  for (const pattern of [TITLE, HEADING]) {
    const said = pattern.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
    if (said && SAYS_NOT_FOUND.test(said)) return said;
  }
  return null;
}
