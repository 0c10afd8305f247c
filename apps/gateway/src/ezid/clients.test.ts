import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EzidGateway, ezidGateway } from '../testing/ezid.ts';
import { TEST_DATABASE_URL } from '../testing/store.ts';

// The requests of the real software that talks to EZID, replayed over a real socket as each client writes
// them (headers, paths, bodies, its own ANVL encoding), and each answer read the way that client reads it.
// Every client's code is quoted in a comment; nothing here is imported from the server.
//
// - ezid-client (duke-libraries/ezid-client, the Ruby gem Samvera applications use): Net::HTTP with
//   preemptive Basic auth, `Content-Type: text/plain; charset=UTF-8` and `Accept: text/plain` on every
//   request, paths built from the host's root (`/id/#{identifier}`, `/shoulder/#{shoulder}`), so the
//   gateway serves the API at the root (`ezid.basePath: ""`).
// - DSpace's EZIDRequest / EZIDResponse (org.dspace.identifier.ezid): Apache HttpClient, credentials only
//   after a `Basic` challenge, `StringEntity(…, "UTF-8")` bodies, no Accept header.
// - EZID's own command-line client (CDLUC3/ezid tools/client.py, formerly ezid.py / ezid3.py): urllib with
//   HTTPBasicAuthHandler for realm "EZID".
// - ezid.js (ucsblibrary/ezid.js), a Perl EZID module's t/EZID.t, a Python `ApiSession` client, Open
//   Context's EZID class, and curl as EZID's API guide uses it.
// Expected values come from the clients' own tests and code (quoted), or from EZID's API guide and its
// server code (CDLUC3/ezid impl/api.py, impl/ezid.py) where a client leaves the answer to EZID.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request with exactly the headers given (Node adds Host and, for a body, Content-Length). */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | null = null,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    if (body !== null) req.write(Buffer.from(body, 'utf8'));
    req.end();
  });
}

const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

// ---------------------------------------------------------------------------------------------------------
// ezid-client (Ruby), lib/ezid/metadata.rb, lib/ezid/requests/request.rb, lib/ezid/responses/response.rb.

