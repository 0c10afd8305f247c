import type { Identifier } from '@pidgate/core';
import type { TargetHealth } from './fallback-types.ts';
import type { Resolution } from './pipeline.ts';
import type { Description, Outcome, ResolverServices, Story } from './resolvers/types.ts';
import type { Inflection } from './target.ts';

/** Where an identifier resolves, as the metadata and the batch resolve API report it. */
export interface ResolutionReport {
  readonly status: number;
  readonly target: string | null;
  readonly how: string;
  readonly code?: string;
  readonly detail?: string;
  readonly trace?: readonly string[];
  readonly accessUrl?: string | null;
}

export function outcomeStatus(o: Outcome): number {
  switch (o.kind) {
    case 'redirect':
      return o.status;
    case 'restricted':
      return 403;
    case 'not-found':
      return 404;
    case 'gone':
      return 410;
    case 'list':
      return 200;
    case 'failed':
      return o.status;
  }
}

export function resolutionReport(o: Outcome, withTrace: boolean): ResolutionReport {
  const status = outcomeStatus(o);
  const trace = withTrace && o.trace ? { trace: o.trace } : {};
  switch (o.kind) {
    case 'redirect':
      return { status, target: o.target, how: o.how, ...trace };
    case 'restricted':
      return { status, target: null, how: o.how, detail: o.explanation, accessUrl: o.accessUrl, ...trace };
    case 'list':
      return { status, target: null, how: o.how, detail: `${o.items.length} identifiers match`, ...trace };
    default:
      return { status, target: null, how: o.how, code: o.code, detail: o.detail, ...trace };
  }
}

/** The metadata record for `?` (brief), `??` (with the commitment) and `?info` (everything). */
export interface MetadataRecord {
  readonly identifier: string;
  readonly inflection: Inflection;
  readonly scheme: string;
  readonly normalized: string;
  readonly erc: Story;
  readonly support?: Story;
  readonly profile?: string;
  readonly components?: object;
  readonly resolution: ResolutionReport;
  readonly about?: Readonly<Record<string, unknown>>;
  /** `?info` of an identifier bound to a checked target: the link checker's state, captures when broken. */
  readonly targetHealth?: TargetHealth;
}

export function metadataRecord(
  id: Identifier,
  inflection: Inflection,
  outcome: Outcome,
  description: Description,
): MetadataRecord {
  const full = inflection === '?info';
  return {
    identifier: id.input,
    inflection,
    scheme: id.scheme,
    normalized: id.normalized,
    erc: description.erc,
    ...(inflection === '?' ? {} : { support: description.support }),
    ...(full ? { profile: id.profile, components: id.components } : {}),
    resolution: resolutionReport(outcome, full),
    ...(full && description.extra && Object.keys(description.extra).length > 0 ? { about: description.extra } : {}),
  };
}

/** The metadata record of an identifier (`?`, `??`, `?info`): what its resolver describes, given what it found. */
export function describeRecord(
  services: ResolverServices,
  r: Extract<Resolution, { kind: 'outcome' | 'describe' }>,
  inflection: Inflection,
): MetadataRecord {
  const record = metadataRecord(r.id, inflection, r.outcome, r.resolver.describe(r.id, r.outcome, services));
  const health = r.kind === 'describe' && inflection === '?info' ? r.health : undefined;
  return health ? { ...record, targetHealth: health } : record;
}
