/**
 * A name as an ANVL label, whatever it holds: what ANVL cannot carry in a label is percent-encoded (as
 * UTF-8), as EZID encodes names in its ANVL (`%` → `%25`, `:` → `%3A`, a line break → `%0A`/`%0D`), and
 * so are other control characters, a space or tab at either end, and a `#` first (a comment line). A
 * name ANVL can carry and that holds no `%` comes out unchanged. The store refuses names that need this
 * (`metadataNameProblem`); this is for names stored before that rule, and for labels the gateway makes
 * from data.
 */
export function anvlLabel(name: string): string {
  let out = '';
  const last = name.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = name.charCodeAt(i);
    const encode =
      c === 0x25 ||
      c === 0x3a ||
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      (i === 0 && c === 0x23) ||
      ((i === 0 || i === last) && c === 0x20);
    out += encode ? encodeURIComponent(name[i] as string) : name[i];
  }
  // An empty name has no label of its own: `-` stands for it (a label is never empty).
  return out === '' ? '-' : out;
}
