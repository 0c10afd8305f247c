import { type Profile, streamLines } from '@pidgate/core';
import { type ErcObject, type ErcStoryObject, ercFromObject } from '@pidgate/erc';
import type { SchemesRegistry } from '@pidgate/schemes';
import type { ImportItem, ImportSummary, Store } from '@pidgate/store';
import { prefixRuleKey, storageKey } from '../resolution/index.ts';
import { tokenCovers } from './auth.ts';

/** The longest NDJSON line taken (a binding with a large ERC record fits easily). */
export const MAX_LINE_LENGTH = 1 << 20;
/** The most lines written in one transaction. */
export const IMPORT_BATCH = 2000;

/** Stands for a line longer than the maximum, which is not kept (`importLines` answers it line-too-long). */
export const OVERLONG_LINE = '\u0000overlong';
const OVERLONG = OVERLONG_LINE;

/** What one import line gave, in input order (`line` counts from 1). */
export interface LineResult {
  readonly line: number;
  readonly identifier?: string;
  readonly ok: boolean;
  readonly action?: string;
  readonly code?: string;
  readonly detail?: string;
}

/**
 * Fields of an exported binding that an import ignores, so an export can be imported as it is. `createdAt`
 * and `updatedAt` are kept: a migrated record keeps its timestamps.
 */
const EXPORT_ONLY = new Set(['version', 'deletedAt', 'tombstoned', 'prefix']);

type Checked = { ok: true; item: ImportItem } | { ok: false; result: LineResult };

const fail = (line: number, code: string, detail: string, identifier?: string): Checked => ({
  ok: false,
  result: { line, ...(identifier === undefined ? {} : { identifier }), ok: false, code, detail },
});

/**
 * Check that an ERC record and commitment can be written as THUMP (labels the ERC builder takes, none
 * reserved): null when fine, else why not.
 */
