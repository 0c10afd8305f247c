import type { Profile } from '@pidgate/core';
import { declareShoulder } from '../admin/index.ts';
import { createDeps } from '../deps.ts';
import { startServer } from '../server.ts';
import { allSchemes, testConfig } from './helpers.ts';
import { testStore } from './store.ts';

/** A running gateway for EZID clients: see `ezidGateway`. */
export interface EzidGateway {
  readonly port: number;
  /** The password (token) of user `apitest`, whose scope is the shoulder `ark:/99999/fk4`. */
  readonly password: string;
  close(): Promise<void>;
}

/**
 * A gateway on 127.0.0.1 with a store on `backend`, the EZID API at `basePath` (default `/ezid`), the
 * shoulder `ark:/99999/fk4` declared (template `fk4.reedeedk`, EZID's test shoulder) and a token for user
 * `apitest` scoped to it: what EZID's own clients need to run their tests against it.
 */
export async function ezidGateway(
  backend: 'sqlite' | 'postgres',
  { basePath = '/ezid', profile = 'source' }: { basePath?: string; profile?: Profile } = {},
): Promise<EzidGateway> {
  const opened = await testStore(backend);
  const config = testConfig({ port: 0, host: '127.0.0.1', store: { enabled: true }, ezid: { basePath }, profile });
  const deps = await createDeps(config, { registry: allSchemes, store: opened.store });
  const declared = await declareShoulder(opened.store, allSchemes, 'source', {
    shoulder: 'ark:/99999/fk4',
    template: 'fk4.reedeedk',
  });
  if (!declared.ok) throw new Error(declared.error.message);
  // EZID's test account: user apitest in group apitest (so `_ownergroup` is apitest, as EZID answers).
  const group = await opened.store.createGroup('apitest');
  if (!group.ok) throw new Error(group.error.message);
  const user = await opened.store.createUser({ username: 'apitest', groups: ['apitest'] });
  if (!user.ok) throw new Error(user.error.message);
  const token = await opened.store.createToken('apitest', ['ark:/99999/fk4'], { owner: 'apitest' });
  if (!token.ok) throw new Error(token.error.message);
  const running = await startServer({ config, deps });
  return {
    port: running.port,
    password: token.value.token,
    async close() {
      await running.close();
      await opened.close();
    },
  };
}
