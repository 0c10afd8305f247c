import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { TEST_DATABASE_URL, testStore } from '../testing/store.ts';

// Storage keys independent of the profile, over a real socket, on SQLite and PostgreSQL: bind with one
// profile, switch the gateway to the other on the same database, and every spelling still resolves.

const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let out = '';
      res.on('data', (d) => {
        out += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: out }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(backends)('one storage key whatever the profile, on %s', (backend) => {
  it('binds in source, resolves in modern (and back), ark:/ and ark: alike', async () => {
    const opened = await testStore(backend);
    try {
      const made = await opened.store.createToken('t', ['ark:/99999']);
      if (!made.ok) throw new Error(made.error.message);
      const auth = { authorization: `Bearer ${made.value.token}`, 'content-type': 'application/json' };
      const serve = async (profile: 'source' | 'modern') => {
        const config = testConfig({ port: 0, host: '127.0.0.1', profile });
        return startServer({ config, deps: await createDeps(config, { registry: allSchemes, store: opened.store }) });
      };
      const source = await serve('source');
      try {
        const put = await send(
          source.port,
          'PUT',
          '/api/v1/bindings/ark:/99999/fk4-abc',
          auth,
          JSON.stringify({ target: 'https://repo.example.org/abc' }),
        );
        expect(put.status).toBe(201);
        expect(JSON.parse(put.body).identifier).toBe('ark:/99999/fk4abc');
        const escaped = await send(
          source.port,
          'PUT',
          '/api/v1/bindings/ark:99999/fk4e%2Fx',
          auth,
          JSON.stringify({ target: 'https://repo.example.org/e' }),
        );
        expect(JSON.parse(escaped.body).identifier).toBe('ark:/99999/fk4e%2fx');
      } finally {
        await source.close();
      }
      const modern = await serve('modern');
      try {
        for (const path of ['/ark:99999/fk4abc', '/ark:/99999/fk4abc', '/ark:99999/fk4-abc']) {
          expect((await send(modern.port, 'GET', path)).location).toBe('https://repo.example.org/abc');
        }
        expect((await send(modern.port, 'GET', '/ark:99999/fk4e%2Fx')).location).toBe('https://repo.example.org/e');
        expect((await send(modern.port, 'GET', '/ark:99999/fk4abc/s3.pdf')).location).toBe(
          'https://repo.example.org/abc/s3.pdf',
        );
        // A binding made in modern is found in source too, under the same key.
        const put = await send(
          modern.port,
          'PUT',
          '/api/v1/bindings/ark:99999/fk4new',
          auth,
          JSON.stringify({ target: 'https://repo.example.org/new' }),
        );
        expect(JSON.parse(put.body).identifier).toBe('ark:/99999/fk4new');
        // The same identifier in the other spelling is an update of that one binding, not a second one.
        const again = await send(
          modern.port,
          'PUT',
          '/api/v1/bindings/ark:/99999/fk4new',
          auth,
          JSON.stringify({ target: 'https://repo.example.org/new2' }),
        );
        expect(JSON.parse(again.body).action).toBe('updated');
      } finally {
        await modern.close();
      }
      const back = await serve('source');
      try {
        expect((await send(back.port, 'GET', '/ark:/99999/fk4new')).location).toBe('https://repo.example.org/new2');
        expect((await send(back.port, 'GET', '/ark:/99999/fk4e%2fx')).location).toBe('https://repo.example.org/e');
      } finally {
        await back.close();
      }
    } finally {
      await opened.close();
    }
  });
});
