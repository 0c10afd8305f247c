/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { MetadataRecord, ResolutionReport } from '../resolution/index.ts';
import { TargetHealthView } from './fallback.tsx';
import { renderPage } from './layout.tsx';

const LABELS: Readonly<Record<string, string>> = {
  who: 'Who',
  what: 'What',
  when: 'When',
  where: 'Where',
  how: 'How it was found',
  accessUrl: 'Access',
};

/** A value as text, URLs as links; objects and arrays as compact JSON. */
const Value: FC<{ value: unknown }> = ({ value }) => {
  if (typeof value === 'string') {
    return /^https?:\/\/[!-~]+$/.test(value) ? <a href={value}>{value}</a> : <span>{value}</span>;
  }
  if (value === null || value === undefined) return <span class="muted">none</span>;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return (
      <ol>
        {value.map((v) => (
          <li>{v}</li>
        ))}
      </ol>
    );
  }
  return <code>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</code>;
};

/** A two-column table of the entries of `value`, with a heading. */
export const KeyValues: FC<{ title: string; value: object; id?: string }> = ({ title, value, id }) => (
  <section aria-labelledby={id}>
    <h2 id={id}>{title}</h2>
    <table class="kv">
      <tbody>
        {Object.entries(value).map(([k, v]) => (
          <tr>
            <th scope="row">{LABELS[k] ?? k}</th>
            <td>
              <Value value={v} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </section>
);

/** "302 → target", or why it does not resolve. */
export const ResolutionLine: FC<{ resolution: ResolutionReport }> = ({ resolution }) =>
  resolution.target ? (
    <p>
      <span class="status-ok">Resolves</span> ({resolution.status}) to{' '}
      <a href={resolution.target}>{resolution.target}</a>
    </p>
  ) : (
    <p>
      <span class="status-bad">Does not resolve</span> ({resolution.status}
      {resolution.code ? (
        <>
          , <span class="error-code">{resolution.code}</span>
        </>
      ) : null}
      ){resolution.detail ? `: ${resolution.detail}` : ''}
    </p>
  );

/**
 * The metadata record of `?`, `??` and `?info` (and of `/lookup`) as HTML sections: where it resolves,
 * the citation (ERC), the commitment, the identifier and its components, how it was resolved.
 */
export const MetadataView: FC<{ record: MetadataRecord }> = ({ record }) => {
  const { resolution } = record;
  return (
    <>
      <ResolutionLine resolution={resolution} />
      <KeyValues id="erc" title="Citation (erc)" value={record.erc} />
      {record.support ? <KeyValues id="erc-support" title="Commitment (erc-support)" value={record.support} /> : null}
      <KeyValues
        id="identifier"
        title="Identifier"
        value={{
          scheme: record.scheme,
          normalized: record.normalized,
          ...(record.profile ? { profile: record.profile } : {}),
        }}
      />
      {record.components ? <KeyValues id="components" title="Components" value={record.components} /> : null}
      <KeyValues id="resolution" title="Resolution" value={resolution} />
      {record.targetHealth ? <TargetHealthView health={record.targetHealth} /> : null}
      {record.about ? <KeyValues id="about" title="More" value={record.about} /> : null}
    </>
  );
};

/** The HTML answer of `?`, `??` and `?info`: the metadata record in the site's layout (no script). */
export function renderMetadataPage(record: MetadataRecord, base = '/'): string {
  const brief =
    record.inflection === '?'
      ? 'brief record'
      : record.inflection === '??'
        ? 'record and commitment'
        : 'everything known';
  return renderPage(
    {
      title: record.identifier + record.inflection,
      base,
      lede: (
        <>
          Metadata ({brief}) of the {record.scheme.toUpperCase()} identifier <code>{record.normalized}</code>. The same
          record comes as text (THUMP) or JSON by the <code>Accept</code> header.
        </>
      ),
    },
    <MetadataView record={record} />,
  );
}
