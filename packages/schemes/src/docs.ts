/**
 * The scheme tables of the docs, derived from the definitions (`docs`, `route`, `resolver` of each
 * `defineScheme()`): `docs/schemes.md` and the table in the README between its `schemes` markers.
 * `npm run docs -w @pidgate/schemes` writes them; `docs.test.ts` fails when either is stale.
 */
import type { DefinedScheme } from '@pidgate/core';
import { BARE_NUMBER_LABELS, CONTESTED } from './dispatch.ts';

const cell = (s: string): string => s.replaceAll('|', '\\|');
const code = (s: string): string => `\`${s}\``;
const codes = (list: readonly string[]): string => (list.length === 0 ? '—' : list.map(code).join(', '));

/** The package that exports a scheme, from its spec page's name (`docs/specs/pubmed.md` → `@pidgate/pubmed`). */
function packageOf(s: DefinedScheme): string {
  if (s.docs.package !== undefined) return s.docs.package;
  const page = s.docs.page;
  return `@pidgate/${page.slice(page.lastIndexOf('/') + 1, -'.md'.length)}`;
}

/** The hosts a scheme's URLs are read on (the list built on first use is built here). */
function hostsOf(s: DefinedScheme): readonly string[] {
  const hosts = s.route.hosts;
  return [...new Set(typeof hosts === 'function' ? hosts() : (hosts ?? []))];
}

/** The README's table: one row a scheme, in alphabetical order. */
export function readmeTable(schemes: readonly DefinedScheme[]): string {
  const rows = [...schemes]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => {
      const page = s.docs.page;
      return `| ${cell(s.docs.title)} | ${cell(s.docs.specification)} | \`${packageOf(s)}\` ([docs](${page})) |`;
    });
  return ['| scheme | specification | package |', '|---|---|---|', ...rows].join('\n');
}

/** `docs/schemes.md`: every scheme, its labels, hosts, resolver and an example, in dispatch order. */
export function schemesPage(schemes: readonly DefinedScheme[]): string {
  const ordered = [...schemes].sort((a, b) => a.priority - b.priority);
  const lines = [
    '# Schemes',
    '',
    "<!-- Generated from the schemes' definitions (defineScheme() in each package's scheme.ts or index.ts) by",
    '`npm run docs -w @pidgate/schemes`; packages/schemes/src/docs.test.ts fails when this file is stale. -->',
    '',
    'Every scheme pidgate reads, in the order a registry asks them (lower priority first). Labels are read in',
    'any case; `#` stands for a digit. Hosts are read after `http://` or `https://`, and also without them.',
    '',
    '| scheme | priority | labels | URL hosts | resolver | example | package |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const s of ordered) {
    const labels = (s.route.labels ?? []).map((l) => l.replace(/ $/, '␠'));
    const resolver = s.resolverTemplate === undefined ? '—' : code(s.resolverTemplate);
    const hosts = hostsOf(s);
    const more = hosts.length > 8 ? ` and ${hosts.length - 8} more` : '';
    const page = s.docs.page.replace(/^docs\//, '');
    lines.push(
      `| \`${s.name}\` | ${s.priority} | ${cell(codes(labels))} | ${cell(codes(hosts.slice(0, 8)))}${more} | ${resolver} | ${cell(code(s.docs.example))} | [${packageOf(s)}](${page}) |`,
    );
  }
  lines.push('', '## Specifications', '');
  for (const s of [...schemes].sort((a, b) => a.name.localeCompare(b.name))) {
    lines.push(`- \`${s.name}\`: ${s.docs.title}. ${s.docs.specification}.`);
  }
  lines.push(
    '',
    '## Bare forms several schemes could claim',
    '',
    'A bare identifier (no label, no URL) is read as the scheme whose bare grammar and check digit accept',
    'it, in the order above. Where the bare forms of two schemes overlap and both accept the string, it is',
    'refused with `ambiguous-scheme`, whose message names each candidate with its canonical form: write',
    'the identifier with its label or URL. The pairs (`CONTESTED` in packages/schemes/src/dispatch.ts):',
    '',
    ...CONTESTED.map(([a, b]) => `- \`${a}\` and \`${b}\``),
    '',
    'A bare number that no scheme reads is refused with `ambiguous-scheme` too (not `unknown-scheme`) when',
    `a labelled form of it would be read: it names the schemes of those labels (${BARE_NUMBER_LABELS.map(([, l]) => code(l)).join(', ')}),`,
    'none of which is written bare by its authority (a PMID or a VIAF ID has no check digit; a GND ID or an',
    'ISSN is bare only with its hyphen). Other overlaps are settled by priority on purpose: a DOI is a',
    'handle, an ORCID iD is an ISNI. Where this differs from idutils: [specs/idutils.md](specs/idutils.md).',
    '',
    'A string that starts with `ark:` after any URL prefix (`https://n2t.net/ark:/…`) is an ARK wherever no',
    "scheme above claims its host. The routing rules of each scheme are its definition's `route`",
    '(see docs/contributing.md, "Add a scheme in eight files").',
    '',
  );
  return lines.join('\n');
}

export const README_START = '<!-- schemes:start (generated: npm run docs -w @pidgate/schemes) -->';
export const README_END = '<!-- schemes:end -->';

/** The README with its table between the markers replaced by `readmeTable`. */
export function withReadmeTable(readme: string, schemes: readonly DefinedScheme[]): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`the README has no ${README_START} … ${README_END} markers`);
  return `${readme.slice(0, start + README_START.length)}\n${readmeTable(schemes)}\n${readme.slice(end)}`;
}

/** A scheme's short name, from its title: the words before the first comma or parenthesis (`ORCID iD`, `ROR ID`). */
export function shortName(s: DefinedScheme): string {
  return s.docs.title.split(/,| \(/)[0]?.trim() ?? s.name;
}

/**
 * What pidgate reads, in words, from the list of definitions: `ARK, arXiv identifier, DOI, … and URN`
 * (alphabetical). The CLI's help, the home page and the package descriptions say it this way, so a new
 * scheme is named everywhere by its definition alone (`npm run docs -w @pidgate/schemes` writes the
 * descriptions of package.json files; docs.test.ts fails when one is stale).
 */
export function schemesInWords(schemes: readonly DefinedScheme[]): string {
  const names = [...new Set(schemes.map(shortName))].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The `description` of each package.json that names what pidgate reads (path from the repository root →
 * description), made from `schemesInWords`: `npm run docs -w @pidgate/schemes` writes them.
 */
export function packageDescriptions(schemes: readonly DefinedScheme[]): Record<string, string> {
  const words = schemesInWords(schemes);
  return {
    'package.json': `pidgate: a persistent-identifier gateway: ${words} identifiers`,
    'packages/schemes/package.json': `Every pidgate scheme (${words}) registered in one registry`,
    'apps/cli/package.json': `pidgate: the command-line tool and HTTP gateway for persistent identifiers (${words}): normalize, compare, parse, group, resolve`,
  };
}

/** `text` (a package.json) with its top-level "description" set to `description`, nothing else changed. */
export function withDescription(text: string, description: string): string {
  return text.replace(
    /^(\s*"description":\s*)"(?:[^"\\]|\\.)*"/m,
    (_, lead: string) => `${lead}${JSON.stringify(description)}`,
  );
}
