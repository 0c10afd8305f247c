import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EzidGateway, ezidGateway } from '../testing/ezid.ts';
import { TEST_DATABASE_URL } from '../testing/store.ts';

// The API driven over a real socket by a small client written the way EZID's own command-line client
// (ezid.py / ezid3.py) works: urllib-style requests with Node's http module, HTTP Basic credentials given
// only when the server challenges with realm "EZID" (what urllib's HTTPBasicAuthHandler does), the session
// cookie kept after login, and its own ANVL encoding and decoding (nothing imported from the server).
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** ezid.py's escape: `%`, `:`, CR and LF in names and values as %XX. */
function anvlEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    out +=
      ch === '%' || ch === ':' || ch === '\r' || ch === '\n'
        ? `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
        : ch;
  }
  return out;
}

/** ezid.py's unescape: every %XX back to its character. */
function anvlUnescape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && i + 2 < s.length + 0 && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out += String.fromCharCode(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out += s[i];
  }
  return out;
}

function toAnvl(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${anvlEscape(k)}: ${anvlEscape(v)}`)
    .join('\n');
}

interface EzidResponse {
  readonly code: number;
  readonly status: string;
  readonly remainder: string;
  readonly metadata: Record<string, string>;
  readonly headers: Record<string, string | string[] | undefined>;
}

class EzidClient {
  cookie: string | null = null;
  constructor(
    readonly server: string,
    readonly credentials: { user: string; password: string } | null,
  ) {}

  #send(method: string, path: string, body: string | null, authorization: string | null): Promise<EzidResponse> {
    const url = new URL(`${this.server}/${path}`);
    const headers: Record<string, string> = { accept: 'text/plain' };
    if (body !== null) headers['content-type'] = 'text/plain; charset=UTF-8';
    if (authorization) headers['authorization'] = authorization;
    if (this.cookie) headers['cookie'] = this.cookie;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const [first = '', ...rest] = text.split('\n');
            const colon = first.indexOf(':');
            const metadata: Record<string, string> = {};
            for (const line of rest) {
              if (line === '') continue;
              const at = line.indexOf(':');
              metadata[anvlUnescape(line.slice(0, at)).trim()] = anvlUnescape(line.slice(at + 1)).trim();
            }
            resolve({
              code: res.statusCode ?? 0,
              status: first.slice(0, colon),
              remainder: anvlUnescape(first.slice(colon + 1)).trim(),
              metadata,
              headers: res.headers,
            });
          });
        },
      );
      req.on('error', reject);
      if (body !== null) req.write(Buffer.from(body, 'utf8'));
      req.end();
    });
  }

  /** Like urllib with HTTPBasicAuthHandler: credentials are sent when a 401 names the "EZID" realm. */
  async issue(method: string, path: string, metadata: Record<string, string> | null = null): Promise<EzidResponse> {
    const body = metadata === null ? null : toAnvl(metadata);
    const first = await this.#send(method, path, body, null);
    const challenge = String(first.headers['www-authenticate'] ?? '');
    if (first.code !== 401 || !this.credentials || challenge !== 'Basic realm="EZID"') return first;
    const { user, password } = this.credentials;
    return this.#send(method, path, body, `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
  }

  mint(shoulder: string, metadata: Record<string, string> = {}) {
    return this.issue('POST', `shoulder/${encodeURIComponent(shoulder)}`, metadata);
  }
  create(id: string, metadata: Record<string, string> = {}) {
    return this.issue('PUT', `id/${encodeURIComponent(id)}`, metadata);
  }
  view(id: string) {
    return this.issue('GET', `id/${encodeURIComponent(id)}`);
  }
  update(id: string, metadata: Record<string, string>) {
    return this.issue('POST', `id/${encodeURIComponent(id)}`, metadata);
  }
  delete(id: string) {
    return this.issue('DELETE', `id/${encodeURIComponent(id)}`);
  }
  async login() {
    const r = await this.issue('GET', 'login');
    const set = r.headers['set-cookie'];
    const cookie = Array.isArray(set) ? set[0] : set;
    if (cookie) this.cookie = cookie.split(';')[0] as string;
    return r;
  }
  async logout() {
    const r = await this.issue('GET', 'logout');
    this.cookie = null;
    return r;
  }
}

