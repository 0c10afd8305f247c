import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareShoulder } from '../admin/index.ts';
import { allSchemes } from '../testing/helpers.ts';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// Issue 27, item 8: an identifier deleted through the admin API was "no such identifier" to EZID's view
// but "already exists" to EZID's create. Now both say it is not there to use: view "no such identifier",
// create "identifier was deleted and is never bound again".
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe.each(backends)('EZID and a deleted identifier on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let auth = '';
  beforeAll(async () => {
    t = await storeApp(backend, { baseUrl: 'https://resolver.example.org/' });
    const declared = await declareShoulder(t.store, allSchemes, 'source', {
      shoulder: 'ark:/99999/fk4',
      template: 'fk4.reedeedk',
      seed: '1',
    });
    if (!declared.ok) throw new Error(declared.error.message);
    const made = await t.store.createToken('tombtest', ['ark:/99999/fk4']);
    if (!made.ok) throw new Error(made.error.message);
    auth = basic('tombtest', made.value.token);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: string, path: string, body?: string) =>
    t.app.request(`/ezid${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'text/plain; charset=UTF-8' },
      body,
    });

  it('view says "no such identifier" and create says it was deleted, never "already exists"', async () => {
    const created = await send('PUT', '/id/ark:/99999/fk4gone', '_target: https://example.org/gone');
    expect([created.status, await created.text()]).toEqual([201, 'success: ark:/99999/fk4gone']);
    const deleted = await t.store.deleteBinding('ark:/99999/fk4gone', 'cli');
    expect(deleted.ok).toBe(true);

    const viewed = await send('GET', '/id/ark:/99999/fk4gone');
    expect([viewed.status, await viewed.text()]).toEqual([400, 'error: bad request - no such identifier']);
    const again = await send('PUT', '/id/ark:/99999/fk4gone', '_target: https://example.org/again');
    expect([again.status, await again.text()]).toEqual([
      400,
      'error: bad request - identifier was deleted and is never bound again',
    ]);
    // and it stays gone: 410 to the resolver
    expect((await t.app.request('/ark:/99999/fk4gone')).status).toBe(410);
  });
});
