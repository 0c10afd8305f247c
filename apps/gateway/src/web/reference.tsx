/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { Child, FC } from 'hono/jsx';
import { METHODS, type OpenApiDocument, TAGS } from '../http/index.ts';
import { renderPage } from './layout.tsx';

/** A JSON Schema (OpenAPI 3.1 dialect) as far as the reference page reads it. */
interface Schema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly additionalProperties?: boolean | Schema;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly default?: unknown;
  readonly example?: unknown;
  readonly examples?: readonly unknown[];
}

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: Schema;
}

interface Media {
  readonly schema?: Schema;
}

interface Operation {
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly parameters?: readonly Parameter[];
  readonly security?: readonly Record<string, unknown>[];
  readonly requestBody?: { readonly required?: boolean; readonly content?: Readonly<Record<string, Media>> };
  readonly responses?: Readonly<
    Record<
      string,
      {
        readonly description?: string;
        readonly headers?: Readonly<Record<string, { description?: string }>>;
        readonly content?: Readonly<Record<string, Media>>;
      }
    >
  >;
}

/** How deep nested schemas are drawn before a reference link has to do. */
const MAX_DEPTH = 6;

export function operationId(method: string, path: string): string {
  return `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

export function schemaId(name: string): string {
  return `schema-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** Text with `code` spans in backquotes; no HTML from the document is kept. */
const Inline: FC<{ text: string }> = ({ text }) => (
  <>
    {text
      .split(/(`[^`]+`)/)
      .map((part) =>
        part.length > 2 && part.startsWith('`') && part.endsWith('`') ? <code>{part.slice(1, -1)}</code> : part,
      )}
  </>
);

/** The paragraphs of a description, and its lists (lines that start with "- "). */
const Prose: FC<{ text?: string | undefined }> = ({ text }) => {
  if (!text) return null;
  return (
    <>
      {text.split(/\n\s*\n/).map((para) => {
        if (!para.trimStart().startsWith('- '))
          return (
            <p>
              <Inline text={para} />
            </p>
          );
        const items = para
          .trim()
          .slice(2)
          .split(/\n\s*- /);
        return (
          <ul>
            {items.map((item) => (
              <li>
                <Inline text={item.replace(/\s*\n\s*/g, ' ')} />
              </li>
            ))}
          </ul>
        );
      })}
    </>
  );
};

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** A one-line summary of a schema's type: `string`, `array of NormalizeRecord`, `"a" | "b"`, … */
function typeSummary(s: Schema): Child {
  if (s.$ref) return <a href={`#${schemaId(refName(s.$ref))}`}>{refName(s.$ref)}</a>;
  if (s.const !== undefined) return <code>{JSON.stringify(s.const)}</code>;
  if (s.enum) return <code>{s.enum.map((v) => JSON.stringify(v)).join(' | ')}</code>;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    return (
      <>
        {alternatives.map((a, i) => (
          <>
            {i > 0 ? ' or ' : ''}
            {typeSummary(a)}
          </>
        ))}
      </>
    );
  }
  if (s.allOf)
    return (
      <>
        {s.allOf.map((a, i) => (
          <>
            {i > 0 ? ' and ' : ''}
            {typeSummary(a)}
          </>
        ))}
      </>
    );
  const types = typeof s.type === 'string' ? [s.type] : (s.type ?? []);
  if (types.includes('array')) {
    const rest = types.filter((t) => t !== 'array');
    return (
      <>
        array of {s.items ? typeSummary(s.items) : 'anything'}
        {rest.length ? ` or ${rest.join(' or ')}` : ''}
      </>
    );
  }
  if (types.length === 0) return s.properties ? 'object' : 'any';
  if (
    types.includes('object') &&
    s.additionalProperties &&
    typeof s.additionalProperties === 'object' &&
    !s.properties
  ) {
    return <>object of {typeSummary(s.additionalProperties)}</>;
  }
  return types.join(' or ');
}

function constraints(s: Schema): string {
  const out: string[] = [];
  if (s.format) out.push(`format ${s.format}`);
  if (s.minLength !== undefined) out.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
  if (s.minItems !== undefined) out.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.pattern) out.push(`matches ${s.pattern}`);
  if (s.additionalProperties === false) out.push('no other members');
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out.join('; ');
}

function exampleOf(s: Schema): unknown {
  return s.example !== undefined ? s.example : s.examples?.[0];
}

/** The members of an object schema (and of the object alternatives of a union), as nested tables. */
const SchemaView: FC<{ schema: Schema; depth?: number }> = ({ schema, depth = 0 }) => {
  const c = constraints(schema);
  const example = exampleOf(schema);
  const alternatives = (schema.anyOf ?? schema.oneOf ?? []).filter((a) => a.properties || a.items);
  const item =
    schema.items && !schema.items.$ref && (schema.items.properties || schema.items.anyOf) ? schema.items : null;
  return (
    <div class="schema">
      <p>
        {typeSummary(schema)}
        {c ? <span class="muted"> ({c})</span> : null}
      </p>
      <Prose text={schema.description} />
      {example !== undefined ? (
        <p>
          Example: <code>{JSON.stringify(example)}</code>
        </p>
      ) : null}
      {schema.properties && depth < MAX_DEPTH ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(schema.properties).map(([name, p]) => (
              <tr>
                <td>
                  <code>{name}</code>
                  {schema.required?.includes(name) ? <span class="muted"> required</span> : null}
                </td>
                <td>
                  {p.properties || p.anyOf || p.oneOf || (p.items && (p.items.properties || p.items.anyOf)) ? (
                    <SchemaView schema={p} depth={depth + 1} />
                  ) : (
                    <>
                      {typeSummary(p)}
                      {constraints(p) ? <span class="muted"> ({constraints(p)})</span> : null}
                      <Prose text={p.description} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {depth < MAX_DEPTH
        ? alternatives.map((a, i) => (
            <>
              <p class="muted">Alternative {i + 1}:</p>
              <SchemaView schema={a} depth={depth + 1} />
            </>
          ))
        : null}
      {item && depth < MAX_DEPTH ? <SchemaView schema={item} depth={depth + 1} /> : null}
    </div>
  );
};

const Content: FC<{ content?: Readonly<Record<string, Media>> | undefined }> = ({ content }) => {
  if (!content) return null;
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div>
          <p>
            <code>{type}</code>
          </p>
          {media.schema ? <SchemaView schema={media.schema} /> : null}
        </div>
      ))}
    </>
  );
};

const OperationView: FC<{ method: string; path: string; op: Operation }> = ({ method, path, op }) => (
  <section class="op" id={operationId(method, path)} aria-labelledby={`${operationId(method, path)}-h`}>
    <h3 id={`${operationId(method, path)}-h`}>
      <span class="method">{method.toUpperCase()}</span>
      <code>{path}</code>
    </h3>
    {op.summary ? (
      <p>
        <Inline text={op.summary} />
      </p>
    ) : null}
    <Prose text={op.description} />
    {op.security && op.security.length > 0 ? (
      <p>
        Needs: {op.security.flatMap((s) => Object.keys(s)).join(', ')} (<code>Authorization: Bearer …</code>)
      </p>
    ) : null}
    {op.parameters && op.parameters.length > 0 ? (
      <>
        <h4>Parameters</h4>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">In</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr>
                <td>
                  <code>{p.name}</code>
                  {p.required ? <span class="muted"> required</span> : null}
                </td>
                <td>{p.in}</td>
                <td>{p.schema ? typeSummary(p.schema) : ''}</td>
                <td>
                  <Prose text={p.description ?? p.schema?.description} />
                  {p.schema && exampleOf(p.schema) !== undefined ? (
                    <p>
                      Example: <code>{String(exampleOf(p.schema))}</code>
                    </p>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    ) : null}
    {op.requestBody ? (
      <>
        <h4>Request body{op.requestBody.required ? '' : ' (optional)'}</h4>
        <Content content={op.requestBody.content} />
      </>
    ) : null}
    <h4>Responses</h4>
    <dl>
      {Object.entries(op.responses ?? {}).map(([status, r]) => (
        <>
          <dt>
            <b>{status}</b> {r.description ?? ''}
          </dt>
          <dd>
            {r.headers
              ? Object.entries(r.headers).map(([name, h]) => (
                  <p>
                    Header <code>{name}</code>: {h.description ?? ''}
                  </p>
                ))
              : null}
            <Content content={r.content} />
          </dd>
        </>
      ))}
    </dl>
  </section>
);

interface Entry {
  readonly method: string;
  readonly path: string;
  readonly op: Operation;
}

/** The operations of `doc` by tag, in the order of the document's tags, then any other tag. */
function byTag(doc: OpenApiDocument): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>(TAGS.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  for (const [tag, entries] of groups) if (entries.length === 0) groups.delete(tag);
  return groups;
}

/** The reference page (`/docs/api`): the OpenAPI document rendered on the server, nothing fetched. */
export function renderReference(doc: OpenApiDocument, base: string): string {
  const groups = byTag(doc);
  const schemas = Object.entries((doc.components?.schemas ?? {}) as Record<string, Schema>);
  const descriptions = new Map(TAGS.map((t) => [t.name as string, t.description as string]));
  return renderPage(
    {
      title: `${doc.info.title} API ${doc.info.version}`,
      base,
      lede: (
        <>
          Generated from <a href={`${base}openapi.json`}>openapi.json</a> (OpenAPI {doc.openapi}), itself generated from
          the schemas that validate the requests.
        </>
      ),
    },
    <>
      <Prose text={doc.info.description} />
      <nav aria-labelledby="toc">
        <h2 id="toc">Contents</h2>
        <ul>
          {[...groups].map(([tag, entries]) => (
            <li>
              {tag}
              <ul>
                {entries.map((e) => (
                  <li>
                    <a href={`#${operationId(e.method, e.path)}`}>
                      {e.method.toUpperCase()} {e.path}
                    </a>
                    {e.op.summary ? (
                      <span class="muted">
                        {' '}
                        — <Inline text={e.op.summary} />
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#schemas">Schemas</a>
          </li>
        </ul>
      </nav>
      {[...groups].map(([tag, entries]) => (
        <section aria-labelledby={`tag-${schemaId(tag)}`}>
          <h2 id={`tag-${schemaId(tag)}`}>{tag}</h2>
          <Prose text={descriptions.get(tag)} />
          {entries.map((e) => (
            <OperationView method={e.method} path={e.path} op={e.op} />
          ))}
        </section>
      ))}
      <section aria-labelledby="schemas">
        <h2 id="schemas">Schemas</h2>
        {schemas.map(([name, schema]) => (
          <section id={schemaId(name)} aria-labelledby={`${schemaId(name)}-h`}>
            <h3 id={`${schemaId(name)}-h`}>{name}</h3>
            <SchemaView schema={schema} />
          </section>
        ))}
      </section>
    </>,
  );
}
