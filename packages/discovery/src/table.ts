/**
 * The NAAN table the gateway asks: for an ARK's NAAN and Name, where does it resolve?
 * Built from a natab (draft-09 §4.1) or from today's NAAN registry (JSON export or ANVL records).
 */
import { readFile } from 'node:fs/promises';
import { err, ok, type PidError, type Result } from '@pidgate/core';
import type { DiscoveryErrorCode } from './codes.ts';
import { HASH, lines, normalizeNaan } from './grammar.ts';
import { type Natab, parseNatab } from './natab.ts';
import { type NaanRegistry, parseNaanRegistryJsonText } from './registry.ts';
import { parseNaanRegistryAnvl } from './registry-anvl.ts';
import { type CompiledTemplate, compileTemplate, expandTemplate, type TemplateValues } from './template.ts';

export interface NaanTarget {
  /** Where the ARK resolves: the registry's template expanded, or `http://NMAH/ark:/NAAN/Name...`. */
  readonly url: string;
  /** The HTTP redirect status: the registry's `http_code`; 302 for natab entries. */
  readonly status: number;
  readonly source: 'natab' | 'registry';
  /** The record that matched: `NAAN` or `NAAN/shoulder`. */
  readonly record: string;
}

/** The record that matched, its URL template and the values to fill it with (a caller fills it by its own rules). */
export interface NaanRule {
  readonly record: string;
  readonly status: number;
  readonly source: 'natab' | 'registry';
  /** The URL template as registered (`http://NMAH/ark:/${content}` for a natab entry). */
  readonly template: string;
  readonly values: TemplateValues;
  /** The template expanded with the values as they are (what `lookup` gives). */
  readonly url: string;
}

export type NaanTableFormat = 'natab' | 'anvl' | 'json';

interface Rule {
  readonly record: string;
  /** The shoulder, or "" for the NAAN's own record. */
  readonly shoulder: string;
  readonly template: CompiledTemplate;
  /** The template's text. */
  readonly url: string;
  readonly status: number;
}

interface Slot {
  naanRule: Rule | null;
  /** Longest shoulder first, so the first prefix match is the most specific. */
  shoulders: Rule[];
  nmahs: string[];
}

/** natab entries resolve at `http://NMAH/ark:/${content}` (draft-09 §2.1: the NMAH is a hostport). */
const NATAB_STATUS = 302;

export class NaanTable {
  #slots: Map<string, Slot>;
  #source: 'natab' | 'registry';
  #path: string | null = null;

  private constructor(slots: Map<string, Slot>, source: 'natab' | 'registry') {
    this.#slots = slots;
    this.#source = source;
  }

  /** One rule per NAAN: its first NMAH (the others are in `nmahs(naan)`). NAANs without NMAHs are left out. */
  static fromNatab(natab: Natab): NaanTable {
    const slots = new Map<string, Slot>();
    for (const entry of natab.entries) {
      const first = entry.nmahs[0];
      if (!first) continue;
      const url = `http://${first.hostport}/ark:/\${content}`;
      slots.set(entry.naan, {
        naanRule: { record: entry.naan, shoulder: '', template: unwrapTemplate(url), url, status: NATAB_STATUS },
        shoulders: [],
        nmahs: entry.nmahs.map((n) => n.hostport),
      });
    }
    return new NaanTable(slots, 'natab');
  }

  /** One rule per registry record; a shoulder record takes precedence over its NAAN's record. */
  static fromRegistry(registry: NaanRegistry): NaanTable {
    const slots = new Map<string, Slot>();
    for (const record of registry.records) {
      let slot = slots.get(record.naan);
      if (!slot) {
        slot = { naanRule: null, shoulders: [], nmahs: [] };
        slots.set(record.naan, slot);
      }
      const rule: Rule = {
        record: record.what,
        shoulder: record.shoulder ?? '',
        template: unwrapTemplate(record.target.url),
        url: record.target.url,
        status: record.target.httpCode,
      };
      if (record.shoulder === null) slot.naanRule = rule;
      else slot.shoulders.push(rule);
    }
    for (const slot of slots.values()) slot.shoulders.sort((a, b) => b.shoulder.length - a.shoulder.length);
    return new NaanTable(slots, 'registry');
  }

  /** Where the table came from. */
  get source(): 'natab' | 'registry' {
    return this.#source;
  }

  /** The file it was loaded from, if any (what `reload` reads). */
  get path(): string | null {
    return this.#path;
  }

  /** How many NAANs the table knows. */
  get size(): number {
    return this.#slots.size;
  }

