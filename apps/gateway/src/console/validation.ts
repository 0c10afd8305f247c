/**
 * The create and edit forms of the console, read and checked as pure functions: a submitted form (field
 * name → text) becomes a typed request or a list of field messages. Names of metadata fields are EZID's
 * element names (see profiles.ts); the others are the console's own (`shoulder`, `target`, `status`, …).
 */
import { IDENTIFIER_STATUSES, type IdentifierStatus, TargetUrl } from '@pidgate/store';
import {
  type FieldError,
  METADATA_PROFILES,
  type MetadataProfile,
  type ProfileMetadata,
  validateProfile,
} from './profiles.ts';

export type FormValues = Readonly<Record<string, string>>;

/** A submitted form's text fields (a file or a repeated name: the first text value). */
export function formValues(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out[k] = first;
  }
  return out;
}

export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: FieldError[] };

const MAX_REASON = 1000;

function checkTarget(value: string | undefined, errors: FieldError[]): string {
  const target = (value ?? '').trim();
  if (target === '') {
    errors.push({ field: 'target', code: 'required', message: 'Enter the target URL, e.g. https://example.org/page' });
  } else if (!TargetUrl.safeParse(target).success) {
    errors.push({
      field: 'target',
      code: 'invalid-target',
      message: 'Target must be a full web address starting with http:// or https://',
    });
  }
  return target;
}

function checkStatus(values: FormValues, errors: FieldError[]): { status: IdentifierStatus; reason: string | null } {
  const raw = values['status'] ?? 'public';
  const status = (IDENTIFIER_STATUSES as readonly string[]).includes(raw) ? (raw as IdentifierStatus) : null;
  if (status === null) {
    errors.push({ field: 'status', code: 'invalid-status', message: 'Choose public, reserved or unavailable' });
    return { status: 'public', reason: null };
  }
  const reason = (values['reason'] ?? '').trim();
  if (reason.length > MAX_REASON) {
    errors.push({ field: 'reason', code: 'too-long', message: `At most ${MAX_REASON} characters` });
  }
  if (reason !== '' && status !== 'unavailable') {
    errors.push({
      field: 'reason',
      code: 'reason-unavailable-only',
      message: 'A reason is kept only for unavailable identifiers: choose unavailable or leave the reason empty',
    });
  }
  return { status, reason: status === 'unavailable' && reason !== '' ? reason : null };
}

function checkProfile(values: FormValues, errors: FieldError[]): { profile: MetadataProfile; meta: ProfileMetadata } {
  const raw = values['profile'] ?? 'erc';
  const profile = (METADATA_PROFILES as readonly string[]).includes(raw) ? (raw as MetadataProfile) : null;
  if (profile === null) {
    errors.push({ field: 'profile', code: 'invalid-profile', message: 'Choose ERC, Dublin Core or DataCite' });
    return { profile: 'erc', meta: { erc: {}, metadata: {} } };
  }
  const checked = validateProfile(profile, values);
  if (!checked.ok) {
    errors.push(...checked.errors);
    return { profile, meta: { erc: {}, metadata: {} } };
  }
  return { profile, meta: checked.value };
}

function checkShoulder(values: FormValues, shoulders: readonly string[], errors: FieldError[]): string {
  const shoulder = values['shoulder'] ?? '';
  if (!shoulders.includes(shoulder)) {
    errors.push({
      field: 'shoulder',
      code: shoulders.length === 0 ? 'no-shoulder' : 'invalid-shoulder',
      message:
        shoulders.length === 0
          ? 'You may not mint on any shoulder: ask an administrator to add you to a group with a shoulder'
          : 'Choose one of the shoulders listed',
    });
  }
  return shoulder;
}

export interface SimpleCreate {
  readonly shoulder: string;
  readonly target: string;
  /** The ERC record from who/what/when (empty ones left out). */
  readonly erc: Record<string, string>;
}

/** The simple form: a shoulder from `shoulders`, a target, and ERC who/what/when. */
export function checkSimpleCreate(values: FormValues, shoulders: readonly string[]): Checked<SimpleCreate> {
  const errors: FieldError[] = [];
  const shoulder = checkShoulder(values, shoulders, errors);
  const target = checkTarget(values['target'], errors);
  const meta = validateProfile('erc', values);
  if (!meta.ok) errors.push(...meta.errors);
  if (errors.length > 0) return { ok: false, errors };
  const erc = meta.ok ? meta.value.erc : {};
  return { ok: true, value: { shoulder, target, erc } };
}

