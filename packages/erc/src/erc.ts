import { type Err, err, ok, type PidError, type Result } from '@pidgate/core';
import { type AnvlElement, type AnvlRecord, parseAnvl, type SerializeOptions, serializeAnvl } from './anvl.ts';
import type { ErcErrorCode } from './codes.ts';
import { trimWs } from './grammar.ts';
import { type ErcValue, splitValues } from './value.ts';

/** The four basic elements, in the order each segment must keep (§7.2). */
export const QUARTET = ['who', 'what', 'when', 'where'] as const;
export type QuartetName = (typeof QUARTET)[number];

/** The segment labels of §7.2 and the story each introduces. */
export const SEGMENT_STORIES = {
  erc: 'expression',
  'erc-about': 'content',
  'erc-support': 'support',
  'erc-from': 'provenance',
} as const;
export type SegmentLabel = keyof typeof SEGMENT_STORIES;
export type Story = (typeof SEGMENT_STORIES)[SegmentLabel];

/** One element of an ERC: `label` is `name` with an optional `/qualifier` (§7.4). */
export interface ErcElement {
  readonly label: string;
  readonly name: string;
  readonly qualifier: string | null;
  readonly values: ErcValue[];
  /** The ANVL element it was read from (for an exact round trip). */
  readonly anvl?: AnvlElement;
}

/** A segment: the story started by an `erc...` label (§7.2). */
export interface ErcSegment {
  /** `erc`, `erc-about`, `erc-support`, `erc-from`, another `erc-*`; null for the leading elements of a stub. */
  readonly label: string | null;
  readonly story: Story | null;
  /** The quartet was written in the abbreviated form `erc: who | what | when | where` (§7.3). */
  readonly abbreviated: boolean;
  readonly elements: ErcElement[];
  /** The ANVL element of the segment label. */
  readonly anvl?: AnvlElement;
}

export interface Erc {
  /** A stub record (§7.7) does not begin with `erc:` and has no required elements. */
  readonly stub: boolean;
  readonly segments: ErcSegment[];
  /** Comment lines after the last element. */
  readonly after?: readonly string[];
}

/** True for the labels reserved to segments: `erc` and `erc-*` (§7.2). */
export function isSegmentLabel(label: string): boolean {
  return label === 'erc' || label.startsWith('erc-');
}

/** Split `who/created` into its element name and qualifier (§7.4). */
export function splitLabel(label: string): { name: string; qualifier: string | null } {
  const slash = label.indexOf('/');
  return slash === -1
    ? { name: label, qualifier: null }
    : { name: label.slice(0, slash), qualifier: label.slice(slash + 1) };
}

/** How many `|`-separated values a value holds (0 when it is empty). */
function countValues(value: string): number {
  if (trimWs(value) === '') return 0;
  let n = 1;
  for (let i = value.indexOf('|'); i !== -1; i = value.indexOf('|', i + 1)) n++;
  return n;
}

function quartetIndex(name: string): number {
  return (QUARTET as readonly string[]).indexOf(name);
}

/**
 * Parse one ERC record (§7): ANVL text holding a single record, or a record already read
 * with `parseAnvl`. Checks the segment labels, the abbreviated form, the anchoring story's
 * required quartet and the order of the quartet in every segment. Never throws; linear.
 */
export function parseErc(input: string | AnvlRecord): Result<Erc, PidError<ErcErrorCode>> {
  let record: AnvlRecord;
  if (typeof input === 'string') {
    const records = parseAnvl(input).filter((r) => r.elements.length > 0);
    if (records.length === 0)
      return err('record-empty', 'the text holds no ERC element', input.length === 0 ? 0 : null);
    if (records.length > 1) {
      return err('multiple-records', 'an ERC is one record; a blank line ends it', records[1]?.elements[0]?.offset);
    }
    record = records[0] as AnvlRecord;
  } else {
    record = input;
    if (record.elements.length === 0) return err('record-empty', 'the record holds no element', null);
  }
  const first = record.problems?.[0];
  if (first) return { ok: false, error: first };

  const segments: ErcSegment[] = [];
  let current: { label: string | null; abbreviated: boolean; elements: ErcElement[]; anvl?: AnvlElement } | null = null;
  const close = () => {
    if (!current) return;
    const story =
      current.label !== null && Object.hasOwn(SEGMENT_STORIES, current.label)
        ? SEGMENT_STORIES[current.label as SegmentLabel]
        : null;
    const segment: ErcSegment = current.anvl
      ? {
          label: current.label,
          story,
          abbreviated: current.abbreviated,
          elements: current.elements,
          anvl: current.anvl,
        }
      : { label: current.label, story, abbreviated: current.abbreviated, elements: current.elements };
    segments.push(segment);
  };

  for (const element of record.elements) {
    const offset = element.offset ?? null;
    const { label } = element;
    if (label.startsWith('erc')) {
      if (!isSegmentLabel(label)) {
        return err('segment-label-reserved', `labels beginning with "erc" are reserved for segments: ${label}`, offset);
      }
      close();
      const count = countValues(element.value);
      if (count > 0 && count !== QUARTET.length) {
        return err(
          'abbreviated-form-values',
          `the abbreviated form "${label}: who | what | when | where" takes 4 values, not ${count}`,
          offset,
        );
      }
      const values = count > 0 ? splitValues(element.value) : [];
      const elements: ErcElement[] = values.map((value, i) => ({
        label: QUARTET[i] as string,
        name: QUARTET[i] as string,
        qualifier: null,
        values: [value],
      }));
      current = { label, abbreviated: values.length > 0, elements, anvl: element };
      continue;
    }
    const { name, qualifier } = splitLabel(label);
    if (qualifier === '') return err('qualifier-empty', `"/" must be followed by a qualifier: ${label}`, offset);
    current ??= { label: null, abbreviated: false, elements: [] };
    current.elements.push({ label, name, qualifier, values: splitValues(element.value), anvl: element });
  }
  close();

  const checked = checkSegments(segments, record.elements);
  if (checked) return checked;
  const stub = segments[0]?.label !== 'erc';
  const erc: Erc =
    record.after && record.after.length > 0 ? { stub, segments, after: record.after } : { stub, segments };
  return ok(erc);
}

