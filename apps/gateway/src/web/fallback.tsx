/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { Capture, FallbackAnswer, TargetHealth } from '../resolution/index.ts';
import { renderPage } from './layout.tsx';

/**
 * The web-archive fallback for people (resolution/fallback.ts): the identifier's target is gone; when, what
 * it was, and its latest captures in web archives, each with its PWID to cite it. No script; everything
 * escaped by JSX. `?info` shows the same captures (`TargetHealthView`).
 */

/** A date and time as people read it, in UTC: `2024-05-01 10:04 UTC`. */
const when = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : 'an unknown date');

/** What the last check found, in words. */
function lastCheck(h: TargetHealth): string {
  const status = h.lastStatus === null ? '' : ` (HTTP ${h.lastStatus})`;
  return `${h.lastClass ?? 'unknown'}${status}`;
}

/** The captures as a table: when, the archive, the link to the capture, its PWID. */
export const CaptureTable: FC<{ captures: readonly Capture[]; id: string }> = ({ captures, id }) => (
  <table class="kv" aria-labelledby={id}>
    <thead>
      <tr>
        <th scope="col">Captured</th>
        <th scope="col">Archive</th>
        <th scope="col">PWID</th>
      </tr>
    </thead>
    <tbody>
      {captures.map((c) => (
        <tr>
          <td>
            <a href={c.url}>{when(c.datetime)}</a>
          </td>
          <td>{c.archiveName}</td>
          <td>
            <code>{c.pwid}</code>
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** `?info`'s section on the target: what the link checker found and, when broken, the captures. */
export const TargetHealthView: FC<{ health: TargetHealth }> = ({ health }) => (
  <section aria-labelledby="target-health">
    <h2 id="target-health">Target</h2>
    <p>
      {health.state === 'broken' ? (
        <>
          <span class="status-bad">Broken</span> since {when(health.brokenSince)}: the link checker found{' '}
          <a href={health.target}>{health.target}</a> failing over its whole window (last: {lastCheck(health)}).
        </>
      ) : health.state === 'failing' ? (
        <>
          <span class="status-bad">Failing</span>: the last check of <a href={health.target}>{health.target}</a> failed
          ({lastCheck(health)}); not yet counted as broken.
        </>
      ) : (
        <>
          <span class="status-ok">Answers</span>: the last check of <a href={health.target}>{health.target}</a> was{' '}
          {when(health.lastChecked)}.
        </>
      )}
    </p>
    {health.state === 'broken' ? (
      health.captures && health.captures.length > 0 ? (
        <>
          <h3 id="captures">Captures in web archives, latest first</h3>
          <CaptureTable captures={health.captures} id="captures" />
        </>
      ) : (
        <p>No capture of it was found in the web archives this gateway asks.</p>
      )
    ) : null}
  </section>
);

/** The page: the target is gone, since when, what it was, and the latest capture (or that there is none). */
export function renderFallbackPage(answer: FallbackAnswer, identifier: string, base = '/'): string {
  const { health } = answer;
  const captures = health.captures ?? [];
  const latest = captures[0];
  return renderPage(
    {
      title: 'The target of this identifier is gone',
      base,
      lede: (
        <>
          <code>{identifier}</code> is still a valid identifier, but the page it leads to has not answered since{' '}
          {when(health.brokenSince)}.
        </>
      ),
    },
    <>
      <section aria-labelledby="original">
        <h2 id="original">Where it led</h2>
        <p>
          <a href={answer.original}>{answer.original}</a> (last check: {lastCheck(health)}). The gateway's link checker
          found it failing on several checks spread over days, so this is no passing outage.
        </p>
      </section>
      <section aria-labelledby="archived">
        <h2 id="archived">Archived copies</h2>
        {latest ? (
          <>
            <p>
              The latest capture is from {when(latest.datetime)} in {latest.archiveName}:{' '}
              <a href={latest.url}>open the archived copy</a>. It shows the page as it was then, not as it is.
            </p>
            <CaptureTable captures={captures} id="archived" />
          </>
        ) : (
          <p>
            No web archive this gateway asks holds a capture of it. The owner of the identifier may know where it went.
          </p>
        )}
      </section>
      <p>
        <a href={`${base}${identifier}?info`}>Everything known about this identifier</a>.{' '}
        <a href={base}>Resolve another identifier</a>.
      </p>
    </>,
  );
}
