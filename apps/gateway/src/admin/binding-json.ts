// The JSON of a stored binding and of a PDI version, as the admin API answers them and export writes them.
import type { Binding, PdiVersion } from '@pidgate/store';
import { keyIdentifier, qualifiedPdi } from '../resolution/index.ts';

export function bindingJson(b: Binding) {
  return {
    // A prefix rule is stored under a marked key: it answers as its ARK, with `prefix: true`.
    ...keyIdentifier(b.key),
    target: b.target,
    status: b.status,
    erc: b.erc,
    support: b.support,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    version: b.version,
    tombstoned: b.tombstoned,
    deletedAt: b.deletedAt,
    identifierStatus: b.identifierStatus,
    statusReason: b.statusReason,
    owner: b.owner,
    ownerGroup: b.ownerGroup,
    metadata: b.metadata,
  };
}

export function pdiJson(v: PdiVersion) {
  return {
    identifier: qualifiedPdi(v),
    resource: v.resourceKey,
    format: v.format,
    version: v.version,
    target: v.target,
    erc: v.erc,
    createdAt: v.createdAt,
    owner: v.owner,
    ownerGroup: v.ownerGroup,
  };
}
