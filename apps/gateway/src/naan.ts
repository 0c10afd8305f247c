import { readFile } from 'node:fs/promises';
import {
  detectNaanTableFormat,
  type NaanRecord,
  type NaanTable,
  parseNaanRegistryAnvl,
  parseNaanRegistryJsonText,
  parseNaanTable,
  parseNatab,
} from '@pidgate/discovery';
import type { NaanHit, NaanLookup } from './resolvers/types.ts';

/** What the gateway knows about one NAAN (or NAAN/shoulder) record, for `??` and `?info`. */
export type NaanDetails =
  | { readonly kind: 'registry'; readonly record: NaanRecord }
  | { readonly kind: 'natab'; readonly naan: string; readonly policy: string; readonly nmahs: readonly string[] };

/** What a reload did. */
export interface ReloadReport {
  readonly file: string;
  readonly format: string;
  readonly naans: number;
  readonly loadedAt: string;
}

/** A NAAN table that could not be read: the message says which file and why. */
export class NaanTableError extends Error {
  override readonly name = 'NaanTableError';
}

interface Loaded {
  readonly table: NaanTable;
  readonly details: ReadonlyMap<string, NaanDetails>;
  readonly format: string;
}

async function load(file: string): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new NaanTableError(`cannot read NAAN table ${file}: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
  const table = parseNaanTable(text);
  if (!table.ok) throw new NaanTableError(`NAAN table ${file}: ${table.error.code}: ${table.error.message}`);
  const format = detectNaanTableFormat(text) ?? 'unknown';
  const details = new Map<string, NaanDetails>();
  if (format === 'json' || format === 'anvl') {
    const registry = format === 'json' ? parseNaanRegistryJsonText(text) : parseNaanRegistryAnvl(text);
    if (registry.ok)
      for (const record of registry.value.records) details.set(record.what.toLowerCase(), { kind: 'registry', record });
  } else if (format === 'natab') {
    const natab = parseNatab(text);
    if (natab.ok) {
      for (const e of natab.value.entries) {
        details.set(e.naan, { kind: 'natab', naan: e.naan, policy: e.policy, nmahs: e.nmahs.map((n) => n.hostport) });
      }
    }
  }
  return { table: table.value, details, format };
}

/**
 * The NAAN table in use (a natab, or today's NAAN registry as JSON export or ANVL), loaded at start and
 * swapped whole on reload (SIGHUP or POST /api/v1/admin/reload). A reload that fails keeps the old table.
 */
export class ReloadableNaanTable implements NaanLookup {
  #loaded: Loaded;
  #loadedAt: string;

  private constructor(
    readonly file: string,
    loaded: Loaded,
  ) {
    this.#loaded = loaded;
    this.#loadedAt = new Date().toISOString();
  }

  /** Load `file`; throws NaanTableError when it cannot be read or is not a NAAN table. */
  static async open(file: string): Promise<ReloadableNaanTable> {
    return new ReloadableNaanTable(file, await load(file));
  }

  get loadedAt(): string {
    return this.#loadedAt;
  }

  get size(): number {
    return this.#loaded.table.size;
  }

  lookup(naan: string, nameWithQualifier: string): NaanHit | null {
    const target = this.#loaded.table.lookup(naan, nameWithQualifier);
    if (!target) return null;
    return {
      url: target.url,
      status: target.status,
      source: `${target.source} record ${target.record}`,
      record: target.record,
    };
  }

  /** The registry or natab record behind `record` (`NAAN` or `NAAN/shoulder`). */
  details(record: string): NaanDetails | null {
    return this.#loaded.details.get(record.toLowerCase()) ?? null;
  }

  /**
   * Every NAAN of the table with the hostports it points at, for the Maptr DNS server: a natab's NMAHs,
   * or the host of a registry record's target.
   */
  nmahEntries(): { naan: string; nmahs: string[] }[] {
    const out: { naan: string; nmahs: string[] }[] = [];
    for (const naan of this.#loaded.table.naans()) {
      let nmahs = this.#loaded.table.nmahs(naan);
      if (nmahs.length === 0) {
        const url = this.#loaded.table.lookup(naan, '')?.url;
        const host = url && URL.canParse(url) ? new URL(url).host : '';
        nmahs = host ? [host] : [];
      }
      if (nmahs.length > 0) out.push({ naan, nmahs });
    }
    return out;
  }

  async reload(): Promise<ReloadReport> {
    const loaded = await load(this.file);
    this.#loaded = loaded;
    this.#loadedAt = new Date().toISOString();
    return { file: this.file, format: loaded.format, naans: loaded.table.size, loadedAt: this.#loadedAt };
  }
}
