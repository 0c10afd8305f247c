import { existsSync, type FSWatcher, watch } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Result } from '@pidgate/core';
import {
  detectNaanTableFormat,
  type NaanRecord,
  NaanTable,
  parseNaanRegistryAnvl,
  parseNaanRegistryJsonText,
  parseNaanTable,
  parseNatab,
} from '@pidgate/discovery';
import { ACTIVE_NAAN_FILE, type Config, DEFAULT_NAAN_FILE } from '../config/index.ts';
import { dataDirectory } from '../store/index.ts';
import { rawPrefixEnd } from './raw-prefix.ts';

/** A NAAN table entry found for an ARK (from a natab file or a NAAN registry). */
export interface NaanHit {
  readonly url: string;
  readonly status: number;
  readonly source: string;
  /** `NAAN` or `NAAN/shoulder`: the record that matched. */
  readonly record: string;
  /** The record's URL template and the values to fill it with (through url.ts `fillTemplate`). */
  readonly template?: string;
  readonly values?: Readonly<Record<string, string>>;
}

export interface NaanLookup {
  lookup(naan: string, nameWithQualifier: string, matchOn?: string): NaanHit | null;
  /** The registry or natab record named by a hit's `record` (`NAAN` or `NAAN/shoulder`), for `??` and `?info`. */
  details(record: string): NaanDetails | null;
  /** The table's date and when it was loaded, for `?info`. */
  readonly info?: { readonly date: string; readonly loadedAt: string };
}

/** What the gateway knows about one NAAN (or NAAN/shoulder) record, for `??` and `?info`. */
export type NaanDetails =
  | { readonly kind: 'registry'; readonly record: NaanRecord }
  | { readonly kind: 'natab'; readonly naan: string; readonly policy: string; readonly nmahs: readonly string[] };

/** Where the table in use came from. */
export type NaanTableOrigin = 'embedded' | 'data-dir' | 'configured';

/** What the table in use is: shown by `/healthz` and `?info`, returned by a reload. */
export interface NaanTableInfo {
  readonly file: string;
  readonly origin: NaanTableOrigin;
  readonly format: string;
  /** How many NAANs it knows (shoulder records count with their NAAN). */
  readonly naans: number;
  /** How many records (NAANs and shoulders) it holds. */
  readonly records: number;
  /**
   * The date of the table: the export's `metadata.updated` (else `modified_date`, `created_date`), a natab's
   * `Last change` header, else the file's modification time.
   */
  readonly date: string;
  /** When this gateway loaded it. */
  readonly loadedAt: string;
}

/** What a reload did (the same as the table's info). */
export type ReloadReport = NaanTableInfo;

/** A NAAN table that could not be read: the message says which file and why. */
export class NaanTableError extends Error {
  override readonly name = 'NaanTableError';
}

/** A table file's text, checked: the table, its records and its date. */
export interface CheckedTable {
  readonly table: NaanTable;
  readonly details: ReadonlyMap<string, NaanDetails>;
  readonly format: string;
  readonly records: number;
  /** Records of a registry that failed validation and were left out. */
  readonly rejected: number;
  /** From the text (metadata or header), or null when it names none. */
  readonly date: string | null;
}