export function ercProblem(erc: unknown, support: unknown): string | null {
  if (erc !== undefined && erc !== null && typeof erc === 'object' && 'support' in erc) {
    return 'the element name "support" is reserved for the commitment: give it as "support"';
  }
  try {
    ercFromObject({ ...((erc ?? {}) as ErcObject), ...(support ? { support: support as ErcStoryObject } : {}) });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

export interface LineContext {
  readonly registry: SchemesRegistry;
  readonly profile: Profile;
  /** The token's scopes; null for the CLI (every identifier). */
  readonly scopes: readonly string[] | null;
}

/**
 * One NDJSON line → the item to store: `{"identifier": "ark:/…", "target": "https://…", "status"?, "erc"?,
 * "support"?}` (the fields of `PUT /api/v1/bindings/{identifier}`); the identifier is parsed and normalized.
 * Empty lines are skipped (null).
 */
export function checkLine(text: string, line: number, ctx: LineContext): Checked | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return fail(line, 'invalid-json', `not JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(line, 'invalid-line', 'a line is one JSON object');
  }
  const { identifier, ...rest } = value as Record<string, unknown>;
  if (typeof identifier !== 'string') return fail(line, 'invalid-line', 'the line has no "identifier" string');
  if (rest['tombstoned'] === true) {
    return fail(line, 'tombstone-not-imported', 'a deleted identifier is not imported', identifier);
  }
  const parsed = ctx.registry.parse(identifier, ctx.profile);
  if (!parsed.ok) return fail(line, parsed.error.code, parsed.error.message, identifier);
  if (parsed.value.scheme !== 'ark') {
    return fail(
      line,
      'scheme-not-bindable',
      `${parsed.value.scheme} identifiers are not imported as bindings`,
      identifier,
    );
  }
  // One key whatever the profile (`ark:/` and `ark:` are one identifier): see resolution/storage-key.ts.
  const arkKey = storageKey(parsed.value, ctx.registry);
  // A prefix rule (`"prefix": true`, as the export writes it) is stored under its marked key.
  const key = rest['prefix'] === true ? prefixRuleKey(arkKey) : arkKey;
  if (ctx.scopes && !tokenCovers({ scopes: ctx.scopes }, arkKey)) {
    return fail(line, 'out-of-scope', `the token's scopes do not cover ${key}`, key);
  }
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (!EXPORT_ONLY.has(k)) input[k] = v;
  if (input['erc'] !== undefined || input['support']) {
    const why = ercProblem(input['erc'], input['support']);
    if (why) return fail(line, 'invalid-erc', why, key);
  }
  return { ok: true, item: { ...(input as Omit<ImportItem, 'key'>), key } };
}

export interface ImportRun extends LineContext {
  readonly store: Store;
  readonly actor: string;
  readonly onExisting?: 'replace' | 'skip' | 'fail';
  /** The longest line taken, in characters (default MAX_LINE_LENGTH); the reader cuts longer ones to OVERLONG_LINE. */
  readonly maxLineLength?: number;
  /** Called for every line, in order, once its transaction has committed (an `ok` is durable). */
  readonly emit: (result: LineResult) => void | Promise<void>;
  /** Called after the results of each transaction were emitted. */
  readonly flush?: () => void | Promise<void>;
}

export interface ImportTotals {
  lines: number;
  ok: number;
  failed: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Set when the database failed and the import stopped. */
  stopped: string | null;
}

function add(totals: ImportTotals, s: ImportSummary): void {
  totals.created += s.created;
  totals.updated += s.updated;
  totals.unchanged += s.unchanged;
  totals.skipped += s.skipped;
}

/**
 * Import NDJSON lines, batch by batch as they arrive: each batch of lines read is written in one
 * transaction (at most IMPORT_BATCH lines), then its results are emitted in line order. A database
 * failure stops the import (what was committed stays).
 */
export async function importLines(batches: AsyncIterable<string[]>, run: ImportRun): Promise<ImportTotals> {
  const totals: ImportTotals = {
    lines: 0,
    ok: 0,
    failed: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    stopped: null,
  };
  const emit = async (r: LineResult) => {
    if (r.ok) totals.ok++;
    else totals.failed++;
    await run.emit(r);
  };
  const write = async (lines: readonly string[]): Promise<void> => {
    const slots: (LineResult | null)[] = [];
    const items: ImportItem[] = [];
    const slotOf: number[] = [];
    for (const text of lines) {
      const line = ++totals.lines;
      const max = run.maxLineLength ?? MAX_LINE_LENGTH;
      const checked =
        text === OVERLONG || text.length > max
          ? fail(line, 'line-too-long', `a line is at most ${max} characters`)
          : checkLine(text, line, run);
      if (checked === null) continue;
      if (!checked.ok) slots.push(checked.result);
      else {
        slotOf.push(slots.length);
        slots.push({ line, identifier: checked.item.key, ok: false, code: 'not-written', detail: 'not written' });
        items.push(checked.item);
      }
    }
    if (items.length > 0) {
      const summary = await run.store.importBindings(items, {
        batchSize: Math.max(1, items.length),
        actor: run.actor,
        onExisting: run.onExisting ?? 'replace',
        onResult: (r) => {
          const at = slotOf[r.index] as number;
          const before = slots[at] as LineResult;
          slots[at] = r.ok
            ? { line: before.line, identifier: r.key, ok: true, action: r.action }
            : { line: before.line, identifier: r.key, ok: false, code: r.error.code, detail: r.error.message };
        },
      });
      if (summary.ok) {
        add(totals, summary.value);
        const failedWrite = summary.value.failures.find((f) => !f.ok && f.error.code === 'storage-error');
        if (failedWrite && !failedWrite.ok) totals.stopped = failedWrite.error.message;
      } else totals.stopped = summary.error.message;
    }
    for (const r of slots) await emit(r as LineResult);
    await run.flush?.();
  };
  let pending: string[] = [];
  for await (const batch of batches) {
    if (totals.stopped) break;
    for (const text of batch) {
      pending.push(text);
      if (pending.length >= IMPORT_BATCH) {
        await write(pending);
        pending = [];
        if (totals.stopped) break;
      }
    }
    // Write what has arrived: a client streaming slowly gets its answers without waiting for a full batch.
    if (pending.length > 0 && !totals.stopped) {
      await write(pending);
      pending = [];
    }
  }
  return totals;
}

/**
 * The lines of a request body, one array per chunk read (a final "\r" dropped), split by the toolkit's
 * splitter. A line longer than MAX_LINE_LENGTH is not kept: it comes out as a marker that `importLines`
 * answers with `line-too-long`.
 */
export async function* bodyLines(body: ReadableStream<Uint8Array> | null): AsyncGenerator<string[]> {
  if (!body) return;
  for await (const batch of streamLines(body, {
    maxLineLength: MAX_LINE_LENGTH,
  })) {
    yield batch.items.map((item) => (typeof item === 'string' ? item : OVERLONG));
  }
}
