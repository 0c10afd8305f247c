import type { OpenAPIHono } from '@hono/zod-openapi';
import type { SchemesRegistry } from '@pidgate/schemes';
import { type Binding, inScope, mayCreate, ownerGroupFor, type Store } from '@pidgate/store';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { changeRefusal, shoulderGroup, viewRefusal } from '../admin/index.ts';
import type { Config } from '../config/index.ts';
import type { AppDeps } from '../deps.ts';
import { basePath, type GatewayEnv, negotiate, publicBase, requestTarget, VERSION } from '../http/index.ts';
import { pointsBack, type SelfView, storageKey } from '../resolution/index.ts';
import { ezidBody, parseEzidAnvl, percentDecode, utf8, xmlSafe } from './anvl.ts';
import { type Caller, type Credentials, cookieValue, ezidCredentials, SESSION_COOKIE } from './auth.ts';
import { applyElements, toElements } from './metadata.ts';
import { describeEzid } from './openapi.ts';
import { ezidPage } from './page.tsx';
import { MintPool } from './pool.ts';

/**
 * EZID's API, Version 2 (https://ezid.cdlib.org/doc/apidoc.html), under `ezid.basePath`: mint, create,
 * view, update and delete identifiers, log in and out, and the server status. Every answer is `text/plain;
 * charset=UTF-8` with EZID's status line first (`success: …` / `error: …`) and its status codes (201 for
 * create and mint, 400 for a bad request, including "no such identifier", 401, 403, 405); a browser that
 * prefers HTML gets the same as a page. See docs/ezid.md for what is compatible and the choices made.
 */

const TEXT = 'text/plain; charset=UTF-8';
/** How many times a mint draws again when the minted name is already bound (an imported identifier). */
const MINT_ATTEMPTS = 10;

type Elements = [string, string][];

interface Answer {
  readonly status: number;
  readonly line: 'success' | 'error';
  readonly remainder: string;
  readonly elements?: Elements;
  readonly headers?: Record<string, string>;
}

const success = (remainder: string, status = 200, elements?: Elements): Answer => ({
  status,
  line: 'success',
  remainder,
  ...(elements ? { elements } : {}),
});
const badRequest = (reason: string): Answer => ({ status: 400, line: 'error', remainder: `bad request - ${reason}` });
const unauthorized = (): Answer => ({
  status: 401,
  line: 'error',
  remainder: 'unauthorized',
  headers: { 'www-authenticate': 'Basic realm="EZID"' },
});
const forbiddenAnswer = (): Answer => ({ status: 403, line: 'error', remainder: 'forbidden' });
/** Too many wrong passwords for the user name: 429, and when to try again. */
const throttled = (retryAt: string): Answer => ({
  status: 429,
  line: 'error',
  remainder: `too many requests - too many wrong passwords; try again after ${retryAt}`,
  headers: { 'retry-after': String(Math.max(1, Math.ceil((Date.parse(retryAt) - Date.now()) / 1000))) },
});
/**
 * What an identifier the caller may not act on answers: one it may not even see (reserved, not its own) is
 * answered exactly as one that is not bound, so nobody learns it exists; else 403.
 */
const refusedAnswer = (refusal: 'not-found' | 'forbidden'): Answer =>
  refusal === 'not-found' ? badRequest('no such identifier') : forbiddenAnswer();
const unavailable = (message: string): Answer => ({
  status: 503,
  line: 'error',
  remainder: `service unavailable - ${message}`,
});

/** A store failure: a caller's mistake is a bad request, a database failure 503. */
function storeAnswer(code: string, message: string): Answer {
  if (code === 'storage-error' || code === 'store-closed') return unavailable(message);
  // The ownership rule as the write's own transaction found it (`acting`): EZID's answers.
  if (code === 'not-owner') return forbiddenAnswer();
  if (code === 'ownership-change') return badRequest('ownership change prohibited');
  return badRequest(message);
}

/** EZID's URL query options: each allowed name with its allowed values (null: any value). */
type Options = Readonly<Record<string, readonly string[] | null>>;

function checkOptions(query: string, allowed: Options): Map<string, string> | Answer {
  const out = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(query)) {
    const values = allowed[name];
    if (values === undefined) return badRequest(`unrecognized URL query parameter '${name}'`);
    if (values !== null && !values.includes(value.toLowerCase())) {
      return badRequest(`invalid value for URL query parameter '${name}'`);
    }
    out.set(name, values === null ? value : value.toLowerCase());
  }
  return out;
}