/** `ESCAPE_NAMES_RE = /[%:\r\n]/`, `ESCAPE_VALUES_RE = /[%\r\n]/`, each match `URI.encode_www_form_component`. */
function rubyEscape(s: string, names: boolean): string {
  let out = '';
  for (const ch of s) {
    const special = ch === '%' || ch === '\r' || ch === '\n' || (names && ch === ':');
    out += special ? `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : ch;
  }
  return out;
}

/** `Metadata#to_anvl(false)`: READONLY elements left out, `name: value` lines joined with "\n". */
const READONLY = ['_created', '_datacenter', '_owner', '_ownergroup', '_shadowedby', '_shadows', '_updated'];
function rubyToAnvl(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .filter(([k]) => !READONLY.includes(k))
    .map(([k, v]) => `${rubyEscape(k, true)}: ${rubyEscape(v, false)}`)
    .join('\n');
}

/**
 * `Metadata#coerce_string`: comments (`/^#.*(\r?\n)?/`) and continuations (`/\r?\n\s+/` → " ") removed,
 * then each line `split(": ", 2)`, name and value stripped, `%\h\h` unescaped. A line without ": " would
 * make `value.strip` raise in Ruby (NoMethodError on nil): this throws too.
 */
function rubyCoerce(data: string): Record<string, string> {
  const text = data.replace(/^#.*(\r?\n)?/gm, '').replace(/\r?\n\s+/g, ' ');
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    const at = line.indexOf(': ');
    if (at === -1) throw new Error(`ezid-client cannot read the metadata line ${JSON.stringify(line)}`);
    // `value.gsub(UNESCAPE_RE) { |m| URI.decode_www_form_component(m) }`, one %XX at a time.
    const rubyUnescape = (s: string) =>
      s.replace(/%[0-9A-Fa-f]{2}/g, (m) => String.fromCharCode(Number.parseInt(m.slice(1), 16)));
    out[rubyUnescape(line.slice(0, at).trim())] = rubyUnescape(line.slice(at + 2).trim());
  }
  return out;
}

interface RubyResponse {
  readonly http: Raw;
  readonly outcome: string;
  readonly message: string;
  readonly content: [string, string | undefined];
  /** IdentifierResponse#id: `IDENTIFIER_RE = /^(doi|ark|urn):[^\s]+/` matched on the message. */
  readonly id: string | null;
}

/**
 * Response#initialize: `http_response.value` (raises on a status that is not 2xx), then the status line must
 * match `/^(success|error): /` (else UnexpectedResponseError); `content = body.split(/\r?\n/, 2)`,
 * `status = status_line.split(/: /)`, outcome its first part, message its last.
 */
function rubyResponse(http: Raw): RubyResponse {
  const nl = http.body.search(/\r?\n/);
  const content: [string, string | undefined] =
    nl === -1 ? [http.body, undefined] : [http.body.slice(0, nl), http.body.slice(nl).replace(/^\r?\n/, '')];
  const status = content[0].split(/: /);
  const message = status[status.length - 1] as string;
  return {
    http,
    outcome: status[0] as string,
    message,
    content,
    id: /^(doi|ark|urn):[^\s]+/.exec(message)?.[0] ?? null,
  };
}

class RubyEzidClient {
  cookie: string | null = null;
  constructor(
    readonly port: number,
    readonly user: string,
    readonly password: string,
  ) {}

  /** Request#get_response_for_request: Accept, the session cookie or basic_auth, the body when there is metadata. */
  async execute(method: string, path: string, metadata: Record<string, string> | string | null = null) {
    const headers: Record<string, string> = {
      // `set_content_type("text/plain", charset: "UTF-8")` in Request#initialize, for every method.
      'content-type': 'text/plain; charset=UTF-8',
      accept: 'text/plain',
    };
    if (this.cookie) headers['cookie'] = this.cookie;
    else headers['authorization'] = basicAuth(this.user, this.password);
    const body =
      metadata === null ? null : typeof metadata === 'string' ? rubyToAnvl(rubyCoerce(metadata)) : rubyToAnvl(metadata);
    const http = await send(this.port, method, path, headers, body === '' ? null : body);
    const r = rubyResponse(http);
    if (http.status < 200 || http.status > 299) throw new Error(`Net::HTTPClientException ${http.status} ${http.body}`);
    if (!/^(success|error): /.test(r.content[0])) throw new Error(`UnexpectedResponseError ${http.body}`);
    // Client#handle_response: `raise response.exception if response.exception`.
    if (r.outcome === 'error') throw new Error(`Ezid::Error ${r.message}`);
    return r;
  }

  mintIdentifier(shoulder: string, metadata: Record<string, string> | string | null = null) {
    return this.execute('POST', `/shoulder/${shoulder}`, metadata);
  }
  createIdentifier(id: string, metadata: Record<string, string> | null = null) {
    return this.execute('PUT', `/id/${id}`, metadata);
  }
  modifyIdentifier(id: string, metadata: Record<string, string>) {
    return this.execute('POST', `/id/${id}`, metadata);
  }
  async getIdentifierMetadata(id: string) {
    const r = await this.execute('GET', `/id/${id}`);
    return { ...r, metadata: rubyCoerce(r.content[1] ?? '') };
  }
  deleteIdentifier(id: string) {
    return this.execute('DELETE', `/id/${id}`);
  }
  /** ServerStatusRequest: `query = "subsystems=#{subsystems.join(',')}"`, no authentication. */
  async serverStatus(...subsystems: string[]) {
    const http = await send(this.port, 'GET', `/status?subsystems=${subsystems.join(',')}`, {
      'content-type': 'text/plain; charset=UTF-8',
      accept: 'text/plain',
    });
    const r = rubyResponse(http);
    const found: Record<string, string> = {};
    for (const line of (r.content[1] ?? '').split(/\r?\n/)) {
      if (line === '') continue;
      const at = line.indexOf(': ');
      found[line.slice(0, at)] = line.slice(at + 2);
    }
    return { ...r, subsystems: found };
  }
  /** LoginResponse#cookie: `self["Set-Cookie"].split(";").first`. */
  async login() {
    const r = await this.execute('GET', '/login');
    const set = r.http.headers['set-cookie'];
    this.cookie = ((Array.isArray(set) ? set.join(', ') : (set ?? '')).split(';')[0] as string) || null;
    return r;
  }
  async logout() {
    const r = await this.execute('GET', '/logout');
    this.cookie = null;
    return r;
  }
}

describe.each(backends)('ezid-client (Ruby gem) against the API at the root, on %s', (backend) => {
  let g: EzidGateway;
  let client: RubyEzidClient;
  beforeAll(async () => {
    g = await ezidGateway(backend, { basePath: '' });
    client = new RubyEzidClient(g.port, 'apitest', g.password);
  });
  afterAll(async () => {
    await g?.close();
  });

  it('spec/integration/client_spec.rb "should mint and modify", without a session', async () => {
    // minted = client.mint_identifier(TEST_ARK_SHOULDER, "_status: reserved")
    const minted = await client.mintIdentifier('ark:/99999/fk4', '_status: reserved');
    expect(minted.http.status).toBe(201);
    expect(minted.outcome).toBe('success');
    expect(minted.id).toMatch(/^ark:\/99999\/fk4[0-9bcdfghjkmnpqrstvwxz]{7}$/);
    const id = minted.id as string;
    // modified = client.modify_identifier(@id, "dc.title" => "Test")
    const modified = await client.modifyIdentifier(id, { 'dc.title': 'Test' });
    expect(modified.outcome).toBe('success');
    // retrieved = client.get_identifier_metadata(@id); expect(retrieved.metadata).to match(/dc.title: Test/)
    const retrieved = await client.getIdentifierMetadata(id);
    expect(retrieved.content[1]).toMatch(/dc.title: Test/);
    // deleted = client.delete_identifier(@id); expect { client.get_identifier_metadata(@id) }.to raise_error
    expect((await client.deleteIdentifier(id)).outcome).toBe('success');
    await expect(client.getIdentifierMetadata(id)).rejects.toThrow(/no such identifier/);
  });

  it('"should mint and modify", with a session (Client.new do |client| … end: login, then the cookie)', async () => {
    const session = new RubyEzidClient(g.port, 'apitest', g.password);
    const login = await session.login();
    expect(login.message).toBe('session cookie returned');
    expect(session.cookie).toMatch(/^sessionid=[A-Za-z0-9_-]+$/);
    const minted = await session.mintIdentifier('ark:/99999/fk4', '_status: reserved');
    const id = minted.id as string;
    expect((await session.modifyIdentifier(id, { 'dc.title': 'Test' })).outcome).toBe('success');
    expect((await session.getIdentifierMetadata(id)).metadata['dc.title']).toBe('Test');
    expect((await session.deleteIdentifier(id)).outcome).toBe('success');
    expect((await session.logout()).message).toBe('authentication credentials flushed');
  });

  it('spec/integration/identifier_spec.rb: create with an id "#{minted}/123"; retrieve the target', async () => {
    // described_class.create(shoulder: TEST_ARK_SHOULDER, target: "http://example.com")
    const minted = await client.mintIdentifier('ark:/99999/fk4', { _target: 'http://example.com' });
    const id = minted.id as string;
    // described_class.create(id: "#{minted}/123") → expect(subject.id).to eq("#{minted}/123")
    const created = await client.createIdentifier(`${id}/123`);
    expect(created.http.status).toBe(201);
    expect(created.id).toBe(`${id}/123`);
    // described_class.find(minted.id) → expect(subject.target).to eq("http://example.com")
    const found = await client.getIdentifierMetadata(id);
    expect(found.id).toBe(id);
    expect(found.metadata['_target']).toBe('http://example.com');
  });

  it('identifier_spec.rb "update": find, set the target, save (modify sends back every element it read)', async () => {
    const minted = await client.mintIdentifier('ark:/99999/fk4', {
      _target: 'http://google.com',
      'erc.who': 'Proust, Marcel',
      'dc.title': '50% off: the sequel',
    });
    const id = minted.id as string;
    // Identifier#persist → modify: `client.modify_identifier(id, metadata)`, the metadata as read by
    // refresh_metadata (everything but READONLY goes back: _target, _profile, _status, _export, erc.*, dc.*).
    const read = await client.getIdentifierMetadata(id);
    const saved = await client.modifyIdentifier(id, { ...read.metadata, _target: 'http://example.com' });
    expect(saved.outcome).toBe('success');
    const after = await client.getIdentifierMetadata(id);
    expect(after.metadata).toMatchObject({
      _target: 'http://example.com',
      _status: 'public',
      'erc.who': 'Proust, Marcel',
      'dc.title': '50% off: the sequel',
    });
    // unavailable!("withdrawn") then save: `value += " | #{reason}"`; public! again.
    await client.modifyIdentifier(id, { ...after.metadata, _status: 'unavailable | withdrawn' });
    const gone = await client.getIdentifierMetadata(id);
    expect(gone.metadata['_status']).toBe('unavailable | withdrawn');
    // Identifier#unavailable?: `status =~ /^unavailable/`
    expect(gone.metadata['_status']).toMatch(/^unavailable/);
    await client.modifyIdentifier(id, { ...gone.metadata, _status: 'public' });
    expect((await client.getIdentifierMetadata(id)).metadata['_status']).toBe('public');
  });

  it('identifier_spec.rb "delete": create(shoulder:, status: "reserved"), delete, find raises', async () => {
    const minted = await client.mintIdentifier('ark:/99999/fk4', { _status: 'reserved' });
    const id = minted.id as string;
    expect((await client.getIdentifierMetadata(id)).metadata['_status']).toBe('reserved');
    await client.deleteIdentifier(id);
    // Response#error_class: `when /no such identifier/ then IdentifierNotFoundError`
    await expect(client.getIdentifierMetadata(id)).rejects.toThrow(/no such identifier/);
  });

  it('server_status: "subsystems=" (no argument) and "subsystems=*" are "success: EZID is up"', async () => {
    const none = await client.serverStatus();
    expect([none.http.status, none.outcome, none.message]).toEqual([200, 'success', 'EZID is up']);
    const all = await client.serverStatus('*');
    expect([all.http.status, all.outcome, all.message]).toEqual([200, 'success', 'EZID is up']);
  });
});

describe.each(backends)('ezid-client: server_status as spec/unit/client_spec.rb reads it, on %s', (backend) => {
  let g: EzidGateway;
  beforeAll(async () => {
    g = await ezidGateway(backend, { basePath: '' });
  });
  afterAll(async () => {
    await g?.close();
  });

  it('batch_download(format: "anvl"): POST /download_request answers the URL the file will appear at', async () => {
    // BatchDownloadRequest: `self.path = "/download_request"`, `set_form_data(params)`; BatchDownloadResponse
    // `download_url` is the message. The whole exchange is in batch/ezid-routes.test.ts.
    const r = await send(
      g.port,
      'POST',
      '/download_request',
      { authorization: basicAuth('apitest', g.password), 'content-type': 'application/x-www-form-urlencoded' },
      'format=anvl&convertTimestamps=yes',
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatch(new RegExp(`^success: http://127\\.0\\.0\\.1:${g.port}/download/[0-9a-f]{32}\\.txt\\.gz$`));
  });

  it('server_status("noid", "ldap", "datacite"): ServerStatusResponse::SUBSYSTEMS = %w( noid ldap datacite )', async () => {
    const client = new RubyEzidClient(g.port, 'apitest', g.password);
    const r = await client.serverStatus('noid', 'ldap', 'datacite');
    // expect(subject).to be_up; expect(subject.message).to eq("EZID is up"); expect(subject.noid).to eq("up")
    expect([r.http.status, r.outcome, r.message]).toEqual([200, 'success', 'EZID is up']);
    expect(r.subsystems['noid']).toBe('up');
    expect(r.subsystems['ldap']).toBe('up');
    // No DataCite registration here (docs/ezid.md): said so, rather than an error that would raise.
    expect(r.subsystems['datacite']).toBe('not applicable');
  });
});

// ---------------------------------------------------------------------------------------------------------
// DSpace, org.dspace.identifier.ezid.EZIDRequest / EZIDResponse (dspace-api).

/** EZIDRequest#escape: `s.replace("%", "%25").replace("\n", "%0A").replace("\r", "%0D").replace(":", "%3A")`. */
const javaEscape = (s: string) =>
  s.replaceAll('%', '%25').replaceAll('\n', '%0A').replaceAll('\r', '%0D').replaceAll(':', '%3A');

/** EZIDRequest#formatMetadata: `escape(key) + ": " + escape(value) + '\n'` for each entry. */
const javaFormat = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${javaEscape(k)}: ${javaEscape(v)}\n`)
    .join('');

/** java.net.URLDecoder.decode(s, "UTF-8"): `+` is a space, `%XX` runs are UTF-8. */
const urlDecoder = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));

interface DspaceResponse {
  readonly httpStatus: number;
  readonly status: string;
  readonly statusValue: string | null;
  readonly attributes: Record<string, string | null>;
}

/**
 * EZIDResponse's constructor: `body.split("[\\n\\r]")`; the first line `split(":", 2)`, trimmed, is the
 * status and its value; every other line `split(":", 2)`, each part `URLDecoder.decode(…).trim()`.
 */
function dspaceResponse(http: Raw): DspaceResponse {
  const lines = http.body.split(/[\n\r]/);
  const first = lines[0] as string;
  const colon = first.indexOf(':');
  const attributes: Record<string, string | null> = {};
  for (const line of lines.slice(1)) {
    const at = line.indexOf(':');
    if (at === -1) attributes[urlDecoder(line).trim()] = null;
    else attributes[urlDecoder(line.slice(0, at)).trim()] = urlDecoder(line.slice(at + 1)).trim();
  }
  return {
    httpStatus: http.status,
    status: (colon === -1 ? first : first.slice(0, colon)).trim(),
    statusValue: colon === -1 ? null : first.slice(colon + 1).trim(),
    attributes,
  };
}

/**
 * Apache HttpClient as EZIDRequest configures it: credentials in a BasicCredentialsProvider for the host,
 * so each request goes out without them and is sent again with them after a `Basic` challenge; a
 * `StringEntity(…, "UTF-8")` body is `Content-Type: text/plain; charset=UTF-8`; no Accept header.
 */
class DspaceEzidRequest {
  constructor(
    readonly port: number,
    readonly path: string,
    readonly authority: string,
    readonly user: string,
    readonly password: string,
  ) {}

  async #execute(method: string, uriPath: string, metadata: Record<string, string> | null): Promise<DspaceResponse> {
    const headers: Record<string, string> = { 'user-agent': 'Apache-HttpClient/4.5.14 (Java/17)' };
    if (metadata !== null) headers['content-type'] = 'text/plain; charset=UTF-8';
    const body = metadata === null ? null : javaFormat(metadata);
    let http = await send(this.port, method, uriPath, headers, body);
    if (http.status === 401 && String(http.headers['www-authenticate'] ?? '').startsWith('Basic ')) {
      http = await send(
        this.port,
        method,
        uriPath,
        { ...headers, authorization: basicAuth(this.user, this.password) },
        body,
      );
    }
    return dspaceResponse(http);
  }

  /** `new URI(scheme, host, path + ID_PATH + name, null)` with ID_PATH = "/id/". */
  lookup(name: string) {
    return this.#execute('GET', `${this.path}/id/${name}`, null);
  }
  create(name: string, metadata: Record<string, string>) {
    return this.#execute('PUT', `${this.path}/id/${name}`, metadata);
  }
  /** `path + SHOULDER_PATH + authority`, SHOULDER_PATH = "/shoulder/" + DOI.SCHEME ("doi:"). */
  mint(metadata: Record<string, string>) {
    return this.#execute('POST', `${this.path}/shoulder/doi:${this.authority}`, metadata);
  }
  modify(name: string, metadata: Record<string, string>) {
    return this.#execute('POST', `${this.path}/id/${name}`, metadata);
  }
  delete(name: string) {
    return this.#execute('DELETE', `${this.path}/id/${name}`, null);
  }
  /** `metadata.put(MD_KEY_STATUS, "unavailable | " + escape(reason))`, then modify (escaped once more). */
  withdraw(name: string, reason: string) {
    return this.modify(name, { _status: `unavailable | ${javaEscape(reason)}` });
  }
}

describe.each(backends)('DSpace\'s EZIDRequest against the API under /ezid (EZID_PATH "/ezid"), on %s', (backend) => {
  let g: EzidGateway;
  beforeAll(async () => {
    g = await ezidGateway(backend);
  });
  afterAll(async () => {
    await g?.close();
  });

  it('EZIDIdentifierProvider#mint posts to /shoulder/doi:{shoulder}: DOIs only, so a clean 400 here', async () => {
    // identifier.doi.ezid.shoulder = 10.5072/FK2 (the provider's documented example)
    const doi = await new DspaceEzidRequest(g.port, '/ezid', '10.5072/FK2', 'apitest', g.password).mint({
      'datacite.title': 'A thesis',
    });
    // EZIDIdentifierProvider: `if (HttpURLConnection.HTTP_CREATED != response.getHttpStatusCode())` → not created
    expect([doi.httpStatus, doi.status, doi.statusValue]).toEqual([400, 'error', 'bad request - no such shoulder']);
    // An ARK shoulder configured there becomes "doi:ark:/99999/fk4": no shoulder either.
    const ark = await new DspaceEzidRequest(g.port, '/ezid', 'ark:/99999/fk4', 'apitest', g.password).mint({});
    expect([ark.httpStatus, ark.status]).toEqual([400, 'error']);
  });

  it('EZIDIdentifierProvider#reserve: create(doi, {…, "_status": "reserved"}) is a bad request (no DOIs here)', async () => {
    const req = new DspaceEzidRequest(g.port, '/ezid', '10.5072/FK2', 'apitest', g.password);
    const r = await req.create('doi:10.5072/FK2TEST', { 'datacite.title': 'A thesis', _status: 'reserved' });
    expect([r.httpStatus, r.status, r.statusValue]).toEqual([400, 'error', 'bad request - invalid identifier']);
  });

  it('EZIDRequest create / lookup / modify / withdraw / delete with ARK names, as the class sends them', async () => {
    const req = new DspaceEzidRequest(g.port, '/ezid', 'ark:/99999/fk4', 'apitest', g.password);
    const created = await req.create('ark:/99999/fk4dspace1', {
      _target: 'https://repository.example.edu/handle/123456789/42',
      'datacite.title': 'Ratio: 50% of 2',
      'datacite.publicationyear': '2024',
    });
    expect([created.httpStatus, created.status, created.statusValue]).toEqual([
      201,
      'success',
      'ark:/99999/fk4dspace1',
    ]);
    const found = await req.lookup('ark:/99999/fk4dspace1');
    expect(found.status).toBe('success');
    expect(found.attributes['_target']).toBe('https://repository.example.edu/handle/123456789/42');
    expect(found.attributes['datacite.title']).toBe('Ratio: 50% of 2');
    expect(found.attributes['_status']).toBe('public');
    const modified = await req.modify('ark:/99999/fk4dspace1', { 'datacite.publicationyear': '2025' });
    expect([modified.httpStatus, modified.status]).toEqual([200, 'success']);
    const withdrawn = await req.withdraw('ark:/99999/fk4dspace1', 'withdrawn: duplicate');
    expect([withdrawn.httpStatus, withdrawn.status]).toEqual([200, 'success']);
    // withdraw escapes the reason, then formatMetadata escapes the whole value again ("withdrawn%253A"
    // on the wire). EZID's guide decodes a value once, so "withdrawn%3A duplicate" is what EZID keeps too:
    // the difference is DSpace's (docs/ezid.md, "Differences from the clients").
    expect((await req.lookup('ark:/99999/fk4dspace1')).attributes['_status']).toBe(
      'unavailable | withdrawn%3A duplicate',
    );
    // "Destroy a reserved identifier. Fails if ID was ever public."
    const refused = await req.delete('ark:/99999/fk4dspace1');
    expect([refused.httpStatus, refused.status, refused.statusValue]).toEqual([
      400,
      'error',
      'bad request - identifier status does not support deletion',
    ]);
    expect((await req.create('ark:/99999/fk4dspace2', { _status: 'reserved' })).httpStatus).toBe(201);
    // lookup of a reserved identifier: the first GET has no credentials, the challenge brings them.
    expect((await req.lookup('ark:/99999/fk4dspace2')).attributes['_status']).toBe('reserved');
    const deleted = await req.delete('ark:/99999/fk4dspace2');
    expect([deleted.httpStatus, deleted.status, deleted.statusValue]).toEqual([
      200,
      'success',
      'ark:/99999/fk4dspace2',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// EZID's command-line client, CDLUC3/ezid tools/client.py (the successor of ezid.py / ezid3.py).

/** `encode(id_str)`: `urllib.parse.quote(id_str, ":/")`. */
const pyQuote = (s: string) =>
  encodeURIComponent(s)
    .replaceAll('%3A', ':')
    .replaceAll('%2F', '/')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** formatAnvlRequest: names `re.sub("[%:\r\n]", …)`, values `re.sub("[%\r\n]", …)`, joined with "\n". */
function pyFormat(args: string[]): string {
  const lines: string[] = [];
  const hex = (m: string) => `%${m.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  for (let i = 0; i < args.length; i += 2) {
    const k = args[i] as string;
    const v = args[i + 1] as string;
    // "if an element is "@", the subsequent value is treated as a filename": the file's lines, stripped
    // of "\r\n", as they are (comments and continuation lines included).
    if (k === '@') lines.push(...v.split('\n').map((l) => l.replace(/[\r\n]+$/, '')));
    else lines.push(`${k.replace(/[%:\r\n]/g, hex)}: ${v.replace(/[%\r\n]/g, hex)}`);
  }
  return lines.join('\n');
}

describe.each(backends)("EZID's tools/client.py (ezid.py) against the API under /ezid, on %s", (backend) => {
  let g: EzidGateway;
  let server: string;
  /** issueRequest: `urllib.request.Request("%s/%s" % (_server, path))`, Basic after the "EZID" challenge. */
  const issue = async (path: string, method: string, data: string | null = null, cookie: string | null = null) => {
    const headers: Record<string, string> = {};
    if (data) headers['content-type'] = 'text/plain; charset=UTF-8';
    if (cookie) headers['cookie'] = cookie;
    const url = new URL(`${server}/${path}`);
    const target = url.pathname + url.search;
    const first = await send(g.port, method, target, headers, data || null);
    if (first.status !== 401 || cookie || first.headers['www-authenticate'] !== 'Basic realm="EZID"') return first;
    return send(g.port, method, target, { ...headers, authorization: basicAuth('apitest', g.password) }, data || null);
  };
  beforeAll(async () => {
    g = await ezidGateway(backend);
    server = `http://127.0.0.1:${g.port}/ezid`;
  });
  afterAll(async () => {
    await g?.close();
  });

  it('"status", "status detailed *" (status?detailed=yes&subsystems=%2A) and "Version"', async () => {
    // `issueRequest("status?" + urllib.parse.urlencode(d), "GET")`
    const plain = await issue('status?', 'GET');
    expect([plain.status, plain.body]).toEqual([200, 'success: EZID is up']);
    const detailed = await issue(`status?${new URLSearchParams({ detailed: 'yes', subsystems: '*' })}`, 'GET');
    expect(detailed.status).toBe(200);
    expect(detailed.body.split('\n')[0]).toBe('success: EZID is up');
    expect(detailed.body).toContain('\nbinder: up\n');
    // "V[ersion]": `issueRequest("version", "GET")` printed as it comes; EZID's getVersion answers the
    // version string alone (text/plain, no status line).
    const version = await issue('version', 'GET');
    expect(version.status).toBe(200);
    expect(version.headers['content-type']).toBe('text/plain; charset=UTF-8');
    expect(version.body).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('"login": sessionid from `headers["set-cookie"].split(";")[0].split("=")[1]`, then credentials "sessionid=…"', async () => {
    const login = await issue('login', 'GET');
    expect([login.status, login.body]).toEqual([200, 'success: session cookie returned']);
    const setCookie = String(login.headers['set-cookie']);
    const sessionid = (setCookie.split(';')[0] as string).split('=')[1] as string;
    // `if args[1].startswith("sessionid="): _cookie = args[1]`
    const minted = await issue(`shoulder/${pyQuote('ark:/99999/fk4')}`, 'POST', null, `sessionid=${sessionid}`);
    expect(minted.status).toBe(201);
    expect(minted.body).toMatch(/^success: ark:\/99999\/fk4\w+$/);
    const logout = await issue('logout', 'GET', null, `sessionid=${sessionid}`);
    expect([logout.status, logout.body]).toEqual([200, 'success: authentication credentials flushed']);
  });

  it('"create!" (?update_if_exists=yes), "view!" (?prefix_match=yes), "-l update" and "update" with no elements', async () => {
    const id = 'ark:/99999/fk4cli';
    const first = await issue(
      `id/${pyQuote(id)}?update_if_exists=yes`,
      'PUT',
      pyFormat(['_target', 'http://example.org/1']),
    );
    expect([first.status, first.body]).toEqual([201, `success: ${id}`]);
    const again = await issue(
      `id/${pyQuote(id)}?update_if_exists=yes`,
      'PUT',
      pyFormat(['_target', 'http://example.org/2']),
    );
    expect([again.status, again.body]).toEqual([200, `success: ${id}`]);
    const prefix = await issue(`id/${pyQuote(`${id}/chapter=1`)}?prefix_match=yes`, 'GET');
    expect(prefix.status).toBe(200);
    expect(prefix.body.split('\n')[0]).toBe(`success: ${id} in_lieu_of ${id}/chapter=1`);
    expect(prefix.body).toContain('\n_target: http://example.org/2\n');
    // "-l: disable external service updates": `path += "?update_external_services=no"`
    const local = await issue(`id/${pyQuote(id)}?update_external_services=no`, 'POST', pyFormat(['dc.title', 'T']));
    expect([local.status, local.body]).toEqual([200, `success: ${id}`]);
    // "u[pdate] identifier" with no element: `data = None`, a POST with no body and no Content-Type.
    const nothing = await issue(`id/${pyQuote(id)}`, 'POST');
    expect([nothing.status, nothing.body]).toEqual([200, `success: ${id}`]);
    // "-t: format timestamps": `int(line.split(":")[1])` must read the value.
    const view = await issue(`id/${pyQuote(id)}`, 'GET');
    const created = view.body.split('\n').find((l) => l.startsWith('_created:')) as string;
    expect(Number.isInteger(Number((created.split(':')[1] as string).trim()))).toBe(true);
  });

  it('"mint ark:/99999/fk4 @ metadata.txt": the file\'s lines as they are (the usage text\'s example)', async () => {
    const file = '# Proust\nerc.who: Proust, Marcel\r\nerc.what: Remembrance of\n  Things Past\nerc.when: 1922\n';
    const minted = await issue(`shoulder/${pyQuote('ark:/99999/fk4')}`, 'POST', pyFormat(['@', file]));
    expect(minted.status).toBe(201);
    const id = minted.body.slice('success: '.length);
    const view = await issue(`id/${pyQuote(id)}`, 'GET');
    expect(view.body.split('\n')).toEqual(
      expect.arrayContaining(['erc.who: Proust, Marcel', 'erc.what: Remembrance of Things Past', 'erc.when: 1922']),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Two more clients: a Perl EZID module's test (t/EZID.t: get, create), and Open Context's EZID class
// (opencontext_py …/identifiers/ezid/ezid.py: requests with preemptive Basic auth).

describe.each(
  backends.flatMap((backend) => (['source', 'modern'] as const).map((profile) => [backend, profile] as const)),
)('a Perl EZID module and Open Context, against the API at the root, on %s, profile %s', (backend, profile) => {
  let g: EzidGateway;
  beforeAll(async () => {
    g = await ezidGateway(backend, { basePath: '', profile });
  });
  afterAll(async () => {
    await g?.close();
  });
  const auth = () => ({ authorization: basicAuth('apitest', g.password) });

  it("the Perl module's t/EZID.t: get('foo'), get('ark:/99999/unknownidentifier'), create('foo'), create(ark)", async () => {
    // ok($ezid->error_msg =~ /unrecognized identifier scheme/) was written against an older EZID; EZID
    // now answers "invalid identifier" (ezid.py: `if nqidentifier == None`), as we do (a difference of
    // the module's, docs/ezid.md).
    const foo = await send(g.port, 'GET', '/id/foo', auth());
    expect([foo.status, foo.body]).toEqual([400, 'error: bad request - invalid identifier']);
    // ok($ezid->error_msg =~ /no such identifier/)
    const unknown = await send(g.port, 'GET', '/id/ark:/99999/unknownidentifier', auth());
    expect(unknown.body).toMatch(/no such identifier/);
    // $response = $ezid->create('foo'); ok(not defined $response);
    expect((await send(g.port, 'PUT', '/id/foo', auth())).body).toMatch(/^error: /);
    // my $identifier = 'ark:/99999/fk4' . random_regex('\w{5}'); is($response->{success}, $identifier);
    // EZID writes every ARK as `ark:/NAAN/…` (the guide: "Identifier ark:/nnnnn/suffix"), whatever the
    // gateway's profile, and as it was given: a Name with `.` parts is not reordered.
    for (const identifier of [
      'ark:/99999/fk4Ab_9z',
      'ark:/99999/fk4ZZZZZ',
      'ark:/99999/fk4a1b2c',
      'ark:/99999/fk4v.c.b',
    ]) {
      const created = await send(g.port, 'PUT', `/id/${identifier}`, auth());
      expect([created.status, created.body]).toEqual([201, `success: ${identifier}`]);
      expect((await send(g.port, 'GET', `/id/${identifier}`, auth())).body.split('\n')[0]).toBe(
        `success: ${identifier}`,
      );
    }
  });

  it("a Java client on HttpURLConnection with no Accept of its own gets the HTML page, as EZID's UI rule says", async () => {
    // HttpURLConnection's default: "text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2". The guide: "If a
    // request comes in with an HTTP Accept header that expresses a preference for any form of HTML or XML,
    // the UI is invoked"; the guide's Java example sets `Accept: text/plain` for that reason.
    const java = await send(g.port, 'GET', '/status', {
      accept: 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2',
      'user-agent': 'Java/17',
    });
    expect(java.headers['content-type']).toBe('text/html; charset=UTF-8');
    const plain = await send(g.port, 'GET', '/status', { accept: 'text/plain', 'user-agent': 'Java/17' });
    expect([plain.headers['content-type'], plain.body]).toEqual(['text/plain; charset=UTF-8', 'success: EZID is up']);
  });

  it('sees what the admin API bound, and the admin API and the resolver see what it created (one key)', async () => {
    const admin = await send(
      g.port,
      'PUT',
      '/api/v1/bindings/ark:/99999/fk4x.c.b',
      { authorization: `Bearer ${g.password}`, 'content-type': 'application/json' },
      JSON.stringify({ target: 'https://example.org/admin' }),
    );
    expect(admin.status).toBe(201);
    const viewed = await send(g.port, 'GET', '/id/ark:/99999/fk4x.c.b', auth());
    expect(viewed.body.split('\n').slice(0, 1)).toEqual(['success: ark:/99999/fk4x.c.b']);
    expect(viewed.body).toContain('\n_target: https://example.org/admin\n');
    // `ark:99999/…` (no slash) names the same identifier; the answer is written `ark:/`.
    const created = await send(g.port, 'PUT', '/id/ark:99999/fk4q.c.b', auth(), '_target: https://example.org/ezid');
    expect([created.status, created.body]).toEqual([201, 'success: ark:/99999/fk4q.c.b']);
    const seen = await send(g.port, 'GET', '/api/v1/bindings/ark:/99999/fk4q.c.b', {
      authorization: `Bearer ${g.password}`,
    });
    expect(seen.status).toBe(200);
    expect(JSON.parse(seen.body)).toMatchObject({
      identifier: 'ark:/99999/fk4q.c.b',
      target: 'https://example.org/ezid',
    });
    const resolved = await send(g.port, 'GET', '/ark:/99999/fk4q.c.b', {});
    expect([resolved.status, resolved.headers['location']]).toEqual([302, 'https://example.org/ezid']);
  });

  it("Open Context's mint_identifier: `_target` both as an HTTP header and in the ANVL body, raise_for_status()", async () => {
    // headers['Content-Type'] = 'text/plain; charset=UTF-8'; headers['Accept'] = 'text/plain';
    // headers['_target'] = oc_uri; requests.post(url, auth=(user, password), data=anvl, headers=headers)
    const target = 'https://opencontext.org/media/5ffb91c9-18b2-4e61-8cea-470f1049037b';
    const anvl = [
      `erc.who: Open Context Tester`,
      // escape_anvl: re.sub("[%:\r\n]", …) on values too
      `erc.what: My Fake Stuff%3A Test Minting an ID`,
      `erc.when: 2018`,
      `_target: ${target.replaceAll(':', '%3A')}`,
    ].join('\n');
    const r = await send(
      g.port,
      'POST',
      '/shoulder/ark:/99999/fk4',
      {
        ...auth(),
        'content-type': 'text/plain; charset=UTF-8',
        accept: 'text/plain',
        _target: target,
        'user-agent': 'python-requests/2.31.0',
      },
      anvl,
    );
    expect(r.status).toBe(201);
    const id = r.body.slice('success: '.length);
    const view = await send(g.port, 'GET', `/id/${id}`, { accept: 'text/plain' });
    expect(view.body.split('\n')).toEqual(
      expect.arrayContaining([`_target: ${target}`, 'erc.what: My Fake Stuff: Test Minting an ID']),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// curl, as EZID's API guide uses it ("curl -u username:password -X PUT -H 'Content-Type: text/plain'
// --data-binary @metadata.txt https://ezid.cdlib.org/id/…"): preemptive Basic auth, and for a large body
// (a DataCite record) `Expect: 100-continue`, the body sent once the server says to go on.

describe('curl with `Expect: 100-continue` and a DataCite record of 200 kB', () => {
  let g: EzidGateway;
  beforeAll(async () => {
    g = await ezidGateway('sqlite');
  });
  afterAll(async () => {
    await g?.close();
  });

  it('answers 100 Continue, then 201, and keeps the record as given', async () => {
    const creators = Array.from(
      { length: 2000 },
      (_, i) => `<creator><creatorName>Author ${i}</creatorName></creator>`,
    );
    const xml = `<?xml version="1.0"?>\n<resource xmlns="http://datacite.org/schema/kernel-4"><creators>${creators.join('')}</creators></resource>`;
    const body = `_profile: datacite\n_target: http://example.org/data\ndatacite: ${xml.replaceAll('%', '%25').replaceAll('\n', '%0A')}`;
    expect(Buffer.byteLength(body)).toBeGreaterThan(100_000);
    const result = await new Promise<{ continued: boolean; status: number; text: string }>((resolve, reject) => {
      let continued = false;
      const req = httpRequest({
        host: '127.0.0.1',
        port: g.port,
        path: '/ezid/id/ark:/99999/fk4data',
        method: 'PUT',
        headers: {
          authorization: basicAuth('apitest', g.password),
          'content-type': 'text/plain',
          'content-length': String(Buffer.byteLength(body)),
          expect: '100-continue',
          'user-agent': 'curl/8.5.0',
          accept: '*/*',
        },
      });
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({ continued, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      });
      req.on('error', reject);
    });
    expect(result).toEqual({ continued: true, status: 201, text: 'success: ark:/99999/fk4data' });
    const view = await send(g.port, 'GET', '/ezid/id/ark:/99999/fk4data', { accept: '*/*' });
    expect(view.body).toContain(`\ndatacite: ${xml.replaceAll('%', '%25').replaceAll('\n', '%0A')}\n`);
    expect(view.body).toContain('\n_profile: datacite\n');
  });
});

// ---------------------------------------------------------------------------------------------------------
// ezid.js (ucsblibrary/ezid.js, the Node client, ARKs only): node-fetch with Basic credentials, bodies from
// `serialize.hash` (`${key}: ${value}` lines, no percent-encoding), answers read by `serialize.string`
// (`input.trim().split('\n')`, each `line.split(': ')`, `success` → `id`, the rest → `metadata`).

/** serialize.string, as the client reads every answer. */
function ezidJsRead(body: string): { id?: string; metadata: Record<string, string> } {
  const hash: { id?: string; metadata: Record<string, string> } = { metadata: {} };
  for (const line of body.trim().split('\n')) {
    const [key = '', value = ''] = line.split(': ');
    if (key === 'success') hash.id = value;
    else hash.metadata[key] = value;
  }
  return hash;
}

describe.each(backends)('ezid.js against the API at the root, on %s', (backend) => {
  let g: EzidGateway;
  beforeAll(async () => {
    g = await ezidGateway(backend, { basePath: '' });
  });
  afterAll(async () => {
    await g?.close();
  });
  const write = (method: string, path: string, metadata: Record<string, string>) =>
    send(
      g.port,
      method,
      path,
      { authorization: basicAuth('apitest', g.password), 'content-type': 'text/plain; charset=UTF-8' },
      Object.entries(metadata)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    );

  it('test/ezid_create_or_update_test.js: createOrUpdate twice, then EzID.get deepEquals the recorded element set', async () => {
    // `${conf.endpoint}/id/ark:/${identifier}?update_if_exists=yes`, PUT
    const first = await write('PUT', '/id/ark:/99999/fk4ucsbt0?update_if_exists=yes', {
      'dc.title': 'test thing',
      _profile: 'dc',
    });
    expect(first.status).toBe(201);
    expect(ezidJsRead(first.body).id).toBe('ark:/99999/fk4ucsbt0');
    const second = await write('PUT', '/id/ark:/99999/fk4ucsbt0?update_if_exists=yes', {
      'dc.title': 'real thing',
      'dc.publisher': 'real deal',
      _profile: 'dc',
    });
    expect(second.status).toBe(200);
    expect(ezidJsRead(second.body).id).toBe('ark:/99999/fk4ucsbt0');
    // EzID.get is static: no credentials.
    const info = ezidJsRead((await send(g.port, 'GET', '/id/ark:/99999/fk4ucsbt0', {})).body);
    // The test's deepEqual against EZID: exactly these elements, no more (times and owner are ours).
    expect(info).toEqual({
      id: 'ark:/99999/fk4ucsbt0',
      metadata: {
        'dc.title': 'real thing',
        'dc.publisher': 'real deal',
        _profile: 'dc',
        _created: expect.stringMatching(/^\d+$/),
        _export: 'yes',
        _owner: 'apitest',
        _ownergroup: 'apitest',
        _status: 'public',
        _target: `http://127.0.0.1:${g.port}/id/ark:/99999/fk4ucsbt0`,
        _updated: expect.stringMatching(/^\d+$/),
      },
    });
  });

  it('test/ezid_create_delete_test.js: create a reserved ARK with _profile dc, then delete it', async () => {
    const created = await write('PUT', '/id/ark:/99999/fk4ucsbt', {
      'dc.title': 'test thing',
      _profile: 'dc',
      _status: 'reserved',
    });
    expect(ezidJsRead(created.body).id).toBe('ark:/99999/fk4ucsbt');
    const deleted = await send(g.port, 'DELETE', '/id/ark:/99999/fk4ucsbt', {
      authorization: basicAuth('apitest', g.password),
    });
    expect([deleted.status, ezidJsRead(deleted.body).id]).toEqual([200, 'ark:/99999/fk4ucsbt']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// A Python `ApiSession` client (requests.Session with auth and `Content-Type: text/plain; charset=UTF-8` on
// every request; answers read by `__parseRecord`: `parts[0].split(': ')[1]`, pairs of `p.split(': ')`).

describe.each(backends)('the Python ApiSession client against the API at the root, on %s', (backend) => {
  let g: EzidGateway;
  beforeAll(async () => {
    g = await ezidGateway(backend, { basePath: '' });
  });
  afterAll(async () => {
    await g?.close();
  });
  const session = (method: string, path: string, body: string | null = null) =>
    send(
      g.port,
      method,
      path,
      { authorization: basicAuth('apitest', g.password), 'content-type': 'text/plain; charset=UTF-8' },
      body,
    );
  /** __makeAnvl: `escape` is `re.sub("[%:\r\n]", …)` on names and values. */
  const anvl = (m: Record<string, string>) =>
    Object.entries(m)
      .map(
        ([k, v]) =>
          `${k.replace(/[%:\r\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}: ${v.replace(/[%:\r\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}`,
      )
      .join('\n');
  const parseRecord = (text: string) => {
    const parts = text.split('\n');
    const identifier = (parts[0] as string).split(': ')[1];
    const metadata: Record<string, string> = {};
    for (const p of parts.slice(1)) {
      const pair = p.split(': ');
      if (pair.length === 2) metadata[pair[0] as string] = pair[1] as string;
    }
    return { identifier, metadata };
  };

  it('mint (always reserved, TEST_METADATA), getStatus, makePublic, modifyTarget, getCreated, makeUnavailable', async () => {
    const minted = await session(
      'POST',
      '/shoulder/ark:/99999/fk4',
      anvl({
        _target: 'http://example.org/opensociety',
        'erc.who': 'Karl Popper',
        'erc.what': 'The Open Society and Its Enemies',
        'erc.when': '1945',
        _status: 'reserved',
      }),
    );
    expect(minted.status).toBe(201);
    const id = parseRecord(minted.body).identifier as string;
    const get = async () => parseRecord((await session('GET', `/id/${id}`)).body).metadata;
    expect((await get())['_status']).toBe('reserved');
    expect((await session('POST', `/id/${id}`, anvl({ _status: 'public' }))).status).toBe(200);
    expect((await session('POST', `/id/${id}`, anvl({ _target: 'http://example.org/moved' }))).status).toBe(200);
    const record = await get();
    // The target's colon was escaped ("http%3A//…") and is read back decoded by the server, written raw.
    expect(record['_target']).toBe('http://example.org/moved');
    expect(record['erc.who']).toBe('Karl Popper');
    // getCreated: datetime.fromtimestamp(float(…['_created']))
    expect(Number.isFinite(Number.parseFloat(record['_created'] as string))).toBe(true);
    expect((await session('POST', `/id/${id}`, anvl({ _status: 'unavailable' }))).status).toBe(200);
    expect((await get())['_status']).toBe('unavailable');
    expect((await session('POST', `/id/${id}`, anvl({ _profile: 'dc' }))).status).toBe(200);
    expect((await get())['_profile']).toBe('dc');
  });
});
