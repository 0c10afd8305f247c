/**
 * The metadata profiles the console's create and edit forms offer, as EZID names them (EZID API guide,
 * "Metadata profiles"): ERC (`erc.who`, `erc.what`, `erc.when`, `erc.where`), Dublin Core (`dc.creator`,
 * `dc.title`, `dc.publisher`, `dc.date`, `dc.type`) and DataCite's required properties (`datacite.creator`,
 * `datacite.title`, `datacite.publisher`, `datacite.publicationyear`, `datacite.resourcetype`). A form field
 * is named after its element, so what the console writes is what the EZID API reads back: `erc.*` go into
 * the binding's ERC record (`erc.who` → `who`), the others into its other metadata, and `_profile` records
 * the profile chosen. Pure functions: no HTTP, no store.
 */
import { z } from 'zod';

export const METADATA_PROFILES = ['erc', 'dc', 'datacite'] as const;
export type MetadataProfile = (typeof METADATA_PROFILES)[number];

export const PROFILE_LABELS: Readonly<Record<MetadataProfile, string>> = {
  erc: 'ERC (who, what, when, where)',
  dc: 'Dublin Core',
  datacite: 'DataCite (required properties)',
};

/**
 * DataCite's `resourceTypeGeneral` controlled list (DataCite Metadata Schema 4.6, appendix 1). EZID's
 * `datacite.resourcetype` is `General` or `General/Specific`, the general type from this list.
 */
export const DATACITE_RESOURCE_TYPES = [
  'Audiovisual',
  'Award',
  'Book',
  'BookChapter',
  'Collection',
  'ComputationalNotebook',
  'ConferencePaper',
  'ConferenceProceeding',
  'DataPaper',
  'Dataset',
  'Dissertation',
  'Event',
  'Image',
  'Instrument',
  'InteractiveResource',
  'Journal',
  'JournalArticle',
  'Model',
  'OutputManagementPlan',
  'PeerReview',
  'PhysicalObject',
  'Preprint',
  'Project',
  'Report',
  'Service',
  'Software',
  'Sound',
  'Standard',
  'StudyRegistration',
  'Text',
  'Workflow',
  'Other',
] as const;

/** The DCMI Type Vocabulary, offered (not enforced) for `dc.type`. */
export const DCMI_TYPES = [
  'Collection',
  'Dataset',
  'Event',
  'Image',
  'InteractiveResource',
  'MovingImage',
  'PhysicalObject',
  'Service',
  'Software',
  'Sound',
  'StillImage',
  'Text',
] as const;

/** The longest value a form field takes (the store allows more; a form field has no use for it). */
export const MAX_FIELD_LENGTH = 4000;

export interface FieldSpec {
  /** The EZID element name, also the form field's name: `erc.who`, `dc.title`, `datacite.publicationyear`. */
  readonly name: string;
  readonly label: string;
  /** A line under the label: what to write, with an example. */
  readonly hint: string;
  readonly required: boolean;
  /** Values offered in a list (a `<datalist>`): suggestions, or the controlled list a value must start with. */
  readonly suggestions?: readonly string[];
}

export const PROFILE_FIELDS: Readonly<Record<MetadataProfile, readonly FieldSpec[]>> = {
  erc: [
    { name: 'erc.who', label: 'Who', hint: 'Who made the object, e.g. Miller, Elizabeth', required: false },
    { name: 'erc.what', label: 'What', hint: 'A title or description, e.g. Field notes, 1932', required: false },
    { name: 'erc.when', label: 'When', hint: 'A date or period, e.g. 1932 or 1932-05-01', required: false },
    {
      name: 'erc.where',
      label: 'Where',
      hint: 'Where the object is, usually its URL (the target when left empty)',
      required: false,
    },
  ],
  dc: [
    { name: 'dc.creator', label: 'Creator', hint: 'e.g. Miller, Elizabeth', required: false },
    { name: 'dc.title', label: 'Title', hint: 'e.g. Field notes, 1932', required: false },
    { name: 'dc.publisher', label: 'Publisher', hint: 'e.g. University Library', required: false },
    { name: 'dc.date', label: 'Date', hint: 'YYYY, YYYY-MM or YYYY-MM-DD, e.g. 1932-05-01', required: false },
    {
      name: 'dc.type',
      label: 'Type',
      hint: 'Preferably a DCMI type, e.g. Text or Dataset',
      required: false,
      suggestions: DCMI_TYPES,
    },
  ],
  datacite: [
    { name: 'datacite.creator', label: 'Creator', hint: 'e.g. Miller, Elizabeth', required: true },
    { name: 'datacite.title', label: 'Title', hint: 'e.g. Field notes, 1932', required: true },
    { name: 'datacite.publisher', label: 'Publisher', hint: 'e.g. University Library', required: true },
    { name: 'datacite.publicationyear', label: 'Publication year', hint: 'Four digits, e.g. 2024', required: true },
    {
      name: 'datacite.resourcetype',
      label: 'Resource type',
      hint: 'A general type from DataCite’s list, optionally /specific type, e.g. Dataset or Image/Photograph',
      required: true,
      suggestions: DATACITE_RESOURCE_TYPES,
    },
  ],
};

/** Every element name some profile's form writes. */
export const PROFILE_ELEMENT_NAMES: readonly string[] = METADATA_PROFILES.flatMap((p) =>
  PROFILE_FIELDS[p].map((f) => f.name),
);