const YES_NO = ['yes', 'no'];

/**
 * The subsystems `GET /status?subsystems=…` reports on. EZID's are `binder`, `datacite` and `search`
 * (`*` is all of them); ezid-client reads `noid`, `ldap` and `datacite`, the names of EZID's earlier
 * subsystems. Here the binder, the minter (noid) and the accounts (ldap) are all the store, pinged; there
 * is no DataCite registration and no search index, so those are `not applicable`. `*` is the binder.
 */
const SUBSYSTEMS: ReadonlyMap<string, 'store' | 'absent'> = new Map([
  ['binder', 'store'],
  ['store', 'store'],
  ['noid', 'store'],
  ['ldap', 'store'],
  ['datacite', 'absent'],
  ['search', 'absent'],
] as const);

/** EZID's create of an identifier that was deleted (tombstoned): refused, and said so. */
const DELETED = 'identifier was deleted and is never bound again';
/** The refusals a mint skips to the next counter value: the key is taken, live or deleted. */
const TAKEN: ReadonlySet<string> = new Set(['bad request - identifier already exists', `bad request - ${DELETED}`]);

export function ezidRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const { config, store, registry } = deps;
  if (!config.ezid.enabled || !store) return;
  const base = config.ezid.basePath;
  const webBase = basePath(config.baseUrl);
  describeEzid(app, base);

  const respond = (c: Context<GatewayEnv>, a: Answer): Response => {
    c.set('scheme', 'api');
    const elements = a.elements ?? [];
    const headers: Record<string, string> = { 'cache-control': 'no-store', ...(a.headers ?? {}) };
    if (negotiate(c.req.header('accept'), ['text/plain', 'text/html'] as const) === 'text/html') {
      headers['content-type'] = 'text/html; charset=UTF-8';
      return new Response(ezidPage(a.line, a.remainder, elements, webBase), { status: a.status, headers });
    }
    headers['content-type'] = TEXT;
    return new Response(ezidBody(a.line, a.remainder, elements.length > 0 ? elements : undefined), {
      status: a.status,
      headers,
    });
  };

  const limit = bodyLimit({
    maxSize: config.bodyLimit,
    onError: (c) =>
      respond(c as Context<GatewayEnv>, {
        status: 413,
        line: 'error',
        remainder: `bad request - the request body is longer than ${config.bodyLimit} bytes`,
      }),
  });
  // Only the operations that take a body; at the root (`basePath: ""`) nothing else is touched.
  app.use(`${base}/id/*`, limit);
  app.use(`${base}/shoulder/*`, limit);

  /** The path after `${base}${prefix}` (still percent-encoded) and the query, from the raw request target. */
  const split = (c: Context, prefix: string): { path: string; query: string } => {
    const target = requestTarget(c);
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    return { path: path.slice(base.length + prefix.length), query: q === -1 ? '' : target.slice(q + 1) };
  };

  const ctx: Ctx = {
    config,
    store,
    registry,
    self: deps.self,
    base,
    pool: new MintPool(store, registry, config.profile),
  };

  app.all(`${base}/shoulder/*`, async (c) => {
    if (c.req.method !== 'POST') return respond(c, methodNotAllowed());
    const { path, query } = split(c, '/shoulder/');
    return respond(c, await mintOperation(c, ctx, path, query));
  });

  app.all(`${base}/id/*`, async (c) => {
    const { path, query } = split(c, '/id/');
    switch (c.req.method) {
      case 'GET':
      case 'HEAD':
        return respond(c, await viewOperation(c, ctx, path, query));
      case 'PUT':
        return respond(c, await createOperation(c, ctx, path, query));
      case 'POST':
        return respond(c, await updateOperation(c, ctx, path, query));
      case 'DELETE':
        return respond(c, await deleteOperation(c, ctx, path, query));
      default:
        return respond(c, methodNotAllowed());
    }
  });

  app.all(`${base}/login`, async (c) => {
    if (c.req.method !== 'GET') return respond(c, methodNotAllowed());
    const options = checkOptions(split(c, '/login').query, {});
    if (!(options instanceof Map)) return respond(c, options);
    const who = await ezidCredentials(c, store);
    if (who.kind === 'failed') return respond(c, unavailable(who.message));
    if (who.kind === 'throttled') return respond(c, throttled(who.retryAt));
    if (who.kind !== 'caller') return respond(c, unauthorized());
    // A token signs in as itself; a user (name and password) gets a user session: a new random id each time.
    const { tokenId, principal } = who.caller;
    const session = tokenId
      ? await store.createSession(tokenId, config.ezid.sessionTtl)
      : await store.createUserSession(principal.username, config.ezid.sessionTtl);
    if (!session.ok) return respond(c, storeAnswer(session.error.code, session.error.message));
    const secure = (config.baseUrl ?? c.req.url).startsWith('https:') ? '; Secure' : '';
    const cookie = `${SESSION_COOKIE}=${session.value.id}; Path=${base || '/'}; Max-Age=${config.ezid.sessionTtl}; HttpOnly; SameSite=Lax${secure}`;
    return respond(c, { ...success('session cookie returned'), headers: { 'set-cookie': cookie } });
  });

  app.all(`${base}/logout`, async (c) => {
    if (c.req.method !== 'GET') return respond(c, methodNotAllowed());
    const options = checkOptions(split(c, '/logout').query, {});
    if (!(options instanceof Map)) return respond(c, options);
    const session = cookieValue(c.req.header('cookie'), SESSION_COOKIE);
    if (session) {
      const ended = await store.deleteSession(session);
      if (!ended.ok) return respond(c, storeAnswer(ended.error.code, ended.error.message));
      const user = await store.deleteUserSession(session);
      if (!user.ok) return respond(c, storeAnswer(user.error.code, user.error.message));
    }
    const cookie = `${SESSION_COOKIE}=; Path=${base || '/'}; Max-Age=0; HttpOnly; SameSite=Lax`;
    return respond(c, { ...success('authentication credentials flushed'), headers: { 'set-cookie': cookie } });
  });

  app.all(`${base}/status`, async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return respond(c, methodNotAllowed());
    const options = checkOptions(split(c, '/status').query, { subsystems: null, detailed: YES_NO });
    if (!(options instanceof Map)) return respond(c, options);
    const elements: Elements = [];
    const wanted = options.get('subsystems');
    if (wanted !== undefined) {
      const names = wanted === '*' ? ['binder'] : wanted.split(',').map((s) => s.trim());
      for (const name of names) {
        if (name === '') continue;
        const kind = SUBSYSTEMS.get(name);
        if (kind === undefined) return respond(c, badRequest('no such subsystem'));
        if (kind === 'absent') {
          elements.push([name, 'not applicable']);
          continue;
        }
        const ping = await store.listNaans();
        elements.push([name, ping.ok ? 'up' : `down (${ping.error.code})`]);
      }
    }
    return respond(c, success('EZID is up', 200, elements));
  });

  // EZID's `GET /version` (api.py getVersion): the version alone, as text, with no status line.
  app.all(`${base}/version`, (c) => {
    c.set('scheme', 'api');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return respond(c, methodNotAllowed());
    return new Response(VERSION, { status: 200, headers: { 'content-type': TEXT, 'cache-control': 'no-store' } });
  });

  // EZID's batch download (`POST /download_request`, `GET /download/…`) is batch/'s `downloadRoutes`.

  // Anything else under the base path is no EZID operation (at the root, the other routes answer).
  if (base !== '') app.all(`${base}/*`, (c) => respond(c, { status: 404, line: 'error', remainder: 'not found' }));
}

