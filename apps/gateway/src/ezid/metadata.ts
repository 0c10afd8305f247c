import { parseAnvl } from '@pidgate/erc';
import { type Binding, type BindingInput, type ErcRecord, type IdentifierStatus, targetRefusal } from '@pidgate/store';

/**
 * EZID's metadata dictionary ⇄ a pidgate binding (EZID API guide, "Internal metadata" and "Metadata
 * profiles"). `_target` is the target, `_status` the identifier status, `_owner` the owner, `erc.*` the ERC
 * record (`erc.who` → `who`; a whole ERC document bound to `erc` is read into it), `_profile`, `_export`,
 * `dc.*`, `datacite.*`, `datacite`, `crossref` and any other citation element are kept as given.
 */

/** Reserved elements a client may not set, which EZID computes: ignored, with a warning. */
const IGNORED = new Set(['_created', '_updated', '_datacenter', '_shadowedby', '_shadows', '_crossref']);
/** Reserved elements pidgate keeps among the other metadata, as given. */
const KEPT = new Set(['_profile', '_export']);

export interface Caller {
  /** EZID's user name (a token acts for its owner), recorded as the owner of what it creates. */
  readonly name: string;
  /** An administrator may set `_owner` and `_ownergroup` to anything; anyone else may not change them. */
  readonly admin: boolean;
  /** The group of what it creates (the shoulder's, or its own first group). */
  readonly ownerGroup: string | null;
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
  if (b.owner !== null) out.push(['_owner', b.owner]);
  if (b.ownerGroup !== null) out.push(['_ownergroup', b.ownerGroup]);
  for (const [name, value] of Object.entries(b.erc)) out.push([`erc.${name}`, single(value)]);
  for (const name of Object.keys(b.metadata).sort()) {
    if (!KEPT.has(name)) out.push([name, b.metadata[name] as string]);
  }
  return out;
}

export type ApplyMode = 'create' | 'update';

/** The request being applied: what every element's step may read. */
interface Request {
  readonly current: Binding | null;
  readonly mode: ApplyMode;
  readonly caller: Caller;
  readonly defaultTarget: string;
}

/** The binding being built from a request's elements (one per call), and the warnings so far. */
interface Draft {
  target: string;
  identifierStatus: IdentifierStatus;
  statusReason: string | null;
  owner: string | null;
  ownerGroup: string | null;
  readonly erc: Record<string, string | readonly string[]>;
  readonly metadata: Record<string, string>;
  readonly warnings: string[];
}

/** One element's step: applies `value` to the draft, or returns EZID's `bad request` reason. */
type ElementStep = (d: Draft, value: string, request: Request) => string | null;

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
  const request: Request = { current, mode, caller, defaultTarget };
  const d: Draft = {
    target: current?.target ?? defaultTarget,
    identifierStatus: current?.identifierStatus ?? 'public',
    statusReason: current?.statusReason ?? null,
    owner: current ? current.owner : caller.name,
    ownerGroup: current ? current.ownerGroup : caller.ownerGroup,
    erc: { ...(current?.erc ?? {}) },
    metadata: { ...(current?.metadata ?? {}) },
    warnings: [],
  };
  for (const [name, value] of elements) {
    const why = applyElement(d, name, value, request);
    if (why !== null) return why;
  }
  const input: BindingInput = {
    target: d.target,
    status: current?.status ?? 302,
    erc: d.erc as ErcRecord,
    support: current?.support ?? null,
    identifierStatus: d.identifierStatus,
    statusReason: d.identifierStatus === 'unavailable' ? d.statusReason : null,
    owner: d.owner,
    ownerGroup: d.ownerGroup,
    metadata: d.metadata,
  };
  return { input, warnings: d.warnings };
}

/**
 * One element: a reserved element EZID computes (ignored, with a warning), one of the reserved elements
 * with a step of its own, another reserved element (refused), `erc.*`, or other metadata kept as given.
 */
function applyElement(d: Draft, name: string, value: string, request: Request): string | null {
  if (IGNORED.has(name)) {
    d.warnings.push(`${name} is set by the service; the value given was ignored`);
    return null;
  }
  const step = ELEMENT_STEPS.get(name);
  if (step) return step(d, value, request);
  if (name.startsWith('_') && !KEPT.has(name)) return `${name}: no such reserved element, or it cannot be set`;
  if (name.startsWith('erc.')) setOrDelete(d.erc, name.slice(4), value);
  else setOrDelete(d.metadata, name, value);
  return null;
}

/** An element set to `value`, or deleted when the value is empty. */
function setOrDelete(record: Record<string, unknown>, name: string, value: string): void {
  if (value === '') delete record[name];
  else record[name] = value;
}

/** `_target`: an absolute http(s) URL; empty gives back the default target. */
function targetStep(d: Draft, value: string, request: Request): string | null {
  if (value === '') d.target = request.defaultTarget;
  else if (!isHttpUrl(value)) return '_target: the target must be an absolute http or https URL';
  else {
    // Read two ways (`targetRefusal`, the store's check): refused here in EZID's words.
    const refused = targetRefusal(value);
    if (refused) return `_target: the target ${refused.message}`;
    d.target = value;
  }
  return null;
}

/** `_status`: public, reserved or `unavailable | reason`; reserved only when the identifier is created. */
function statusStep(d: Draft, value: string, request: Request): string | null {
  if (value === '') return null;
  const parsed = parseStatus(value);
  if (!parsed) return "_status: the status is 'public', 'reserved' or 'unavailable | reason'";
  const from = request.current?.identifierStatus;
  if (request.mode === 'update' && parsed.status === 'reserved' && from !== 'reserved') {
    return '_status: an identifier can be reserved only when it is created';
  }
  d.identifierStatus = parsed.status;
  d.statusReason = parsed.reason;
  return null;
}

/** `_owner`: only an administrator changes the owner (EZID: "ownership change prohibited" otherwise). */
function ownerStep(d: Draft, value: string, request: Request): string | null {
  if (value === '' || value === d.owner) return null;
  if (!request.caller.admin) return 'ownership change prohibited';
  d.owner = value;
  return null;
}

/** `_ownergroup`: only an administrator changes the group. */
function ownerGroupStep(d: Draft, value: string, request: Request): string | null {
  if (value === '' || value === d.ownerGroup) return null;
  if (!request.caller.admin) return 'ownership change prohibited';
  d.ownerGroup = value;
  return null;
}

/** `_export`: yes or no, in any case (kept lower case); empty deletes it. */
function exportStep(d: Draft, value: string): string | null {
  const v = value.toLowerCase();
  if (value === '') delete d.metadata['_export'];
  else if (v !== 'yes' && v !== 'no') return "_export: the value is 'yes' or 'no'";
  else d.metadata['_export'] = v;
  return null;
}

/** `erc`: a whole ERC record (EZID profile "erc"), whose elements become `erc.*`. */
function ercRecordStep(d: Draft, value: string): string | null {
  if (value === '') return null;
  for (const record of parseAnvl(value)) {
    for (const element of record.elements) d.erc[element.label] = element.value;
  }
  return null;
}

/** The reserved elements (and `erc`) with a step of their own. */
const ELEMENT_STEPS: ReadonlyMap<string, ElementStep> = new Map<string, ElementStep>([
  ['_target', targetStep],
  ['_status', statusStep],
  ['_owner', ownerStep],
  ['_ownergroup', ownerGroupStep],
  ['_export', exportStep],
  ['erc', ercRecordStep],
]);

function isHttpUrl(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const u = new URL(s);
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
}