/** A message for one field, keyed by the field's name (`''` for the form as a whole). */
export interface FieldError {
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

/** What a profile's fields become in a binding: ERC elements and other metadata (with `_profile`). */
export interface ProfileMetadata {
  readonly erc: Record<string, string>;
  readonly metadata: Record<string, string>;
}

export type ProfileResult =
  | { readonly ok: true; readonly value: ProfileMetadata }
  | { readonly ok: false; readonly errors: FieldError[] };

/** `YYYY`, `YYYY-MM`, `YYYY-MM-DD` (W3CDTF's date forms), with a real month and day. */
function isW3cDate(s: string): boolean {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(s);
  if (!m) return false;
  const [, y, mo, d] = m;
  if (mo === undefined) return true;
  const month = Number(mo);
  if (month < 1 || month > 12) return false;
  if (d === undefined) return true;
  const day = Number(d);
  const last = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  return day >= 1 && day <= last;
}

/** Why a DataCite resource type is not `General` or `General/Specific` with a general type from the list, or null. */
export function resourceTypeProblem(value: string): string | null {
  const slash = value.indexOf('/');
  const general = (slash === -1 ? value : value.slice(0, slash)).trim();
  const specific = slash === -1 ? null : value.slice(slash + 1).trim();
  if (!(DATACITE_RESOURCE_TYPES as readonly string[]).includes(general)) {
    const near = DATACITE_RESOURCE_TYPES.find((t) => t.toLowerCase() === general.toLowerCase());
    return near
      ? `Resource type must be spelled as in DataCite's list: ${near}`
      : "Resource type must start with a general type from DataCite's list, such as Dataset, Text or Image";
  }
  if (specific === '') return 'Write a specific type after the slash, or leave the slash out';
  return null;
}

/** The field's own rule, beyond being required: a message, or null. */
function fieldProblem(name: string, value: string): { code: string; message: string } | null {
  if (value.length > MAX_FIELD_LENGTH) return { code: 'too-long', message: `At most ${MAX_FIELD_LENGTH} characters` };
  switch (name) {
    case 'datacite.publicationyear':
      return /^\d{4}$/.test(value)
        ? null
        : { code: 'publication-year', message: 'Publication year must be a four-digit year, e.g. 2024' };
    case 'datacite.resourcetype': {
      const why = resourceTypeProblem(value);
      return why ? { code: 'resource-type', message: why } : null;
    }
    case 'dc.date':
      return isW3cDate(value)
        ? null
        : { code: 'date', message: 'Date must be YYYY, YYYY-MM or YYYY-MM-DD, e.g. 1932-05-01' };
    default:
      return null;
  }
}

/**
 * Check a profile's fields (`values` holds the submitted form, element name → text; other names are
 * ignored) and build the binding's ERC record and metadata. Values are trimmed; an empty optional field
 * is left out. Every failing field gets its own message.
 */
export function validateProfile(profile: MetadataProfile, values: Readonly<Record<string, string>>): ProfileResult {
  const errors: FieldError[] = [];
  const erc: Record<string, string> = {};
  const metadata: Record<string, string> = { _profile: profile };
  for (const f of PROFILE_FIELDS[profile]) {
    const value = (values[f.name] ?? '').trim();
    if (value === '') {
      if (f.required) errors.push({ field: f.name, code: 'required', message: `Enter the ${f.label.toLowerCase()}` });
      continue;
    }
    const problem = fieldProblem(f.name, value);
    if (problem) {
      errors.push({ field: f.name, ...problem });
      continue;
    }
    if (f.name.startsWith('erc.')) erc[f.name.slice(4)] = value;
    else metadata[f.name] = value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { erc, metadata } };
}

/** The profile a binding was written with (`_profile`), `erc` when none or an unknown one. */
export function profileOf(metadata: Readonly<Record<string, string>>): MetadataProfile {
  const p = metadata['_profile'];
  return (METADATA_PROFILES as readonly string[]).includes(p ?? '') ? (p as MetadataProfile) : 'erc';
}

/** A binding's values for every profile's fields, to fill a form: element name → text. */
export function profileValues(
  erc: Readonly<Record<string, string | readonly string[]>>,
  metadata: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PROFILE_ELEMENT_NAMES) {
    if (name.startsWith('erc.')) {
      const v = erc[name.slice(4)];
      if (v !== undefined) out[name] = typeof v === 'string' ? v : v.join(' ; ');
    } else {
      const v = metadata[name];
      if (v !== undefined) out[name] = v;
    }
  }
  return out;
}

/**
 * Replace the elements a profile's form owns in a binding's ERC record and metadata: the ERC elements
 * and metadata of every profile's fields are dropped, then the new ones added, so switching profile does
 * not leave the old profile's fields behind; every other element is kept as it was.
 */
export function mergeProfile(
  current: { erc: Readonly<Record<string, string | string[]>>; metadata: Readonly<Record<string, string>> },
  next: ProfileMetadata,
): { erc: Record<string, string | string[]>; metadata: Record<string, string> } {
  const erc: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(current.erc)) {
    if (!PROFILE_ELEMENT_NAMES.includes(`erc.${k}`)) erc[k] = v;
  }
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(current.metadata)) {
    if (!PROFILE_ELEMENT_NAMES.includes(k) && k !== '_profile') metadata[k] = v;
  }
  return { erc: { ...erc, ...next.erc }, metadata: { ...metadata, ...next.metadata } };
}

/** The profile field of a form, read with zod (an unknown profile is refused with a message). */
export const ProfileField = z.enum(METADATA_PROFILES, { message: 'Choose ERC, Dublin Core or DataCite' });