/** §7.2, §7.3: quartet order in every segment; all four present and valued in the anchoring one. */
function checkSegments(
  segments: readonly ErcSegment[],
  elements: readonly AnvlElement[],
): Err<PidError<ErcErrorCode>> | null {
  const where = (e: ErcElement | undefined, s: ErcSegment) =>
    e?.anvl?.offset ?? s.anvl?.offset ?? elements[0]?.offset ?? null;
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s] as ErcSegment;
    let rank = -1;
    let others = false;
    for (const element of segment.elements) {
      const q = quartetIndex(element.name);
      if (q === -1) {
        others = true;
        continue;
      }
      if (others || q < rank) {
        return err(
          'element-order',
          `"${element.label}" is out of place: who, what, when and where open a segment, in that order`,
          where(element, segment),
        );
      }
      rank = q;
    }
    if (s !== 0 || segment.label !== 'erc') continue;
    for (const name of QUARTET) {
      const found = segment.elements.filter((e) => e.name === name);
      if (found.length === 0) {
        return err(
          'anchoring-element-missing',
          `the anchoring story must have "${name}" (use a code such as (:unav) when its value is missing)`,
          where(undefined, segment),
        );
      }
      for (const e of found) {
        if (e.values.length === 0 || e.values.every((v) => trimWs(v.text) === '')) {
          return err(
            'anchoring-value-empty',
            `"${e.label}" in the anchoring story is empty: explain the missing value with a code such as (:unav)`,
            where(e, segment),
          );
        }
      }
    }
  }
  return null;
}

/** The first segment with this label, if any. */
export function ercSegment(erc: Erc, label: string): ErcSegment | undefined {
  return erc.segments.find((s) => s.label === label);
}

/** The values of the first element named `name` (any qualifier) in the segment labelled `segment`. */
export function ercValues(erc: Erc, name: string, segment = 'erc'): ErcValue[] {
  return ercSegment(erc, segment)?.elements.find((e) => e.name === name)?.values ?? [];
}

function joinValues(values: readonly ErcValue[]): string {
  return values.map((v) => v.text).join(' | ');
}

/** The element's value as written, if its values did not change since it was read. */
function sourceValue(anvl: AnvlElement | undefined, label: string, values: readonly ErcValue[]): string | null {
  if (!anvl || anvl.label !== label) return null;
  const read = splitValues(anvl.value);
  if (read.length !== values.length) return null;
  for (let i = 0; i < read.length; i++) if (read[i]?.text !== values[i]?.text) return null;
  return anvl.value;
}

function toAnvl(label: string, values: readonly ErcValue[], anvl: AnvlElement | undefined): AnvlElement {
  const value = sourceValue(anvl, label, values);
  if (value !== null && anvl) return { ...anvl, value };
  const fresh = { label, value: joinValues(values) };
  return anvl?.before ? { ...fresh, before: anvl.before } : fresh;
}

function canAbbreviate(segment: ErcSegment): boolean {
  if (segment.label === null || segment.elements.length < QUARTET.length) return false;
  return QUARTET.every((name, i) => {
    const e = segment.elements[i];
    return e !== undefined && e.label === name && e.values.length === 1;
  });
}

/** The ANVL record of an ERC (segments, elements and values in order). */
export function ercToAnvl(erc: Erc): AnvlRecord {
  const elements: AnvlElement[] = [];
  for (const segment of erc.segments) {
    let body = segment.elements;
    if (segment.label !== null) {
      if (segment.abbreviated && canAbbreviate(segment)) {
        const quartet = segment.elements.slice(0, QUARTET.length).map((e) => e.values[0] as ErcValue);
        elements.push(toAnvl(segment.label, quartet, segment.anvl));
        body = segment.elements.slice(QUARTET.length);
      } else {
        elements.push(toAnvl(segment.label, [], segment.anvl));
      }
    }
    for (const element of body) elements.push(toAnvl(element.label, element.values, element.anvl));
  }
  return erc.after && erc.after.length > 0 ? { elements, after: erc.after } : { elements };
}

/**
 * Write an ERC as ANVL text. What was parsed and left unchanged is written exactly as it was read
 * (folding, spacing, comments); changed or new elements are written `label: v1 | v2`.
 */
export function serializeErc(erc: Erc, options: SerializeOptions = {}): string {
  return serializeAnvl([ercToAnvl(erc)], options);
}