/** How the advanced form names the identifier: minted on a shoulder, a suffix after it, or written whole. */
export type Naming =
  | { readonly kind: 'mint'; readonly shoulder: string }
  | { readonly kind: 'suffix'; readonly shoulder: string; readonly suffix: string }
  | { readonly kind: 'identifier'; readonly identifier: string };

export interface AdvancedCreate {
  readonly naming: Naming;
  readonly target: string;
  readonly status: IdentifierStatus;
  readonly reason: string | null;
  readonly profile: MetadataProfile;
  readonly meta: ProfileMetadata;
}

/** Characters a suffix may hold: ARK Name characters (draft-kunze-ark §2.5: letters, digits, = # * + @ _ $ % - . /). */
const SUFFIX = /^[A-Za-z0-9=#*+@_$%./-]+$/;

/**
 * The advanced form: `naming` is `mint` (the next identifier on `shoulder`), `suffix` (shoulder + the
 * `suffix` field) or `identifier` (the `identifier` field, whole); then target, status (and reason) and the
 * chosen profile's fields.
 */
export function checkAdvancedCreate(values: FormValues, shoulders: readonly string[]): Checked<AdvancedCreate> {
  const errors: FieldError[] = [];
  const kind = values['naming'] ?? 'mint';
  let naming: Naming = { kind: 'mint', shoulder: '' };
  if (kind === 'mint' || kind === 'suffix') {
    const shoulder = checkShoulder(values, shoulders, errors);
    if (kind === 'mint') naming = { kind, shoulder };
    else {
      const suffix = (values['suffix'] ?? '').trim();
      if (suffix === '')
        errors.push({ field: 'suffix', code: 'required', message: 'Enter the suffix to add to the shoulder' });
      else if (suffix.length > 200 || !SUFFIX.test(suffix)) {
        errors.push({
          field: 'suffix',
          code: 'invalid-suffix',
          message: 'A suffix is letters, digits and = # * + @ _ $ % - . / only (no spaces), at most 200 characters',
        });
      }
      naming = { kind, shoulder, suffix };
    }
  } else if (kind === 'identifier') {
    const identifier = (values['identifier'] ?? '').trim();
    if (identifier === '') {
      errors.push({
        field: 'identifier',
        code: 'required',
        message: 'Enter the whole identifier, e.g. ark:/99999/fk4abc',
      });
    } else if (identifier.length > 1000 || /\s/.test(identifier)) {
      errors.push({
        field: 'identifier',
        code: 'invalid-identifier',
        message: 'An identifier has no spaces and at most 1000 characters',
      });
    }
    naming = { kind, identifier };
  } else {
    errors.push({ field: 'naming', code: 'invalid-naming', message: 'Choose how to name the identifier' });
  }
  const target = checkTarget(values['target'], errors);
  const { status, reason } = checkStatus(values, errors);
  const { profile, meta } = checkProfile(values, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { naming, target, status, reason, profile, meta } };
}

/**
 * EZID's status rule: reserved may become public or unavailable, public and unavailable may trade places,
 * nothing goes back to reserved. A message, or null when the change is allowed.
 */
export function statusChangeProblem(from: IdentifierStatus, to: IdentifierStatus): string | null {
  if (to === 'reserved' && from !== 'reserved') {
    return 'An identifier that was made public cannot go back to reserved: choose public or unavailable';
  }
  return null;
}

export interface Edit {
  /** The binding's version the form was made from (optimistic concurrency). */
  readonly version: number;
  readonly target: string;
  readonly status: IdentifierStatus;
  readonly reason: string | null;
  readonly profile: MetadataProfile;
  readonly meta: ProfileMetadata;
}

/** The identifier page's edit form, against the binding's current status. */
export function checkEdit(values: FormValues, currentStatus: IdentifierStatus): Checked<Edit> {
  const errors: FieldError[] = [];
  const versionText = values['version'] ?? '';
  const version = /^\d{1,15}$/.test(versionText) ? Number(versionText) : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 1) {
    errors.push({
      field: '',
      code: 'invalid-version',
      message: 'The form is incomplete: reload the page and try again',
    });
  }
  const target = checkTarget(values['target'], errors);
  const { status, reason } = checkStatus(values, errors);
  const change = statusChangeProblem(currentStatus, status);
  if (change) errors.push({ field: 'status', code: 'status-change', message: change });
  const { profile, meta } = checkProfile(values, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { version, target, status, reason, profile, meta } };
}

/** The message of one field, if any. */
export function errorFor(errors: readonly FieldError[] | undefined, field: string): string | undefined {
  return errors?.find((e) => e.field === field)?.message;
}
