import { parseAnvl } from '@pidgate/erc';
import type { Binding, BindingInput, ErcRecord, IdentifierStatus } from '@pidgate/store';

/**
 * EZID's metadata dictionary ⇄ a pidgate binding (EZID API guide, "Internal metadata" and "Metadata
 * profiles"). `_target` is the target, `_status` the identifier status, `_owner` the owner, `erc.*` the ERC
 * record (`erc.who` → `who`; a whole ERC document bound to `erc` is read into it), `_profile`, `_export`,
 * `dc.*`, `datacite.*`, `datacite`, `crossref` and any other citation element are kept as given.
 */

/** Reserved elements a client may not set, which EZID computes: ignored, with a warning. */
const IGNORED = new Set(['_created', '_updated', '_ownergroup', '_datacenter', '_shadowedby', '_shadows', '_crossref']);
/** Reserved elements pidgate keeps among the other metadata, as given. */
const KEPT = new Set(['_profile', '_export']);

export interface Caller {
  /** The token's name: EZID's user name, recorded as the owner of what it creates. */
  readonly name: string;
}

export interface Applied {
  readonly input: BindingInput;
  /** Why an element was not used (a reserved element EZID computes, such as `_datacenter`). */
  readonly warnings: string[];
}

/** An EZID status value: `public`, `reserved`, or `unavailable` with an optional `| reason`. */
export function parseStatus(value: string): { status: IdentifierStatus; reason: string | null } | null {
  const bar = value.indexOf('|');
  const word = (bar === -1 ? value : value.slice(0, bar)).trim();
  const reason = bar === -1 ? '' : value.slice(bar + 1).trim();
  if (word === 'public' || word === 'reserved') return bar === -1 ? { status: word, reason: null } : null;
  if (word === 'unavailable') return { status: 'unavailable', reason: reason === '' ? null : reason };
  return null;
}

/** The `_status` value of a binding, as EZID writes it. */
export function formatStatus(b: Pick<Binding, 'identifierStatus' | 'statusReason'>): string {
  return b.identifierStatus === 'unavailable' && b.statusReason
    ? `unavailable | ${b.statusReason}`
    : b.identifierStatus;
}

const unix = (iso: string): string => String(Math.floor(Date.parse(iso) / 1000));

/** One ERC value as a single EZID value (a repeated element's values joined with ` ; `, as EZID does). */
const single = (v: string | readonly string[]): string => (typeof v === 'string' ? v : v.join(' ; '));

/**
 * A binding's EZID metadata, in the order `GET /id/…` lists it: the reserved elements, then `erc.*`,
 * then the other metadata by name. Timestamps are Unix seconds, as EZID's API gives them.
 */
export function toElements(b: Binding): [string, string][] {
  const out: [string, string][] = [
    ['_created', unix(b.createdAt)],
    ['_updated', unix(b.updatedAt)],
    ['_target', b.target],
    ['_profile', b.metadata['_profile'] ?? 'erc'],
    ['_status', formatStatus(b)],
    ['_export', b.metadata['_export'] ?? 'yes'],
  ];
  if (b.owner !== null) out.push(['_owner', b.owner], ['_ownergroup', b.owner]);
  for (const [name, value] of Object.entries(b.erc)) out.push([`erc.${name}`, single(value)]);
  for (const name of Object.keys(b.metadata).sort()) {
    if (!KEPT.has(name)) out.push([name, b.metadata[name] as string]);
  }
  return out;
}

export type ApplyMode = 'create' | 'update';

/**
 * Apply the elements of a create (`current` null, or the binding `update_if_exists` replaces) or an update
 * request to a binding input. On update an empty value deletes the element; `_status` may go reserved →
 * public, public ⇄ unavailable, and never back to reserved. A string is EZID's `bad request` reason.
 */
export function applyElements(
  elements: ReadonlyMap<string, string>,
  current: Binding | null,
  mode: ApplyMode,
  caller: Caller,
  defaultTarget: string,
): Applied | string {
  const warnings: string[] = [];
  let target = current?.target ?? defaultTarget;
  let identifierStatus: IdentifierStatus = current?.identifierStatus ?? 'public';
  let statusReason = current?.statusReason ?? null;
  let owner = current?.owner ?? caller.name;
  const erc: Record<string, string | readonly string[]> = { ...(current?.erc ?? {}) };
  const metadata: Record<string, string> = { ...(current?.metadata ?? {}) };

  for (const [name, value] of elements) {
    const empty = value === '';
    if (IGNORED.has(name)) {
      warnings.push(`${name} is set by the service; the value given was ignored`);
      continue;
    }
    switch (name) {
      case '_target':
        if (empty) target = defaultTarget;
        else if (!isHttpUrl(value)) return '_target: the target is an absolute http or https URL';
        else target = value;
        continue;
      case '_status': {
        if (empty) continue;
        const parsed = parseStatus(value);
        if (!parsed) return "_status: the status is 'public', 'reserved' or 'unavailable | reason'";
        const from = current?.identifierStatus;
        if (mode === 'update' && parsed.status === 'reserved' && from !== 'reserved') {
          return '_status: an identifier can be reserved only when it is created';
        }
        identifierStatus = parsed.status;
        statusReason = parsed.reason;
        continue;
      }
      case '_owner':
        if (empty || value === owner) continue;
        if (value !== caller.name) return 'ownership change prohibited';
        owner = value;
        continue;
      case '_export': {
        const v = value.toLowerCase();
        if (empty) delete metadata[name];
        else if (v !== 'yes' && v !== 'no') return "_export: the value is 'yes' or 'no'";
        else metadata[name] = v;
        continue;
      }
      case 'erc': {
        // A whole ERC record bound to `erc` (EZID profile "erc"): its elements become erc.*.
        if (empty) continue;
        for (const record of parseAnvl(value)) {
          for (const element of record.elements) erc[element.label] = element.value;
        }
        continue;
      }
    }
    if (name.startsWith('_') && !KEPT.has(name)) return `${name}: no such reserved element, or it cannot be set`;
    if (name.startsWith('erc.')) {
      const element = name.slice(4);
      if (empty) delete erc[element];
      else erc[element] = value;
      continue;
    }
    if (empty) delete metadata[name];
    else metadata[name] = value;
  }
  if (identifierStatus !== 'unavailable') statusReason = null;
  const input: BindingInput = {
    target,
    status: current?.status ?? 302,
    erc: erc as ErcRecord,
    support: current?.support ?? null,
    identifierStatus,
    statusReason,
    owner,
    metadata,
  };
  return { input, warnings };
}

function isHttpUrl(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const u = new URL(s);
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
}
