import { PidgateError } from '@pidgate/core';
import { labelProblem, type SerializeOptions } from './anvl.ts';
import type { MissingValueCode } from './codes.ts';
import {
  type Erc,
  type ErcElement,
  type ErcSegment,
  isSegmentLabel,
  QUARTET,
  SEGMENT_STORIES,
  serializeErc,
  splitLabel,
} from './erc.ts';
import { type ErcValue, type ErcValueParts, formatErcValue, missingValue } from './value.ts';

/** A value given as plain data (encoded for you), as parts, or as an already parsed value. */
export type ErcValueInput = string | number | ErcValueParts | ErcValue;
/** An element: one value, several values (`|`-separated), or nothing. */
export type ErcElementInput = ErcValueInput | readonly ErcValueInput[] | null | undefined;

/** One story: `who`, `what`, `when`, `where` (any may carry a `/qualifier`) and any other elements. */
export interface ErcStoryObject {
  readonly [label: string]: ErcElementInput;
}

/** The anchoring story's elements, and the support commitment (`erc-support`) if there is one. */
export interface ErcObject {
  readonly [label: string]: ErcElementInput | ErcStoryObject;
  readonly support?: ErcStoryObject;
}

export interface BuildOptions {
  /** What stands for a missing quartet element (§7.5). Default `unav`, "value unavailable indefinitely". */
  readonly missing?: MissingValueCode;
}

function isParsedValue(v: ErcValueParts | ErcValue): v is ErcValue {
  return typeof (v as ErcValue).text === 'string';
}

function toValue(input: ErcValueInput): ErcValue {
  if (typeof input === 'string') return formatErcValue({ data: input });
  if (typeof input === 'number') return formatErcValue({ data: String(input) });
  return isParsedValue(input) ? input : formatErcValue(input);
}

function toValues(input: ErcElementInput): ErcValue[] | null {
  if (input === null || input === undefined) return null;
  if (Array.isArray(input)) return (input as readonly ErcValueInput[]).map(toValue);
  return [toValue(input as ErcValueInput)];
}

function fail(code: string, message: string): never {
  throw new PidgateError({ code, message, offset: null });
}

/**
 * One segment from a story object: the quartet first, in order (each with its qualified
 * variants after it), a missing or empty quartet element as `(:unav)`, then the other
 * elements in the object's order.
 */
function buildSegment(label: string, obj: ErcStoryObject, missing: MissingValueCode): ErcSegment {
  const families: ErcElement[][] = QUARTET.map(() => []);
  const others: ErcElement[] = [];
  for (const [key, input] of Object.entries(obj)) {
    const why = labelProblem(key);
    if (why) fail('element-label', `${why}: ${JSON.stringify(key)}`);
    if (key.startsWith('erc')) fail('segment-label-reserved', `labels beginning with "erc" are reserved: ${key}`);
    const { name, qualifier } = splitLabel(key);
    if (qualifier === '') fail('qualifier-empty', `"/" must be followed by a qualifier: ${key}`);
    const values = toValues(input);
    const q = (QUARTET as readonly string[]).indexOf(name);
    if (q === -1) {
      if (values !== null) others.push({ label: key, name, qualifier, values });
      continue;
    }
    const family = families[q] as ErcElement[];
    if (values === null || values.length === 0 || values.every((v) => v.text === '')) continue;
    const element = { label: key, name, qualifier, values };
    if (qualifier === null) family.unshift(element);
    else family.push(element);
  }
  const elements: ErcElement[] = [];
  QUARTET.forEach((name, i) => {
    const family = families[i] as ErcElement[];
    if (family.length === 0) elements.push({ label: name, name, qualifier: null, values: [missingValue(missing)] });
    else elements.push(...family);
  });
  elements.push(...others);
  const story = isSegmentLabel(label) ? (SEGMENT_STORIES[label as keyof typeof SEGMENT_STORIES] ?? null) : null;
  return { label, story, abbreviated: false, elements };
}

/**
 * Build an ERC from a plain object: `{ who, what, when, where, ...other, support? }`.
 * Strings are data (a `|` in one becomes `%!`); pass an array for several values and
 * `{ code: 'unkn', data: 'Anonymous' }` for a controlled code. A missing quartet element
 * becomes `(:unav)`, in the anchoring story and in the support story alike.
 * Throws a `PidgateError` for a key that cannot be an element label.
 */
export function ercFromObject(obj: ErcObject, options: BuildOptions = {}): Erc {
  const missing = options.missing ?? 'unav';
  const { support, ...anchoring } = obj;
  const segments = [buildSegment('erc', anchoring as ErcStoryObject, missing)];
  if (support !== undefined && support !== null) segments.push(buildSegment('erc-support', support, missing));
  return { stub: false, segments };
}

/** `serializeErc(ercFromObject(obj))`: the ANVL text of a plain object. */
export function formatErcObject(obj: ErcObject, options: BuildOptions & SerializeOptions = {}): string {
  return serializeErc(ercFromObject(obj, options), options);
}