interface Ctx {
  readonly config: Config;
  readonly store: Store;
  readonly registry: SchemesRegistry;
  /** What the gateway knows of itself, for `pointsBack` (the admin API's loop check). */
  readonly self: SelfView;
  readonly base: string;
  readonly pool: MintPool;
}

const methodNotAllowed = (): Answer => ({ status: 405, line: 'error', remainder: 'method not allowed' });

/**
 * The ARK a (percent-encoded) path names, as the key the admin API and the resolver bind it under
 * (`storageKey`: `ark:/`, whatever the profile, and the Name as written, not reordered), or null. EZID
 * answers with the identifier in that form (`success: ark:/99999/fk4…`), whatever spelling was sent.
 */
function arkKeyOf(ctx: Ctx, encoded: string): string | null {
  const decoded = percentDecode(encoded);
  if (!decoded.ok || decoded.value.length === 0) return null;
  const parsed = ctx.registry.parse(decoded.value, ctx.config.profile);
  if (!parsed.ok || parsed.value.scheme !== 'ark') return null;
  return storageKey(parsed.value, ctx.registry);
}

/** The identifier of a path (its storage key), or EZID's `invalid identifier` (DOIs included: no DOIs here). */
function identifierOf(ctx: Ctx, encoded: string): string | Answer {
  return arkKeyOf(ctx, encoded) ?? badRequest('invalid identifier');
}