function get(port: number, path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(backends)('an ezid.py-style client over a real socket, on %s', (backend) => {
  let running: EzidGateway;
  let client: EzidClient;
  let anonymous: EzidClient;
  let server: string;

  beforeAll(async () => {
    running = await ezidGateway(backend);
    server = `http://127.0.0.1:${running.port}/ezid`;
    client = new EzidClient(server, { user: 'apitest', password: running.password });
    anonymous = new EzidClient(server, null);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('status, then "mint ark:/99999/fk4 erc.who \'Proust, Marcel\' erc.what … erc.when 1922", then view', async () => {
    const status = await anonymous.issue('GET', 'status');
    expect([status.code, status.status, status.remainder]).toEqual([200, 'success', 'EZID is up']);
    const minted = await client.mint('ark:/99999/fk4', {
      'erc.who': 'Proust, Marcel',
      'erc.what': 'Remembrance of Things Past',
      'erc.when': '1922',
    });
    expect(minted.code).toBe(201);
    expect(minted.status).toBe('success');
    expect(minted.remainder).toMatch(/^ark:\/99999\/fk4[0-9bcdfghjkmnpqrstvwxz]{7}$/);
    const view = await anonymous.view(minted.remainder);
    expect(view.code).toBe(200);
    expect(view.remainder).toBe(minted.remainder);
    expect(view.metadata).toMatchObject({
      _owner: 'apitest',
      _profile: 'erc',
      _status: 'public',
      _export: 'yes',
      'erc.what': 'Remembrance of Things Past',
      'erc.when': '1922',
      'erc.who': 'Proust, Marcel',
    });
    expect(view.metadata['_created']).toMatch(/^\d{10}$/);
    // the default target is the identifier's EZID URL
    expect(view.metadata['_target']).toBe(`http://127.0.0.1:${running.port}/ezid/id/${minted.remainder}`);
  });

  it('round-trips colons, percent signs and line breaks in names and values', async () => {
    const metadata = {
      _target: 'https://example.org/a?b=c:d',
      'dc.title': '50% off:\r\nsecond line',
      'dc.odd:name': 'x',
      'erc.who': 'Ünïcödé, Ⅻ',
    };
    const created = await client.create('ark:/99999/fk4rt', metadata);
    expect([created.code, created.remainder]).toEqual([201, 'ark:/99999/fk4rt']);
    const view = await client.view('ark:/99999/fk4rt');
    expect(view.metadata).toMatchObject(metadata);
    const resolved = await get(running.port, '/ark:/99999/fk4rt');
    expect(resolved).toEqual({ status: 302, location: 'https://example.org/a?b=c:d' });
  });

  it('reserved: the public gets 401 from the API and 404 from the resolver; update, unavailable, delete', async () => {
    const created = await client.create('ark:/99999/fk4res', { _status: 'reserved', _target: 'https://example.org/r' });
    expect(created.code).toBe(201);
    expect((await anonymous.view('ark:/99999/fk4res')).code).toBe(401);
    expect((await client.view('ark:/99999/fk4res')).metadata['_status']).toBe('reserved');
    expect((await get(running.port, '/ark:/99999/fk4res')).status).toBe(404);
    expect((await client.update('ark:/99999/fk4res', { _status: 'public' })).code).toBe(200);
    expect(await get(running.port, '/ark:/99999/fk4res')).toEqual({ status: 302, location: 'https://example.org/r' });
    expect((await client.update('ark:/99999/fk4res', { _status: 'unavailable | under review' })).code).toBe(200);
    expect((await get(running.port, '/ark:/99999/fk4res')).status).toBe(410);
    expect((await get(running.port, '/ark:/99999/fk4res/part')).status).toBe(410);
    const refused = await client.delete('ark:/99999/fk4res');
    expect([refused.code, refused.remainder]).toEqual([
      400,
      'bad request - identifier status does not support deletion',
    ]);
    expect((await client.create('ark:/99999/fk4gone', { _status: 'reserved' })).code).toBe(201);
    const deleted = await client.delete('ark:/99999/fk4gone');
    expect([deleted.code, deleted.status, deleted.remainder]).toEqual([200, 'success', 'ark:/99999/fk4gone']);
    expect((await client.view('ark:/99999/fk4gone')).remainder).toBe('bad request - no such identifier');
  });

  it('logs in, works with the session cookie alone, logs out', async () => {
    const login = await client.login();
    expect([login.code, login.remainder]).toEqual([200, 'session cookie returned']);
    expect(client.cookie).toMatch(/^sessionid=/);
    const cookieOnly = new EzidClient(server, null);
    cookieOnly.cookie = client.cookie;
    const minted = await cookieOnly.mint('ark:/99999/fk4', { _target: 'https://example.org/cookie' });
    expect(minted.code).toBe(201);
    const out = await cookieOnly.logout();
    expect([out.code, out.remainder]).toEqual([200, 'authentication credentials flushed']);
    cookieOnly.cookie = client.cookie;
    expect((await cookieOnly.mint('ark:/99999/fk4')).code).toBe(401);
  });

  it('never answers a 5xx to a malformed request', async () => {
    for (const body of ['no colon', '%', ':', '\u0000: \u0000', 'a: b\na: c', ' x', '\r\n\r\n']) {
      const r = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: running.port,
            path: '/ezid/id/ark:/99999/fk4bad',
            method: 'PUT',
            headers: {
              authorization: `Basic ${Buffer.from(`apitest:${client.credentials?.password}`).toString('base64')}`,
              'content-type': 'text/plain',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(r).toBeLessThan(500);
    }
  });
});
