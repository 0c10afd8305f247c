import {
  type Identifier,
  type PidError,
  type Profile,
  profileOf,
  type Result,
  type SchemeOptions,
} from '@pidgate/core';
import type { ArkErrorCode } from './codes.ts';
import { hasNameLeft, nameEmpty, normalizedForm } from './normalize.ts';
import { type ArkSpans, scanArk, Tail } from './scan.ts';

/** The inflections (§6 `?` and `??`; draft-42 `?info`): requests about the ARK, not part of it. */
export type Inflection = '?' | '??' | '?info';

/** An ARK as written, `[scheme://NMAH[/path]/]ark:[/]NAAN/Name[Qualifier][inflection]`: not normalized. */
export interface ArkComponents {
  /** The URL prefix as written, up to and including the "/" before the label; null when none. */
  readonly prefix: string | null;
  /** The Name Mapping Authority Hostport (§2.1) as written; null when none. */
  readonly nmah: string | null;
  /** The label as written: "ark:/" or "ark:" in any case (§2.2). */
  readonly label: string;
  /** The Name Assigning Authority Number (§2.3) as written. */
  readonly naan: string;
  /** The Name (§2.4): from its first non-structural character to the next "/" or ".". */
  readonly name: string;
  /** Everything after the Name up to any "?" (§2.5); '' when none. */
  readonly qualifier: string;
  /** The Qualifier less its VariantPath (§2.5.1). */
  readonly componentPath: string;
  /** The Qualifier from the first "." after its last "/" (§2.5.2); '' when none. */
  readonly variantPath: string;
  /** A trailing inflection, kept apart from the identifier; null when none. */
  readonly inflection: Inflection | null;
  /** modern only: a URI query after the ARK (without its "?"), dropped in normalization; else null. */
  readonly query: string | null;
}

export type ArkIdentifier = Identifier<ArkComponents, 'ark'>;

const INFLECTIONS: readonly (Inflection | null)[] = [null, '?', '??', '?info', null];

/** The record of a scanned input. */
export function componentsOf(s: string, o: ArkSpans): ArkComponents {
  const qualifier = s.slice(o.nameEnd, o.bodyEnd);
  const dot = qualifier === '' ? -1 : qualifier.indexOf('.', qualifier.lastIndexOf('/') + 1);
  const componentPath = dot < 0 ? qualifier : qualifier.slice(0, dot);
  const variantPath = dot < 0 ? '' : qualifier.slice(dot);
  return {
    prefix: o.labelStart > 0 ? s.slice(0, o.labelStart) : null,
    nmah: o.hostStart >= 0 ? s.slice(o.hostStart, o.hostEnd) : null,
    label: s.slice(o.labelStart, o.labelEnd),
    naan: s.slice(o.naanStart, o.naanEnd),
    name: s.slice(o.nameStart, o.nameEnd),
    qualifier,
    componentPath,
    variantPath,
    inflection: INFLECTIONS[o.tail] ?? null,
    query: o.tail === Tail.Query ? s.slice(o.bodyEnd + 1) : null,
  };
}

/**
 * Parse an ARK into its parts as written (`normalizeArk` gives its key). Never throws; time linear in the
 * input's length. `source` follows draft-kunze-ark-09 (the default); `modern` today's spec (draft-42).
 */
export function parseArk(input: string, options?: SchemeOptions): Result<ArkComponents, PidError<ArkErrorCode>> {
  const modern = profileOf(options) === 'modern';
  const spans = scanArk(input, modern);
  if (!spans.ok) return spans;
  if (!hasNameLeft(input, spans.bodyStart, spans.bodyEnd, modern)) return nameEmpty(spans);
  return { ok: true, value: componentsOf(input, spans) };
}

/**
 * The identifier `arkScheme.parse` gives: the parts and the normalized form in one scan. An input already
 * normalized is its own key, and a body that needs no change is copied as one slice (the fast path).
 */
export function identifyArk(input: string, profile: Profile = 'source'): Result<ArkIdentifier, PidError<ArkErrorCode>> {
  const modern = profile === 'modern';
  const spans = scanArk(input, modern);
  if (!spans.ok) return spans;
  const normalized = normalizedForm(input, spans, modern);
  if (normalized === '') return nameEmpty(spans);
  const components = componentsOf(input, spans);
  return { ok: true, value: { scheme: 'ark', input, profile, normalized, components } };
}