/** The credentials, when the operation needs them: the caller, or the 401/429/503 answer. */
async function required(c: Context, ctx: Ctx): Promise<Caller | Answer> {
  const who: Credentials = await ezidCredentials(c, ctx.store);
  if (who.kind === 'caller') return who.caller;
  if (who.kind === 'failed') return unavailable(who.message);
  if (who.kind === 'throttled') return throttled(who.retryAt);
  return unauthorized();
}

/** The request body as EZID metadata (text/plain, UTF-8), or the bad request answer. */
async function readMetadata(c: Context): Promise<Map<string, string> | Answer> {
  const type = c.req.header('content-type') ?? '';
  const semi = type.indexOf(';');
  const media = (semi === -1 ? type : type.slice(0, semi)).trim().toLowerCase();
  let charset = 'utf-8';
  if (semi !== -1) {
    for (const param of type.slice(semi + 1).split(';')) {
      const eq = param.indexOf('=');
      if (eq !== -1 && param.slice(0, eq).trim().toLowerCase() === 'charset') {
        charset = unquote(param.slice(eq + 1).trim()).toLowerCase();
      }
    }
  }
  if ((media !== 'text/plain' && media !== '') || (charset !== 'utf-8' && charset !== 'utf8')) {
    return badRequest('If specified, Content-Type must be text/plain and encoding must be UTF-8');
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const text = utf8(bytes);
  if (text === null) return badRequest('character decoding error');
  const parsed = parseEzidAnvl(text);
  if (!parsed.ok) return badRequest(`ANVL parse error (${parsed.error.message})`);
  const safe = new Map<string, string>();
  for (const [name, value] of parsed.value) {
    const label = xmlSafe(name);
    if (label !== '') safe.set(label, xmlSafe(value));
  }
  return safe;
}

/** A quoted-string's content (RFC 9110 §5.6.4), else the token as it is. */
function unquote(s: string): string {
  return s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s;
}

const isAnswer = (x: object): x is Answer => 'line' in x && 'remainder' in x;

/** The self-referential target EZID gives an identifier created without `_target`: its EZID URL. */
function defaultTarget(c: Context, ctx: Ctx, id: string): string {
  return `${publicBase(c, ctx.config)}${ctx.base.slice(1)}${ctx.base === '' ? '' : '/'}id/${encodeURI(id)}`;
}

/**
 * EZID's bad request for a `_target` given that points back at this gateway: `pointsBack`, the check the
 * admin API refuses with `target-loop`. Only a `_target` the request gives is checked (not the default).
 */
function loopingTarget(
  ctx: Ctx,
  host: string | undefined,
  metadata: ReadonlyMap<string, string>,
  target: string,
): Answer | null {
  if (!metadata.get('_target') || !pointsBack(target, ctx.self, host)) return null;
  return badRequest('_target: the target points back at this gateway, where it would resolve in a loop');
}

function withWarnings(a: Answer, warnings: readonly string[]): Answer {
  if (warnings.length === 0) return a;
  const warning = warnings.map((w) => `299 pidgate ${JSON.stringify(w)}`).join(', ');
  return { ...a, headers: { ...(a.headers ?? {}), warning } };
}

async function mintOperation(c: Context, ctx: Ctx, encoded: string, query: string): Promise<Answer> {
  const token = await required(c, ctx);
  if (isAnswer(token)) return token;
  const metadata = await readMetadata(c);
  if (isAnswer(metadata)) return metadata;
  const options = checkOptions(query, {});
  if (!(options instanceof Map)) return options;
  const shoulder = arkKeyOf(ctx, encoded);
  if (shoulder === null) return badRequest('no such shoulder');
  const group = await shoulderGroup(ctx.store, shoulder);
  if (!group.ok) return storeAnswer(group.error.code, group.error.message);
  if (!mayCreate(token.principal, shoulder, group.value)) {
    // EZID looks the shoulder up first: an unknown one is "no such shoulder" to anyone.
    const known = await ctx.store.getShoulder(shoulder);
    if (known.ok) return forbiddenAnswer();
    return known.error.code === 'not-found'
      ? badRequest('no such shoulder')
      : storeAnswer(known.error.code, known.error.message);
  }
  for (let attempt = 0; attempt < MINT_ATTEMPTS; attempt++) {
    // The pool reads the shoulder when it mints a block: an unknown shoulder is `not-found` there.
    const minted = await ctx.pool.next(shoulder);
    if (!minted.ok) {
      if (minted.error.code === 'not-found') return badRequest('no such shoulder');
      return minted.error.code === 'mint-exhausted'
        ? badRequest('shoulder does not support minting (it is exhausted)')
        : storeAnswer(minted.error.code, minted.error.message);
    }
    const id = minted.value;
    // EZID replaces `${identifier}` in the target URL with the new identifier.
    const target = metadata.get('_target');
    const elements = new Map(metadata);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: EZID's placeholder, literally.
    if (target !== undefined) elements.set('_target', target.split('${identifier}').join(id));
    const created = await create(c, ctx, token, id, elements, false);
    if (created.status === 400 && TAKEN.has(created.remainder)) continue;
    return created;
  }
  return badRequest('the shoulder gave only identifiers that are already bound');
}

async function createOperation(c: Context, ctx: Ctx, encoded: string, query: string): Promise<Answer> {
  const token = await required(c, ctx);
  if (isAnswer(token)) return token;
  const metadata = await readMetadata(c);
  if (isAnswer(metadata)) return metadata;
  const options = checkOptions(query, { update_if_exists: YES_NO });
  if (!(options instanceof Map)) return options;
  const id = identifierOf(ctx, encoded);
  if (typeof id !== 'string') return id;
  if (!inScope(token.principal, id)) return forbiddenAnswer();
  return create(c, ctx, token, id, metadata, options.get('update_if_exists') === 'yes');
}

/** Create `id` (201), or with `updateIfExists` update it when it exists (200). */
async function create(
  c: Context,
  ctx: Ctx,
  token: Caller,
  id: string,
  metadata: Map<string, string>,
  updateIfExists: boolean,
): Promise<Answer> {
  const group = await shoulderGroup(ctx.store, id);
  if (!group.ok) return storeAnswer(group.error.code, group.error.message);
  const p = token.principal;
  if (!mayCreate(p, id, group.value)) {
    // An identifier that exists is answered as an update_if_exists (or "already exists") would be.
    const existing = await ctx.store.getBinding(id);
    if (!existing.ok || existing.value.tombstoned) return forbiddenAnswer();
    const refused = changeRefusal(p, existing.value);
    if (refused) return refusedAnswer(refused);
  }
  const caller = { name: p.username, admin: p.role === 'admin', ownerGroup: ownerGroupFor(p, group.value) };
  const applied = applyElements(metadata, null, 'create', caller, defaultTarget(c, ctx, id));
  if (typeof applied === 'string') return badRequest(applied);
  const loop = loopingTarget(ctx, c.req.header('host'), metadata, applied.input.target);
  if (loop) return loop;
  const put = await ctx.store.putBinding(id, applied.input, p.username, { ifAbsent: true, acting: { principal: p } });
  if (put.ok) return withWarnings(success(id, 201), applied.warnings);
  if (put.error.code === 'conflict' || put.error.code === 'tombstoned') {
    if (updateIfExists && put.error.code === 'conflict') return update(c, ctx, token, id, metadata);
    // A deleted identifier is "no such identifier" to view, so not "already exists" here: it was deleted,
    // and is never bound again (a tombstone answers 410 Gone).
    return badRequest(put.error.code === 'tombstoned' ? DELETED : 'identifier already exists');
  }
  return storeAnswer(put.error.code, put.error.message);
}

async function viewOperation(c: Context, ctx: Ctx, encoded: string, query: string): Promise<Answer> {
  const who = await ezidCredentials(c, ctx.store);
  if (who.kind === 'failed') return unavailable(who.message);
  if (who.kind === 'refused') return unauthorized();
  if (who.kind === 'throttled') return throttled(who.retryAt);
  const options = checkOptions(query, { prefix_match: YES_NO });
  if (!(options instanceof Map)) return options;
  const id = identifierOf(ctx, encoded);
  if (typeof id !== 'string') return id;
  const found =
    options.get('prefix_match') === 'yes'
      ? await ctx.store.longestBound(prefixCandidates(id))
      : await ctx.store.getBinding(id);
  if (!found.ok) {
    return found.error.code === 'not-found'
      ? badRequest('no such identifier')
      : storeAnswer(found.error.code, found.error.message);
  }
  const b = found.value;
  if (b.tombstoned) return badRequest('no such identifier');
  if (b.identifierStatus === 'reserved') {
    // EZID: a reserved identifier is visible to its owner only (and here to co-owners, the group, admins).
    if (who.kind !== 'caller') return unauthorized();
    const refused = viewRefusal(who.caller.principal, b);
    if (refused) return refusedAnswer(refused);
  }
  const line = b.key === id ? id : `${b.key} in_lieu_of ${id}`;
  return success(line, 200, toElements(b));
}

/**
 * The identifier and its prefixes, longest first, for `prefix_match=yes` (EZID: "the longest matching
 * identifier"): every prefix that ends inside the Name, at most 512 (the store's limit).
 */
export function prefixCandidates(id: string): string[] {
  const out: string[] = [];
  const naanEnd = id.startsWith('ark:') ? id.indexOf('/', id.indexOf('/') + 1) : id.indexOf(':');
  const shortest = Math.max(naanEnd + 2, 1);
  for (let end = id.length; end >= shortest && out.length < 512; end--) out.push(id.slice(0, end));
  return out;
}

async function updateOperation(c: Context, ctx: Ctx, encoded: string, query: string): Promise<Answer> {
  const token = await required(c, ctx);
  if (isAnswer(token)) return token;
  const metadata = await readMetadata(c);
  if (isAnswer(metadata)) return metadata;
  const options = checkOptions(query, { update_external_services: YES_NO });
  if (!(options instanceof Map)) return options;
  const id = identifierOf(ctx, encoded);
  if (typeof id !== 'string') return id;
  return update(c, ctx, token, id, metadata);
}

/** Update `id` with the elements given (each overwritten; an empty value deletes it); 200. */
async function update(c: Context, ctx: Ctx, token: Caller, id: string, metadata: Map<string, string>): Promise<Answer> {
  const p = token.principal;
  const caller = { name: p.username, admin: p.role === 'admin', ownerGroup: p.groups[0] ?? null };
  // A concurrent change between the read and the write (ifVersion) is read again and applied once more.
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await live(ctx.store, id);
    if (isAnswer(current)) return current;
    const refused = changeRefusal(p, current);
    if (refused) return refusedAnswer(refused);
    const applied = applyElements(metadata, current, 'update', caller, current.target);
    if (typeof applied === 'string') return badRequest(applied);
    const loop = loopingTarget(ctx, c.req.header('host'), metadata, applied.input.target);
    if (loop) return loop;
    const put = await ctx.store.putBinding(id, applied.input, p.username, {
      ifVersion: current.version,
      acting: { principal: p },
    });
    if (put.ok) return withWarnings(success(id), applied.warnings);
    if (put.error.code === 'not-found') return badRequest('no such identifier');
    if (put.error.code !== 'conflict') return storeAnswer(put.error.code, put.error.message);
  }
  return { status: 503, line: 'error', remainder: 'concurrency limit exceeded' };
}

