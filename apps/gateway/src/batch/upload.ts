import { readAnvl } from '@pidgate/core';
import type { SchemesRegistry } from '@pidgate/schemes';
import {
  type Binding,
  BindingInput,
  ErcRecord,
  mayChange,
  mayView,
  ownerGroupFor,
  type Principal,
  type Shoulder,
  type Store,
  shoulderGroupOf,
  TargetUrl,
} from '@pidgate/store';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Config } from '../config/index.ts';
import { applyElements } from '../ezid/index.ts';
import { pdiSelector, pointsBack, type SelfView, storageKey } from '../resolution/index.ts';
import { mayChangeBinding, mayCreateKey } from './ownership.ts';

/**
 * Bulk upload: a CSV or an EZID ANVL file of identifiers to create or update, read in full, checked
 * row by row without writing anything (the preview), then applied one row at a time, each row its own
 * store transaction (`putBinding`, created only when absent, updated only at the version the check read),
 * with a result row for every input row.
 *
 * - CSV: a header row names the columns. `identifier` (or EZID's download name `_id`) holds the ARK (or
 *   the PDI: a PDI row binds the resource's next version, from `_target`, `format` and `erc.*`; the
 *   schemes the admin and EZID APIs bind, no other);
 *   every other column is an EZID metadata element (`_target`, `_status`, `_profile`, `_export`,
 *   `_owner`, `erc.who`, `dc.title`, `datacite.creator`, …); `target`, `status`, `who`, `what`, `when`
 *   and `where` are read as `_target`, `_status` and `erc.*`. An empty cell leaves the element as it is.
 * - ANVL (EZID's batch tools and `format=anvl` download): records separated by blank lines, each starting
 *   with `:: identifier`, then `name: value` lines percent-encoded as in EZID's API; an empty value
 *   deletes the element, as an EZID update does.
 *
 * Each row is read by the EZID API's own rules (`applyElements`: `_target` an absolute http(s) URL, the
 * status transitions, `_owner` only the caller) and the store's binding schema, refused when the target
 * points back at this gateway, or when the uploader may not create or change the identifier.
 */

export const UPLOAD_FORMATS = ['csv', 'anvl'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];
/** The most rows one upload may hold. */
export const MAX_UPLOAD_ROWS = 100_000;

export interface RowError {
  /** CSV: the spreadsheet row (the header is row 1); ANVL: the line of the record's `::`. */
  readonly row: number;
  readonly field: string;
  readonly message: string;
}

export interface UploadRow {
  readonly row: number;
  readonly identifier: string;
  /** The elements given, in order (EZID names). */
  readonly elements: readonly (readonly [string, string])[];
  /** Problems found while reading the row. */
  readonly errors: readonly RowError[];
}

export interface PlannedRow extends UploadRow {
  /** The storage key, when the identifier is an ARK. */
  readonly key: string | null;
  /** What applying would do; null when the row has errors. */
  readonly action: 'create' | 'update' | null;
}

export interface Preview {
  readonly format: UploadFormat;
  readonly rows: readonly PlannedRow[];
  /** Every error of every row, in row order. */
  readonly errors: readonly RowError[];
}

export type RowAction = 'created' | 'updated' | 'unchanged' | 'failed';

export interface RowResult {
  readonly row: number;
  readonly identifier: string;
  readonly action: RowAction;
  readonly message: string;
}

const ALIASES: Readonly<Record<string, string>> = {
  identifier: 'identifier',
  _id: 'identifier',
  id: 'identifier',
  target: '_target',
  status: '_status',
  who: 'erc.who',
  what: 'erc.what',
  when: 'erc.when',
  where: 'erc.where',
};

/** The format of an upload: ANVL when its first line that is not blank starts with `::`, else CSV. */
export function detectFormat(text: string): UploadFormat {
  return /^\s*::/.test(text) ? 'anvl' : 'csv';
}

/** Read an upload into rows, or a reason it cannot be read at all. */
export function readUpload(text: string, format: UploadFormat = detectFormat(text)): UploadRow[] | string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows = format === 'anvl' ? readAnvlUpload(body) : readCsvUpload(body);
  if (typeof rows === 'string') return rows;
  if (rows.length === 0) return 'the file holds no identifiers';
  if (rows.length > MAX_UPLOAD_ROWS) return `the file holds ${rows.length} rows; at most ${MAX_UPLOAD_ROWS} at a time`;
  return rows;
}

