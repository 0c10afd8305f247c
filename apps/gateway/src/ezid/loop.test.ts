import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareShoulder } from '../admin/index.ts';
import { allSchemes } from '../testing/helpers.ts';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// A `_target` that points back at the gateway as an identifier would resolve in a loop: every EZID operation
// that sets one (create, create-or-update, update, mint) refuses it as the admin API does (`pointsBack` in
// resolution/loop.ts, one check), answering as EZID answers a bad request. Real SQLite file and real PostgreSQL.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const SELF = 'https://resolver.example.org/';
const LOOP = 'error: bad request - _target: the target points back at this gateway, where it would resolve in a loop';

describe.each(backends)('EZID refuses a _target that loops back to the gateway, on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  beforeAll(async () => {
    t = await storeApp(backend, { baseUrl: SELF });
    const declared = await declareShoulder(t.store, allSchemes, 'source', {
      shoulder: 'ark:/13030/c7',
      template: 'c7.reedeedk',
      seed: '1',
    });
    if (!declared.ok) throw new Error(declared.error.message);
    const made = await t.store.createToken('looptest', ['ark:/99999/fk4', 'ark:/13030/c7']);
    if (!made.ok) throw new Error(made.error.message);
    token = made.value.token;
    const seeded = await t.store.putBinding(
      'ark:/99999/fk4abc',
      { target: 'https://repo.example.org/abc', owner: 'looptest' },
      'cli',
    );
    if (!seeded.ok) throw new Error(seeded.error.message);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    t.app.request(`/ezid${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=UTF-8', ...headers },
      body,
    });
  const view = async (id: string) => (await t.app.request(`/ezid/id/${id}`)).text();
  const answer = async (r: Response) => ({ status: r.status, body: await r.text() });

  it('create (PUT /id/…): a looping _target is 400 and nothing is bound; a fine one is 201', async () => {
    const loop = await send('PUT', '/id/ark:/99999/fk4loop', `_target: ${SELF}ark:/99999/fk4abc`);
    expect(loop.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(await answer(loop)).toEqual({ status: 400, body: LOOP });
    expect(await view('ark:/99999/fk4loop')).toBe('error: bad request - no such identifier');
    // Percent-encoded in the URL (`%25` is the ANVL escape of `%`): still the identifier, still a loop.
    const encoded = await send('PUT', '/id/ark:/99999/fk4loop', `_target: ${SELF}ark%253A%252F99999%252Ffk4abc`);
    expect(await answer(encoded)).toEqual({ status: 400, body: LOOP });
    // The host the request came with is the gateway too, whatever the base URL.
    const byHost = await send('PUT', '/id/ark:/99999/fk4loop', '_target: http://gw.test:8080/ark:/99999/fk4abc', {
      host: 'gw.test:8080',
    });
    expect(await answer(byHost)).toEqual({ status: 400, body: LOOP });

    // A page of the gateway that names no identifier, and another host, are fine targets.
    const page = await send('PUT', '/id/ark:/99999/fk4page', `_target: ${SELF}docs/api`);
    expect(await answer(page)).toEqual({ status: 201, body: 'success: ark:/99999/fk4page' });
    const fine = await send('PUT', '/id/ark:/99999/fk4fine', '_target: https://repo.example.org/ark:/99999/fk4abc');
    expect(await answer(fine)).toEqual({ status: 201, body: 'success: ark:/99999/fk4fine' });
    expect(await view('ark:/99999/fk4fine')).toContain('_target: https://repo.example.org/ark:/99999/fk4abc');
    // No _target: EZID's default, the identifier's EZID URL (no identifier path of the resolver), is kept.
    const none = await send('PUT', '/id/ark:/99999/fk4none', 'erc.who: Someone');
    expect(await answer(none)).toEqual({ status: 201, body: 'success: ark:/99999/fk4none' });
    expect(await view('ark:/99999/fk4none')).toContain(`_target: ${SELF}ezid/id/ark:/99999/fk4none`);
  });

  it('create or update (PUT …?update_if_exists=yes): a looping _target is 400 and the binding is unchanged', async () => {
    const loop = await send('PUT', '/id/ark:/99999/fk4abc?update_if_exists=yes', `_target: ${SELF}ark:/99999/fk4abc`);
    expect(await answer(loop)).toEqual({ status: 400, body: LOOP });
    expect(await view('ark:/99999/fk4abc')).toContain('_target: https://repo.example.org/abc');
    const fine = await send(
      'PUT',
      '/id/ark:/99999/fk4abc?update_if_exists=yes',
      '_target: https://repo.example.org/v2',
    );
    expect(await answer(fine)).toEqual({ status: 200, body: 'success: ark:/99999/fk4abc' });
    expect(await view('ark:/99999/fk4abc')).toContain('_target: https://repo.example.org/v2');
  });

  it('update (POST /id/…): a looping _target is 400 and the target is unchanged; a fine one is 200', async () => {
    const loop = await send('POST', '/id/ark:/99999/fk4fine', `_target: ${SELF}ark:/99999/fk4fine\nerc.who: Me`);
    expect(await answer(loop)).toEqual({ status: 400, body: LOOP });
    const kept = await view('ark:/99999/fk4fine');
    expect(kept).toContain('_target: https://repo.example.org/ark:/99999/fk4abc');
    expect(kept).not.toContain('erc.who: Me');
    // An update that does not set _target is not refused for it.
    const other = await send('POST', '/id/ark:/99999/fk4fine', 'erc.who: Me');
    expect(await answer(other)).toEqual({ status: 200, body: 'success: ark:/99999/fk4fine' });
    const fine = await send('POST', '/id/ark:/99999/fk4fine', '_target: https://repo.example.org/fine');
    expect(await answer(fine)).toEqual({ status: 200, body: 'success: ark:/99999/fk4fine' });
    expect(await view('ark:/99999/fk4fine')).toContain('_target: https://repo.example.org/fine');
  });

  it('mint (POST /shoulder/…): a _target that loops once the identifier is put in is 400; a fine one is 201', async () => {
    const loop = await send('POST', '/shoulder/ark:/13030/c7', `_target: ${SELF}\${identifier}`);
    expect(await answer(loop)).toEqual({ status: 400, body: LOOP });
    const direct = await send('POST', '/shoulder/ark:/13030/c7', `_target: ${SELF}ark:/99999/fk4abc`);
    expect(await answer(direct)).toEqual({ status: 400, body: LOOP });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: EZID's placeholder, literally.
    const fine = await send('POST', '/shoulder/ark:/13030/c7', '_target: https://repo.example.org/${identifier}');
    const got = await answer(fine);
    expect(got.status).toBe(201);
    expect(got.body).toMatch(/^success: ark:\/13030\/c7[0-9bcdfghjkmnpqrstvwxz]{7}$/);
    const id = got.body.slice('success: '.length);
    expect(await view(id)).toContain(`_target: https://repo.example.org/${id}`);
  });

  it('answers as the admin API does: the same targets are refused by both', async () => {
    const admin = await t.token(['ark:/99999']);
    const targets: [string, boolean][] = [
      [`${SELF}ark:/99999/fk4abc`, true],
      [`${SELF}ark%3A%2F99999%2Ffk4abc`, true],
      ['HTTPS://Resolver.Example.org/ark:/99999/fk4abc?info', true],
      [`${SELF}docs/api`, false],
      ['https://elsewhere.example.org/ark:/99999/fk4abc', false],
    ];
    for (const [i, [target, loops]] of targets.entries()) {
      const api = await t.app.request(`/api/v1/bindings/ark:/99999/fk4api${i}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ target }),
      });
      const ezid = await send('PUT', `/id/ark:/99999/fk4ezid${i}`, `_target: ${target.replaceAll('%', '%25')}`);
      const apiLoop = api.status === 400 && ((await api.json()) as { code: string }).code === 'target-loop';
      const ezidLoop = ezid.status === 400 && (await ezid.text()) === LOOP;
      expect({ target, apiLoop, ezidLoop }).toEqual({ target, apiLoop: loops, ezidLoop: loops });
      if (!loops) expect(ezid.status).toBe(201);
    }
  });
});