/** The live binding of `id`, or EZID's `no such identifier`. */
async function live(store: Store, id: string): Promise<Binding | Answer> {
  const found = await store.getBinding(id);
  if (!found.ok) {
    return found.error.code === 'not-found'
      ? badRequest('no such identifier')
      : storeAnswer(found.error.code, found.error.message);
  }
  return found.value.tombstoned ? badRequest('no such identifier') : found.value;
}

async function deleteOperation(c: Context, ctx: Ctx, encoded: string, query: string): Promise<Answer> {
  const token = await required(c, ctx);
  if (isAnswer(token)) return token;
  const options = checkOptions(query, { update_external_services: YES_NO });
  if (!(options instanceof Map)) return options;
  const id = identifierOf(ctx, encoded);
  if (typeof id !== 'string') return id;
  const current = await live(ctx.store, id);
  if (isAnswer(current)) return current;
  const refused = changeRefusal(token.principal, current);
  if (refused) return refusedAnswer(refused);
  if (current.identifierStatus !== 'reserved') return badRequest('identifier status does not support deletion');
  const deleted = await ctx.store.deleteReserved(id, token.principal.username, {
    acting: { principal: token.principal },
  });
  if (!deleted.ok) {
    return deleted.error.code === 'not-reserved'
      ? badRequest('identifier status does not support deletion')
      : deleted.error.code === 'not-found'
        ? badRequest('no such identifier')
        : storeAnswer(deleted.error.code, deleted.error.message);
  }
  return success(id);
}