function metadataDate(metadata: Readonly<Record<string, unknown>> | null): string | null {
  for (const key of ['updated', 'modified_date', 'created_date']) {
    const v = metadata?.[key];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return null;
}

/** Parse and check a table's text (natab, ANVL registry or JSON export). Never throws. */
export function checkNaanTableText(text: string): { ok: true; value: CheckedTable } | { ok: false; message: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const format = detectNaanTableFormat(body) ?? 'unknown';
  const details = new Map<string, NaanDetails>();
  let date: string | null = null;
  let rejected = 0;
  let table: Result<NaanTable>;
  if (format === 'json' || format === 'anvl') {
    // Parsed once: the table and the records behind `??`/`?info` come from the same registry.
    const registry = format === 'json' ? parseNaanRegistryJsonText(body) : parseNaanRegistryAnvl(body);
    if (!registry.ok) return { ok: false, message: `${registry.error.code}: ${registry.error.message}` };
    for (const record of registry.value.records) details.set(record.what.toLowerCase(), { kind: 'registry', record });
    date = metadataDate(registry.value.metadata);
    rejected = registry.value.rejected.length;
    table = { ok: true, value: NaanTable.fromRegistry(registry.value) };
  } else table = parseNaanTable(text);
  if (!table.ok) return { ok: false, message: `${table.error.code}: ${table.error.message}` };
  if (table.value.size === 0) return { ok: false, message: 'naan-table-empty: the table holds no NAAN' };
  if (format === 'natab') {
    const natab = parseNatab(body);
    if (natab.ok) {
      for (const e of natab.value.entries) {
        details.set(e.naan, { kind: 'natab', naan: e.naan, policy: e.policy, nmahs: e.nmahs.map((n) => n.hostport) });
      }
      date = natab.value.header.find((h) => /^last change$/i.test(h.label))?.value ?? null;
    }
  }
  return {
    ok: true,
    value: { table: table.value, details, format, records: details.size || table.value.size, rejected, date },
  };
}

interface Loaded extends CheckedTable {
  readonly info: NaanTableInfo;
}

async function load(file: string, origin: NaanTableOrigin): Promise<Loaded> {
  let text: string;
  let mtime: Date;
  try {
    text = await readFile(file, 'utf8');
    mtime = (await stat(file)).mtime;
  } catch (e) {
    throw new NaanTableError(`cannot read NAAN table ${file}: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
  const checked = checkNaanTableText(text);
  if (!checked.ok) throw new NaanTableError(`NAAN table ${file}: ${checked.message}`);
  const c = checked.value;
  const info: NaanTableInfo = {
    file,
    origin,
    format: c.format,
    naans: c.table.size,
    records: c.records,
    date: c.date ?? mtime.toISOString(),
    loadedAt: new Date().toISOString(),
  };
  return { ...c, info };
}

/** The table the configuration names, and where it comes from. */
export interface NaanSource {
  readonly file: string;
  readonly origin: NaanTableOrigin;
  /** The file `pidgate naan update` replaces (the configured file, or the one in the data directory). */
  readonly activeFile: string;
}

/**
 * Which table to load: `naan.file` when the configuration names one; else the table `pidgate naan update`
 * installed in the data directory (`<dataDir>/naan-table`) when there is one; else the embedded registry.
 */
export function naanSource(config: Config, cwd = process.cwd()): NaanSource {
  if (config.naan.file !== null) {
    const file = resolve(cwd, config.naan.file);
    return { file, origin: 'configured', activeFile: file };
  }
  const activeFile = join(dataDirectory(config, cwd), ACTIVE_NAAN_FILE);
  return existsSync(activeFile)
    ? { file: activeFile, origin: 'data-dir', activeFile }
    : { file: DEFAULT_NAAN_FILE, origin: 'embedded', activeFile };
}

/**
 * Install `text` as the active table file: checked first (a bad table changes nothing), then written to a
 * temporary file beside it, flushed and renamed over it, so a reader sees the old file or the new one,
 * never half of one. Returns what was installed.
 */
export async function installNaanTable(
  text: string,
  dest: string,
): Promise<{ ok: true; value: CheckedTable } | { ok: false; message: string }> {
  const checked = checkNaanTableText(text);
  if (!checked.ok) return checked;
  await mkdir(dirname(dest), { recursive: true });
  const temp = join(dirname(dest), `.${basename(dest)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, dest);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  return checked;
}

/**
 * The NAAN table in use (a natab, or today's NAAN registry as JSON export or ANVL), loaded at start and
 * swapped whole on reload (SIGHUP, POST /api/v1/admin/reload, or the file watch when `pidgate naan update`
 * replaces the file). A reload that fails keeps the old table.
 */
export class ReloadableNaanTable implements NaanLookup {
  #loaded: Loaded;
  #source: NaanSource;
  #watcher: FSWatcher | null = null;
  readonly #locate: () => NaanSource;

  private constructor(loaded: Loaded, source: NaanSource, locate: () => NaanSource) {
    this.#loaded = loaded;
    this.#source = source;
    this.#locate = locate;
  }

  /** Load `file`; throws NaanTableError when it cannot be read or is not a NAAN table. */
  static async open(file: string): Promise<ReloadableNaanTable> {
    const source: NaanSource = { file, origin: 'configured', activeFile: file };
    return new ReloadableNaanTable(await load(file, 'configured'), source, () => source);
  }

  /** Load the table the configuration names (see `naanSource`); throws NaanTableError. */
  static async fromConfig(config: Config, cwd = process.cwd()): Promise<ReloadableNaanTable> {
    const source = naanSource(config, cwd);
    return new ReloadableNaanTable(await load(source.file, source.origin), source, () => naanSource(config, cwd));
  }

  get file(): string {
    return this.#source.file;
  }

  get loadedAt(): string {
    return this.#loaded.info.loadedAt;
  }

  get size(): number {
    return this.#loaded.table.size;
  }

  /** What the table in use is (file, origin, format, size, date, when loaded). */
  get info(): NaanTableInfo {
    return this.#loaded.info;
  }

  /**
   * The record for an ARK: `nameWithQualifier` is the request after `NAAN/` as sent (what the template's
   * values carry), `matchOn` the normalized Name and Qualifier the shoulders are matched against (hyphens
   * dropped). `${suffix}` is what the request sent after the shoulder.
   */
  lookup(naan: string, nameWithQualifier: string, matchOn = nameWithQualifier): NaanHit | null {
    const table = this.#loaded.table;
    const found = table.rule(naan, nameWithQualifier, matchOn);
    if (!found) return null;
    const slash = found.record.indexOf('/');
    const rule =
      slash === -1 || matchOn === nameWithQualifier
        ? found
        : {
            ...found,
            values: { ...found.values, suffix: shoulderTail(nameWithQualifier, found.record.slice(slash + 1)) },
          };
    return {
      // The registry's own expansion; the resolver fills `template` through url.ts instead.
      url: rule.url,
      status: rule.status,
      source: `${rule.source} record ${rule.record}`,
      record: rule.record,
      template: rule.template,
      values: rule.values,
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

  /** Re-read the table (the configured one, or the data directory's once `pidgate naan update` made one). */
  async reload(): Promise<ReloadReport> {
    const source = this.#locate();
    const loaded = await load(source.file, source.origin);
    this.#loaded = loaded;
    this.#source = source;
    return loaded.info;
  }

  /**
   * Watch the directory of the active table file and reload when the file is replaced (renamed over, as
   * `pidgate naan update` does, or written). `onReload` hears every outcome. Idempotent; `unwatch` stops.
   */
  watch(onReload: (report: ReloadReport | null, error: Error | null) => void): void {
    if (this.#watcher) return;
    const dir = dirname(this.#source.activeFile);
    const name = basename(this.#source.activeFile);
    if (!existsSync(dir)) return;
    let timer: NodeJS.Timeout | null = null;
    try {
      this.#watcher = watch(dir, { persistent: false }, (_event, changed) => {
        if (changed !== null && changed !== name) return;
        // A rename shows up as several events: reload once they settle.
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          if (!existsSync(this.#source.activeFile)) return;
          this.reload().then(
            (report) => onReload(report, null),
            (e: Error) => onReload(null, e),
          );
        }, 50);
        timer.unref();
      });
      this.#watcher.on('error', () => this.unwatch());
    } catch {
      this.#watcher = null;
    }
  }

  unwatch(): void {
    this.#watcher?.close();
    this.#watcher = null;
  }
}

/** What the request sent after a shoulder (hyphens in it skipped as normalization does). */
function shoulderTail(raw: string, shoulder: string): string {
  const end = rawPrefixEnd(raw, shoulder);
  return end === -1 ? raw.slice(shoulder.length) : raw.slice(end);
}
