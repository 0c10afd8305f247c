// Bindings many at a time: the paged list, the NDJSON export (streamed) and the NDJSON import.
import type { z } from '@hono/zod-openapi';
import { type Binding, mayView, type PdiVersion, type Principal, type Store, type StoreResult } from '@pidgate/store';
import type { AppDeps } from '../deps.ts';
import { problemJson } from '../http/index.ts';
import { keyIdentifier } from '../resolution/index.ts';
import type { ListQuery } from './admin-schemas.ts';
import { type Admin, type AuthEnv, forbidden, storeProblem, type Token, tokenCovers } from './auth.ts';
import { bindingJson, pdiJson } from './binding-json.ts';
import { bodyLines, importLines } from './importer.ts';

/** `GET /api/v1/bindings`: a page of the bindings the token may see (under a PDI prefix: of PDI versions). */
export async function listBindings<E extends AuthEnv>(c: Admin<E>, q: z.infer<typeof ListQuery>) {
  const { store, token }: AuthEnv['Variables'] = c.var;
  // PDI versions are listed under a PDI prefix (`?prefix=urn:pdi://ap.org.us/`), within the token's scopes.
  if (q.prefix && /^urn:pdi:/i.test(q.prefix)) {
    const denied = forbidden(token, q.prefix);
    if (denied) return problemJson(c, denied);
    // A bare series lists that series only (`urn:pdi://ap.org.us` is not a string prefix of `….us.evil.de`),
    // so no page or cursor holds a key of another series.
    const prefix = q.prefix.slice('urn:pdi://'.length).includes('/') ? q.prefix : `${q.prefix}/`;
    const pdis = await store.listPdi({ prefix, cursor: q.cursor, limit: q.limit });
    if (!pdis.ok) return storeProblem(c, pdis.error);
    const items = pdis.value.items.map(pdiJson).filter((v) => tokenCovers(token, v.resource));
    return c.json({ items, next: pdis.value.next }, 200);
  }
  const page = await store.listBindings({
    prefix: q.prefix,
    cursor: q.cursor,
    limit: q.limit,
    includeTombstoned: q.tombstoned === 'true',
    scopes: token.scopes,
  });
  if (!page.ok) return storeProblem(c, page.error);
  const { principal }: AuthEnv['Variables'] = c.var;
  const items = page.value.items
    .filter((b) => tokenCovers(token, keyIdentifier(b.key).identifier) && mayView(principal, b))
    .map(bindingJson);
  return c.json({ items, next: page.value.next }, 200);
}

async function* emptyPages(): AsyncIterable<StoreResult<Binding>> {}

/** The bindings, then every PDI version under each of `ranges` (key prefixes), a page at a time. */
async function* withPdis(
  arks: AsyncIterable<StoreResult<Binding>>,
  store: Store,
  ranges: readonly string[],
): AsyncIterable<StoreResult<Binding | PdiVersion>> {
  yield* arks;
  for (const prefix of ranges) {
    let cursor: string | undefined;
    for (;;) {
      const page = await store.listPdi({ prefix, cursor, limit: 1000 });
      if (!page.ok) {
        yield page;
        return;
      }
      for (const v of page.value.items) yield { ok: true, value: v };
      if (!page.value.next) break;
      cursor = page.value.next;
    }
  }
}

/** The export line of a binding or PDI version, or '' when the token's scopes do not cover it. */
function exportLine(token: Token, principal: Principal, b: Binding | PdiVersion): string {
  if ('resourceKey' in b) return tokenCovers(token, b.resourceKey) ? `${JSON.stringify(pdiJson(b))}\n` : '';
  const shown = tokenCovers(token, keyIdentifier(b.key).identifier) && mayView(principal, b);
  return shown ? `${JSON.stringify(bindingJson(b))}\n` : '';
}

/** `GET /api/v1/bindings/export`: NDJSON, streamed a page at a time (constant memory). */
export async function exportBindings<E extends AuthEnv>(c: Admin<E>, prefix: string): Promise<Response> {
  const { store, token }: AuthEnv['Variables'] = c.var;
  // The store reads only the key range under the prefix, a page at a time (constant memory); then the
  // PDI versions under the token's PDI scopes (or under a PDI prefix), in the same form as the listing.
  const pdiPrefix = /^urn:pdi:/i.test(prefix);
  const arks = pdiPrefix ? emptyPages() : store.exportBindings({ prefix, scopes: token.scopes });
  const pdiRanges = pdiPrefix
    ? tokenCovers(token, prefix)
      ? [prefix]
      : []
    : token.scopes.filter((scope) => /^urn:pdi:/i.test(scope) && scope.startsWith(prefix)).map((s) => `${s}/`);
  const iterator = withPdis(arks, store, pdiRanges)[Symbol.asyncIterator]();
  // The first page decides the status: a bad prefix is 400, a failing store 503, as problem documents.
  let first: IteratorResult<StoreResult<Binding | PdiVersion>> | null = await iterator.next();
  if (!first.done && !first.value.ok) return storeProblem(c, first.value.error);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let out = '';
      while (out.length < 1 << 16) {
        const next = first ?? (await iterator.next());
        first = null;
        if (next.done) {
          if (out) controller.enqueue(encoder.encode(out));
          controller.close();
          return;
        }
        if (!next.value.ok) {
          out += `${JSON.stringify({ ok: false, code: next.value.error.code, detail: next.value.error.message })}\n`;
          controller.enqueue(encoder.encode(out));
          controller.close();
          return;
        }
        out += exportLine(token, c.var.principal, next.value.value);
      }
      controller.enqueue(encoder.encode(out));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return c.body(stream, 200, { 'content-type': 'application/x-ndjson' });
}

/** `POST /api/v1/bindings/import`: each line answered (NDJSON) once its transaction has committed. */
export function importBindings<E extends AuthEnv>(
  c: Admin<E>,
  deps: AppDeps,
  onExisting: 'replace' | 'skip' | 'fail',
): Response {
  const { store, token }: AuthEnv['Variables'] = c.var;
  const encoder = new TextEncoder();
  const body = c.req.raw.body;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let out = '';
      const totals = await importLines(bodyLines(body), {
        store,
        registry: deps.registry,
        profile: deps.config.profile,
        scopes: token.scopes,
        actor: token.id,
        onExisting,
        emit: (r) => {
          out += `${JSON.stringify(r)}\n`;
        },
        // The answers of each transaction go out as soon as it has committed.
        flush: () => {
          if (out) controller.enqueue(encoder.encode(out));
          out = '';
        },
      }).catch((e: Error) => ({ stopped: e.message }) as { stopped: string });
      if (out) controller.enqueue(encoder.encode(out));
      if (totals.stopped) {
        controller.enqueue(
          encoder.encode(`${JSON.stringify({ ok: false, code: 'import-stopped', detail: totals.stopped })}\n`),
        );
      }
      controller.close();
    },
  });
  return c.body(stream, 200, { 'content-type': 'application/x-ndjson' });
}