function readCsvUpload(text: string): UploadRow[] | string {
  let records: string[][];
  try {
    records = parseCsv(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    return `the CSV cannot be read${line ? ` (line ${line})` : ''}: ${(e as Error).message}`;
  }
  const [header, ...data] = records;
  if (!header) return 'the file holds no identifiers';
  const names = header.map((h) => {
    const t = h.trim();
    return ALIASES[t.toLowerCase()] ?? t;
  });
  const idColumn = names.indexOf('identifier');
  if (idColumn === -1) return 'the header row has no identifier column (name it "identifier" or "_id")';
  const seen = new Set<string>();
  for (const n of names) {
    if (n === '') return 'a column of the header row has no name';
    if (seen.has(n)) return `the header row names the column "${n}" twice`;
    seen.add(n);
  }
  return data.map((cells, i) => {
    const row = i + 2;
    const errors: RowError[] = [];
    if (cells.length > names.length) {
      errors.push({
        row,
        field: 'row',
        message: `${cells.length} cells, but the header names ${names.length} columns`,
      });
    }
    const elements: [string, string][] = [];
    names.forEach((name, c) => {
      const value = (cells[c] ?? '').trim();
      if (c !== idColumn && value !== '') elements.push([name, value]);
    });
    return { row, identifier: (cells[idColumn] ?? '').trim(), elements, errors };
  });
}

function readAnvlUpload(text: string): UploadRow[] | string {
  const lines = text.split(/\r\n|\r|\n/);
  const out: UploadRow[] = [];
  let i = 0;
  while (i < lines.length) {
    if ((lines[i] as string).trim() === '' || (lines[i] as string).startsWith('#')) {
      i++;
      continue;
    }
    const start = i;
    while (i < lines.length && (lines[i] as string).trim() !== '') i++;
    const block = lines.slice(start, i);
    const row = start + 1;
    const head = block[0] as string;
    const errors: RowError[] = [];
    if (!head.startsWith('::')) {
      out.push({
        row,
        identifier: '',
        elements: [],
        errors: [{ row, field: 'identifier', message: 'a record starts with ":: identifier"' }],
      });
      continue;
    }
    const read = readAnvl(block.slice(1).join('\n'), 'ezid', { firstLine: row + 1 });
    const elements: [string, string][] = [];
    for (const record of read) {
      for (const p of record.problems) errors.push({ row, field: `line ${p.line}`, message: p.message });
      for (const e of record.elements) {
        if (elements.some(([n]) => n === e.label)) {
          errors.push({ row, field: e.label, message: `the element is given twice (line ${e.line})` });
        } else elements.push([e.label, e.value]);
      }
    }
    out.push({ row, identifier: head.slice(2).trim(), elements, errors });
  }
  return out;
}

export interface UploadContext {
  readonly store: Store;
  readonly registry: SchemesRegistry;
  readonly config: Pick<Config, 'profile'>;
  readonly self: SelfView;
}

/**
 * What a row's identifier names: an ARK's storage key, a PDI's resource and format (a row binds its next
 * version), or why the upload cannot bind it. The schemes are those the admin and EZID APIs bind (ARKs, and
 * PDIs in the admin API); every other scheme resolves by its own rules and is never bound here.
 */
type Named =
  | { readonly kind: 'ark'; readonly key: string }
  | { readonly kind: 'pdi'; readonly resource: string; readonly format: string | null }
  | { readonly kind: 'refused'; readonly message: string };

function nameOf(ctx: UploadContext, identifier: string): Named {
  const parsed = ctx.registry.parse(identifier, ctx.config.profile);
  if (!parsed.ok) return { kind: 'refused', message: `${identifier} is not an ARK or a PDI: ${parsed.error.message}` };
  const id = parsed.value;
  if (id.scheme === 'ark') return { kind: 'ark', key: storageKey(id, ctx.registry) };
  if (id.scheme !== 'pdi') {
    return {
      kind: 'refused',
      message: `${identifier} is a ${id.scheme} identifier: an upload binds ARKs and PDIs (${id.scheme} identifiers resolve by their own rules)`,
    };
  }
  if (id.components.wildcards.length > 0) {
    return { kind: 'refused', message: `${identifier} has wildcards: it names a set, bind one PDI at a time` };
  }
  const selector = pdiSelector(id.components);
  if (selector === null || selector.version !== undefined) {
    return {
      kind: 'refused',
      message: `${identifier} names a version: versions are numbered by the store, leave it out`,
    };
  }
  return { kind: 'pdi', resource: selector.resource, format: selector.format ?? null };
}

/** The elements a PDI row may hold (EZID names; `who` and the like are read as `erc.who`). */
const PDI_ELEMENT = /^(?:_target|format|erc\.[A-Za-z0-9_.-]+)$/;

/** A PDI row: its next version's format, target and ERC record, checked as the admin API checks them. */
async function checkPdi(
  ctx: UploadContext,
  requester: Principal,
  r: UploadRow,
  named: Extract<Named, { kind: 'pdi' }>,
  shoulders: readonly Shoulder[],
  errors: RowError[],
): Promise<Checked> {
  const add = (field: string, message: string) => errors.push({ row: r.row, field, message });
  const elements = new Map(r.elements);
  for (const name of elements.keys()) {
    if (!PDI_ELEMENT.test(name)) add(name, 'a PDI version holds _target, format and erc.* elements only');
  }
  const given = elements.get('format')?.toLowerCase();
  if (named.format && given && given !== named.format) add('format', `the PDI names the format ${named.format}`);
  const format = named.format ?? given ?? null;
  const key = `${named.resource}${format ? `.${format}` : ''}`;
  if (format === null) add('format', 'give the format in the PDI (…/12.html) or in a format column');
  const target = TargetUrl.safeParse(elements.get('_target') ?? '');
  if (!elements.get('_target')) add('_target', 'a PDI version needs a target URL');
  else if (!target.success) add('_target', 'the target must be an absolute http or https URL');
  else if (pointsBack(target.data, ctx.self, undefined))
    add('_target', 'the target points back at this gateway (a loop)');
  const ercElements: Record<string, string> = {};
  for (const [name, value] of elements) if (name.startsWith('erc.')) ercElements[name.slice(4)] = value;
  const erc = ErcRecord.safeParse(ercElements);
  if (!erc.success) add('erc', erc.error.issues[0]?.message ?? 'not an ERC record');
  // The ownership rule against the resource's latest version (a PDI is public: a refusal hides nothing).
  const latest = await ctx.store.getPdi(named.resource);
  if (!latest.ok && latest.error.code !== 'not-found') add('identifier', `the store failed: ${latest.error.message}`);
  else if (latest.ok) {
    const v = latest.value;
    if (
      !mayChange(requester, {
        key: named.resource,
        owner: v.owner,
        ownerGroup: v.ownerGroup,
        identifierStatus: 'public',
      })
    ) {
      add('identifier', `you may not bind a version of ${named.resource}: it is not yours`);
    }
  } else if (!mayCreateKey(requester, named.resource, shoulders)) {
    add('identifier', `you may not create ${named.resource}: it is not yours`);
  }
  const ok = errors.length === 0 && format !== null && target.success && erc.success;
  return {
    key,
    current: null,
    input: null,
    pdi: ok ? { resource: named.resource, format, target: target.data, erc: erc.data } : null,
    errors,
  };
}

/** The element a message of `applyElements` or of the binding schema is about. */
function fieldOf(message: string): string {
  const m = /^([\w.:-]+):\s/.exec(message);
  return m ? (m[1] as string) : 'row';
}

interface Checked {
  readonly key: string | null;
  readonly current: Binding | null;
  readonly input: BindingInput | null;
  /** A PDI row's next version, when the row is good. */
  readonly pdi?: {
    readonly resource: string;
    readonly format: string;
    readonly target: string;
    readonly erc: ErcRecord;
  } | null;
  readonly errors: RowError[];
}

/** One row's check: identifier, ownership, the EZID rules and the binding schema; reads, never writes. */
async function check(
  ctx: UploadContext,
  requester: Principal,
  r: UploadRow,
  shoulders: readonly Shoulder[],
): Promise<Checked> {
  const errors: RowError[] = [...r.errors];
  const fail = (field: string, message: string) => {
    errors.push({ row: r.row, field, message });
    return { key: null, current: null, input: null, errors };
  };
  if (r.identifier === '') {
    return errors.length > 0
      ? { key: null, current: null, input: null, errors }
      : fail('identifier', 'the identifier is missing');
  }
  const named = nameOf(ctx, r.identifier);
  if (named.kind === 'refused') return fail('identifier', named.message);
  if (named.kind === 'pdi') return checkPdi(ctx, requester, r, named, shoulders, errors);
  const key = named.key;
  const found = await ctx.store.getBinding(key);
  if (!found.ok && found.error.code !== 'not-found')
    return fail('identifier', `the store failed: ${found.error.message}`);
  const current = found.ok ? found.value : null;
  if (current?.tombstoned) return fail('identifier', `${key} was deleted and is never bound again`);
  if (current ? !mayChangeBinding(requester, current) : !mayCreateKey(requester, key, shoulders)) {
    // A reserved identifier the requester may not see is refused as if it did not exist (no hint that it does).
    const seen = current !== null && mayView(requester, current);
    return fail('identifier', `you may not ${seen ? 'change' : 'create'} ${key}: it is not yours`);
  }
  const elements = new Map(r.elements);
  if (!current && !elements.get('_target')) {
    errors.push({ row: r.row, field: '_target', message: 'a new identifier needs a target URL' });
  }
  const ownerGroup = current ? current.ownerGroup : ownerGroupFor(requester, shoulderGroupOf(shoulders, key));
  const caller = { name: requester.username, admin: requester.role === 'admin', ownerGroup };
  const applied = applyElements(elements, current, current ? 'update' : 'create', caller, '');
  if (typeof applied === 'string') {
    const field = fieldOf(applied);
    const message = field === 'row' ? applied : applied.slice(field.length + 1).trim();
    errors.push({ row: r.row, field, message });
    return { key, current, input: null, errors };
  }
  const schema = BindingInput.safeParse(applied.input);
  if (!schema.success) {
    for (const issue of schema.error.issues) {
      const path = issue.path.join('.');
      const field = path === 'target' ? '_target' : path === '' ? 'row' : path;
      if (field === '_target' && errors.some((e) => e.field === '_target')) continue;
      errors.push({ row: r.row, field, message: issue.message });
    }
  }
  if (elements.get('_target') && pointsBack(applied.input.target, ctx.self, undefined)) {
    errors.push({ row: r.row, field: '_target', message: 'the target points back at this gateway (a loop)' });
  }
  // A new identifier's group is its shoulder's (when the uploader may mint there), else the uploader's first.
  return { key, current, input: errors.length === 0 ? applied.input : null, errors };
}

/** The instance's shoulders (for the group a shoulder gives its identifiers); none when the store fails. */
async function shouldersOf(store: Store): Promise<Shoulder[]> {
  const listed = await store.listShoulders();
  return listed.ok ? listed.value : [];
}

/** The preview: every row checked, nothing written. A key given twice is an error on its second row. */
export async function previewUpload(
  ctx: UploadContext,
  requester: Principal,
  rows: readonly UploadRow[],
  format: UploadFormat,
): Promise<Preview> {
  const planned: PlannedRow[] = [];
  const errors: RowError[] = [];
  const keys = new Map<string, number>();
  const shoulders = await shouldersOf(ctx.store);
  for (const r of rows) {
    const c = await check(ctx, requester, r, shoulders);
    const rowErrors = [...c.errors];
    if (c.key !== null) {
      const first = keys.get(c.key);
      if (first !== undefined) {
        rowErrors.push({ row: r.row, field: 'identifier', message: `${c.key} is also in row ${first}` });
      } else keys.set(c.key, r.row);
    }
    errors.push(...rowErrors);
    planned.push({
      ...r,
      errors: rowErrors,
      key: c.key,
      action: rowErrors.length > 0 ? null : c.current ? 'update' : 'create',
    });
  }
  return { format, rows: planned, errors };
}

/**
 * Apply a preview: each row without errors is checked again (the store may have changed since) and
 * written in its own transaction; a row with errors is reported failed and not written.
 */
export async function applyUpload(
  ctx: UploadContext,
  requester: Principal,
  preview: Preview,
  onRow?: (r: RowResult) => void,
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  const done = (r: RowResult) => {
    results.push(r);
    onRow?.(r);
  };
  const shoulders = await shouldersOf(ctx.store);
  for (const row of preview.rows) {
    const base = { row: row.row, identifier: row.key ?? row.identifier };
    if (row.errors.length > 0) {
      done({ ...base, action: 'failed', message: row.errors.map((e) => `${e.field}: ${e.message}`).join('; ') });
      continue;
    }
    const c = await check(ctx, requester, row, shoulders);
    if (c.pdi) {
      // The next version, the resource's owner checked again in the write's own transaction.
      const made = await ctx.store.putPdiVersion(c.pdi.resource, c.pdi.format, c.pdi.target, requester.username, {
        erc: c.pdi.erc,
        acting: { principal: requester },
      });
      if (made.ok) done({ ...base, action: 'created', message: `version ${made.value.version}` });
      else done({ ...base, action: 'failed', message: `${made.error.code}: ${made.error.message}` });
      continue;
    }
    if (c.input === null || c.key === null) {
      done({ ...base, action: 'failed', message: c.errors.map((e) => `${e.field}: ${e.message}`).join('; ') });
      continue;
    }
    const put = await ctx.store.putBinding(
      c.key,
      c.input,
      requester.username,
      // The ownership rule again in the write's own transaction (the preview's check was a read).
      { ...(c.current ? { ifVersion: c.current.version } : { ifAbsent: true }), acting: { principal: requester } },
    );
    if (put.ok) done({ ...base, action: put.value.action, message: '' });
    else done({ ...base, action: 'failed', message: `${put.error.code}: ${put.error.message}` });
  }
  return results;
}

/** The result file: `row,identifier,action,message`, one line per input row. */
export function resultCsv(results: readonly RowResult[]): string {
  return stringify(
    [
      ['row', 'identifier', 'action', 'message'],
      ...results.map((r) => [String(r.row), r.identifier, r.action, r.message]),
    ],
    { record_delimiter: '\r\n' },
  );
}
