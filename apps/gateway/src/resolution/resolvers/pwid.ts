import { type Archive, resolvePwid } from '@pidgate/pwid';
import { isPwidResolutionCode } from '../codes.ts';
import { safeHttpUrl } from '../url.ts';
import { type Outcome, type Resolver, UNAV, UNKN } from './types.ts';

function archiveName(archive: Archive): string {
  return `${archive.name} (${archive.id})`;
}

/** One Memento `Link` value, or nothing when `url` is no http(s) URL. */
function addLink(links: string[], url: unknown, rel: string, extra = ''): void {
  const safe = typeof url === 'string' ? safeHttpUrl(url) : null;
  if (safe) links.push(`<${safe}>; rel="${rel}"${extra}`);
}

/** Memento `Link` values (RFC 7089 §2.2): original resource, TimeGate and TimeMap (no closure per request). */
function mementoLinks(original: unknown, timegate: unknown, timemap: unknown): string[] {
  const links: string[] = [];
  addLink(links, original, 'original');
  addLink(links, timegate, 'timegate');
  addLink(links, timemap, 'timemap', '; type="application/link-format"');
  return links;
}

/** PWID: a 302 to the archive's replay URL with Memento links; restricted archives explain how to get access. */
export const pwidResolver: Resolver<'pwid'> = {
  scheme: 'pwid',
  resolve(id, s): Outcome {
    const result = resolvePwid(id.components, s.archives);
    if (!result.ok) {
      const { code, message } = result.error;
      // resolvePwid gives the archive registry's codes; anything else is an archive it cannot find.
      const known = isPwidResolutionCode(code) ? code : 'unknown-archive';
      return { kind: 'not-found', how: 'archive-registry', code: known, detail: message };
    }
    const r = result.value;
    if (r.kind === 'restricted') {
      return {
        kind: 'restricted',
        how: 'archive-registry',
        archive: archiveName(r.archive),
        explanation: r.explanation,
        accessUrl: r.accessUrl ? safeHttpUrl(r.accessUrl) : null,
      };
    }
    const target = safeHttpUrl(r.url);
    if (!target) {
      return {
        kind: 'failed',
        status: 502,
        how: 'archive-registry',
        code: 'bad-target',
        detail: 'the archive gave no http(s) replay URL',
      };
    }
    return {
      kind: 'redirect',
      target,
      status: 302,
      how: 'archive-registry',
      links: mementoLinks(r.original, r.timegate, r.timemap),
      trace: [`archive ${archiveName(r.archive)}`],
    };
  },
  describe(id, outcome, s) {
    const result = resolvePwid(id.components, s.archives);
    const archive = result.ok ? archiveName(result.value.archive) : UNKN;
    const { item, archivalTime } = id.components;
    return {
      erc: { who: archive, what: item, when: archivalTime, where: outcome.kind === 'redirect' ? outcome.target : UNAV },
      support: {
        who: archive,
        what: outcome.kind === 'restricted' ? outcome.explanation : '(:unkn) web archive preservation',
        when: UNKN,
        where: outcome.kind === 'restricted' && outcome.accessUrl ? outcome.accessUrl : UNAV,
      },
      extra: result.ok ? { archive: result.value.archive } : {},
    };
  },
};