  /** Every NAAN the table knows, lowercased. */
  naans(): string[] {
    return [...this.#slots.keys()];
  }

  /** The NMAHs a natab lists for a NAAN, in file order ([] for registry tables). */
  nmahs(naan: string): string[] {
    return [...(this.#slots.get(normalizeNaan(naan))?.nmahs ?? [])];
  }

  /**
   * The target for `ark:/NAAN/nameWithQualifier`, or null when the NAAN is unknown.
   * Pass the ARK's parts as they appear in the (normalized) ARK: nothing is re-encoded, and the shoulder
   * match is a case-sensitive prefix match on the Name, longest shoulder first.
   */
  lookup(naan: string, nameWithQualifier: string): NaanTarget | null {
    const found = this.#match(naan, nameWithQualifier);
    if (!found) return null;
    const url = expandTemplate(found.rule.template, found.values);
    return { url, status: found.rule.status, source: this.#source, record: found.rule.record };
  }

  /**
   * Like `lookup`, but the template and its values unexpanded: `rule(...).template` filled with `.values`.
   * `matchOn` (default: `nameWithQualifier`) is what the shoulders are matched against, e.g. the normalized
   * Name while the values carry the request as sent.
   */
  rule(naan: string, nameWithQualifier: string, matchOn = nameWithQualifier): NaanRule | null {
    const found = this.#match(naan, nameWithQualifier, matchOn);
    if (!found) return null;
    const { rule, values } = found;
    const url = expandTemplate(rule.template, values);
    return { record: rule.record, status: rule.status, source: this.#source, template: rule.url, values, url };
  }

  #match(
    naan: string,
    nameWithQualifier: string,
    matchOn = nameWithQualifier,
  ): { rule: Rule; values: TemplateValues } | null {
    const slot = this.#slots.get(normalizeNaan(naan));
    if (!slot) return null;
    let rule = slot.naanRule;
    for (const s of slot.shoulders) {
      if (matchOn.startsWith(s.shoulder)) {
        rule = s;
        break;
      }
    }
    if (!rule) return null;
    const content = `${naan}/${nameWithQualifier}`;
    const matched = rule.shoulder === '' ? naan.length : naan.length + 1 + rule.shoulder.length;
    const values: TemplateValues = {
      content,
      value: nameWithQualifier,
      pid: `ark:/${content}`,
      suffix: content.slice(matched),
    };
    return { rule, values };
  }

  /**
   * Re-read the file this table was loaded from and replace its contents in place, so every holder of the
   * table sees the new data. On failure the old contents stay and the error is returned.
   */
  async reload(): Promise<Result<NaanTable, PidError<DiscoveryErrorCode>>> {
    if (this.#path === null) return err('naan-table-read', 'this table was not loaded from a file', null);
    const fresh = await loadNaanTable(this.#path);
    if (!fresh.ok) return fresh;
    this.#slots = fresh.value.#slots;
    this.#source = fresh.value.#source;
    return ok(this);
  }

  /** @internal used by loadNaanTable. */
  static withPath(table: NaanTable, path: string): NaanTable {
    table.#path = path;
    return table;
  }
}

function unwrapTemplate(url: string): CompiledTemplate {
  const compiled = compileTemplate(url);
  // Registry records were checked on load; a natab hostport holds no "${".
  return compiled.ok ? compiled.value : [url];
}

/**
 * Which format a table file is in, from its first line that is neither blank nor a `#` comment:
 * `{` or `[` is the JSON export, `naa:` starts an ANVL registry record, `NAAN:` is a natab NAA line.
 */
export function detectNaanTableFormat(text: string): NaanTableFormat | null {
  for (const { line } of lines(text)) {
    const t = line.trim();
    if (t.length === 0 || line.charCodeAt(0) === HASH) continue;
    if (t.startsWith('{') || t.startsWith('[')) return 'json';
    const colon = t.indexOf(':');
    if (colon === -1) return null;
    const label = t.slice(0, colon).trim().toLowerCase();
    if (label === 'naa' || label === 'erc') return 'anvl';
    return 'natab';
  }
  return null;
}

/** Parse a table file's text in any of the three formats (detected). Never throws. */
export function parseNaanTable(text: string): Result<NaanTable, PidError<DiscoveryErrorCode>> {
  const format = detectNaanTableFormat(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  switch (format) {
    case 'json': {
      const registry = parseNaanRegistryJsonText(body);
      return registry.ok ? ok(NaanTable.fromRegistry(registry.value)) : registry;
    }
    case 'anvl': {
      const registry = parseNaanRegistryAnvl(body);
      return registry.ok ? ok(NaanTable.fromRegistry(registry.value)) : registry;
    }
    case 'natab': {
      const natab = parseNatab(body);
      return natab.ok ? ok(NaanTable.fromNatab(natab.value)) : natab;
    }
    default:
      return err('naan-table-format', 'not a natab, an ANVL NAAN registry or its JSON export', null);
  }
}

/** Read a natab, an ANVL registry or the JSON export from a file (format detected). Never rejects. */
export async function loadNaanTable(path: string): Promise<Result<NaanTable, PidError<DiscoveryErrorCode>>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return err('naan-table-read', `cannot read ${path}: ${(e as Error).message}`, null);
  }
  const table = parseNaanTable(text);
  return table.ok ? ok(NaanTable.withPath(table.value, path)) : table;
}
