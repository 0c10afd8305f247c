import type { ErcRecord, IdentifierStatus, OtherMetadata, RedirectStatus } from './schema.ts';
import type { Binding, HistoryEntry, Naan, PdiVersion, Shoulder, TokenInfo } from './store.ts';

/**
 * Row → record mapping for both backends. SQLite gives JSON as text, 0/1 booleans and ISO text;
 * PostgreSQL gives parsed jsonb, booleans, Dates and bigints as strings.
 */
type Json = string | object | null;
type Time = string | Date;

const json = <T>(v: Json): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const time = (v: Time): string => (v instanceof Date ? v.toISOString() : v);
const timeOrNull = (v: Time | null): string | null => (v === null ? null : time(v));

export interface BindingRow {
  key: string;
  target: string;
  status: number;
  erc: Json;
  support: Json;
  created_at: Time;
  updated_at: Time;
  version: number | string;
  tombstoned: number | boolean;
  deleted_at: Time | null;
  identifier_status: string;
  status_reason: string | null;
  owner: string | null;
  metadata: Json;
  owner_group: string | null;
}

export function toBinding(r: BindingRow): Binding {
  return {
    key: r.key,
    target: r.target,
    status: r.status as RedirectStatus,
    erc: json<ErcRecord>(r.erc),
    support: r.support === null ? null : json<ErcRecord>(r.support),
    createdAt: time(r.created_at),
    updatedAt: time(r.updated_at),
    version: Number(r.version),
    tombstoned: r.tombstoned === true || r.tombstoned === 1,
    deletedAt: timeOrNull(r.deleted_at),
    identifierStatus: r.identifier_status as IdentifierStatus,
    statusReason: r.status_reason,
    owner: r.owner,
    ownerGroup: r.owner_group ?? null,
    metadata: r.metadata === null ? {} : json<OtherMetadata>(r.metadata),
  };
}

/** A binding recorded in the history before schema 2 has no status, owner or metadata: give the defaults. */
function historic(b: Binding): Binding {
  if (b.identifierStatus === undefined) {
    return { ...b, identifierStatus: 'public', statusReason: null, owner: null, ownerGroup: null, metadata: {} };
  }
  // ... and one recorded before schema 5 no owner group.
  return b.ownerGroup === undefined ? { ...b, ownerGroup: null } : b;
}

export interface HistoryRowDb {
  id: number | string;
  key: string;
  at: Time;
  actor: string;
  action: string;
  before: Json;
  after: Json;
}

export function toHistory(r: HistoryRowDb): HistoryEntry {
  return {
    id: Number(r.id),
    key: r.key,
    at: time(r.at),
    actor: r.actor,
    action: r.action as HistoryEntry['action'],
    before: r.before === null ? null : historic(json<Binding>(r.before)),
    after: historic(json<Binding>(r.after)),
  };
}

export interface PdiRow {
  resource_key: string;
  format: string;
  version: number | string;
  target: string;
  erc: Json;
  created_at: Time;
  actor: string;
  owner: string | null;
  owner_group: string | null;
}

export function toPdi(r: PdiRow): PdiVersion {
  return {
    resourceKey: r.resource_key,
    format: r.format,
    version: Number(r.version),
    target: r.target,
    erc: json<ErcRecord>(r.erc),
    createdAt: time(r.created_at),
    actor: r.actor,
    owner: r.owner ?? null,
    ownerGroup: r.owner_group ?? null,
  };
}

export interface NaanRow {
  naan: string;
  name: string;
  created_at: Time;
}

export const toNaan = (r: NaanRow): Naan => ({ naan: r.naan, name: r.name, createdAt: time(r.created_at) });

export interface ShoulderRow {
  key: string;
  naan: string;
  template: string;
  seed: string;
  capacity: number | string | null;
  minted: number | string;
  created_at: Time;
  group_name?: string | null;
}

export function toShoulder(r: ShoulderRow): Shoulder {
  return {
    key: r.key,
    naan: r.naan,
    template: r.template,
    seed: r.seed,
    capacity: r.capacity === null ? null : Number(r.capacity),
    minted: Number(r.minted),
    group: r.group_name ?? null,
    createdAt: time(r.created_at),
  };
}

export interface TokenRow {
  id: string;
  name: string;
  hash: string;
  scopes: Json;
  created_at: Time;
  revoked_at: Time | null;
  expires_at: Time | null;
  owner: string | null;
}

export function toTokenInfo(r: TokenRow): TokenInfo {
  return {
    id: r.id,
    name: r.name,
    scopes: json<string[]>(r.scopes),
    createdAt: time(r.created_at),
    revokedAt: timeOrNull(r.revoked_at),
    expiresAt: timeOrNull(r.expires_at),
    owner: r.owner ?? r.name,
  };
}

export interface SessionRow {
  hash: string;
  token_id: string;
  created_at: Time;
  expires_at: Time;
}

/** ISO text of a row's time column (both backends). */
export const isoTime = time;
export const isoTimeOrNull = timeOrNull;
export const fromJson = json;
