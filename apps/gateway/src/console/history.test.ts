import type { Binding, HistoryEntry } from '@pidgate/store';
import { describe, expect, it } from 'vitest';
import { diffBindings, historyView } from './history.ts';

const base: Binding = {
  key: 'ark:/99999/fk4x',
  target: 'https://example.org/a',
  status: 302,
  erc: { who: 'Miller', what: 'Notes' },
  support: null,
  identifierStatus: 'reserved',
  statusReason: null,
  owner: 'alice',
  ownerGroup: 'library',
  metadata: { _profile: 'erc' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  tombstoned: false,
  deletedAt: null,
};

describe('diffBindings', () => {
  it('a create lists every field that is set', () => {
    expect(diffBindings(null, base)).toEqual([
      { field: 'target', before: null, after: 'https://example.org/a' },
      { field: 'status', before: null, after: 'reserved' },
      { field: 'redirect', before: null, after: '302' },
      { field: 'owner', before: null, after: 'alice' },
      { field: 'group', before: null, after: 'library' },
      { field: 'erc.what', before: null, after: 'Notes' },
      { field: 'erc.who', before: null, after: 'Miller' },
      { field: '_profile', before: null, after: 'erc' },
    ]);
  });

  it('an update lists only what changed, removed elements too, before → after', () => {
    const after: Binding = {
      ...base,
      target: 'https://example.org/b',
      identifierStatus: 'unavailable',
      statusReason: 'withdrawn',
      erc: { who: ['Miller', 'Smith'] },
      metadata: { _profile: 'dc', 'dc.title': 'Notes' },
      version: 2,
      updatedAt: '2026-02-01T00:00:00.000Z',
    };
    expect(diffBindings(base, after)).toEqual([
      { field: 'target', before: 'https://example.org/a', after: 'https://example.org/b' },
      { field: 'status', before: 'reserved', after: 'unavailable' },
      { field: 'reason', before: null, after: 'withdrawn' },
      { field: 'erc.who', before: 'Miller', after: 'Miller ; Smith' },
      { field: '_profile', before: 'erc', after: 'dc' },
      { field: 'dc.title', before: null, after: 'Notes' },
      { field: 'erc.what', before: 'Notes', after: null },
    ]);
  });

  it('a delete shows as deleted', () => {
    const gone = { ...base, tombstoned: true, deletedAt: '2026-03-01T00:00:00.000Z', version: 2 };
    expect(diffBindings(base, gone)).toEqual([{ field: 'deleted', before: null, after: '2026-03-01T00:00:00.000Z' }]);
  });
});

it('historyView is newest first', () => {
  const entries: HistoryEntry[] = [
    { id: 1, key: base.key, at: base.createdAt, actor: 'alice', action: 'create', before: null, after: base },
    {
      id: 2,
      key: base.key,
      at: '2026-02-01T00:00:00.000Z',
      actor: 'bob',
      action: 'update',
      before: base,
      after: { ...base, target: 'https://example.org/c', version: 2 },
    },
  ];
  const view = historyView(entries);
  expect(view.map((v) => [v.id, v.actor, v.action, v.changes.length])).toEqual([
    [2, 'bob', 'update', 1],
    [1, 'alice', 'create', 8],
  ]);
});
