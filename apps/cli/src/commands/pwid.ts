import { readFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import type { PidError, Result } from '@pidgate/core';
import {
  type ArchiveRegistry,
  loadArchiveRegistry,
  normalizePwid,
  type PwidResolution,
  parseCollection,
  parsePwid,
  pwidFromReplayUrl,
  resolveCollection,
  resolvePwid,
  summarizeCollection,
} from '@pidgate/pwid';
import { type Command, parseCommandArgs, profileOption, readProfile } from '../command.ts';
import { type Io, UsageError, write } from '../io.ts';

const USAGE = `pidgate pwid <from-url|to-url|collection> [options]

  pidgate pwid from-url URL [--precision P] [--profile source|modern] [--archives FILE]
    The PWID of a web archive replay URL. Without --precision, a raw flag (id_, im_, js_, cs_, oe_)
    means "part" and anything else "page". Prints {"input":URL,"ok":true,"pwid":"urn:pwid:..."}.

  pidgate pwid to-url PWID [--profile source|modern] [--archives FILE]
    Where a PWID leads. Prints {"input":PWID,"ok":true,"pwid":NORMALIZED,"kind":"replay","url":...,
    "original":...,"timegate":...,"timemap":...,"acceptDatetime":...,"archive":{"id":...,"name":...}}
    or, for a restricted archive, {"kind":"restricted","explanation":...,"accessUrl":...,"archive":{...}}.

  pidgate pwid collection FILE [--profile source|modern] [--archives FILE]
    Reads a web collection (one PWID per line, or SolrWayback's <part>urn:pwid:...</part> elements, which
    may wrap across lines and are reported at the line of their start tag; blank lines, "#" comments and
    other XML lines are skipped; "-" reads standard input) and writes JSON lines:
      {"type":"pwid","line":N,"pwid":NORMALIZED,"archive":ID,"duplicates":[N...],"resolution":{...}}
        one per distinct PWID, grouped by archive; "resolution" is as for to-url, or {"error":{...}}
      {"type":"invalid","line":N,"input":...,"error":{"code":...,"message":...,"offset":N,"part":...}}
      {"type":"summary","read":N,"valid":N,"invalid":N,"distinct":N,"duplicates":N,
        "archives":[{"archiveId":...,"name":...,"access":...,"count":N}]}

  --archives FILE  a JSON registry {"archives":[{"id","name","access","replay","timegate","timemap",
                   "rawMode","accessUrl","aliases","collection"}],"builtin":true} that adds to or overrides
                   the built-in one; a pattern may hold a "/{collection}/" segment, filled from "collection".

Exit status 0; 2 with {"input":...,"ok":false,"error":{...}} when the input does not convert, or when the
command itself cannot run.`;

const options = {
  ...profileOption,
  precision: { type: 'string' },
  archives: { type: 'string' },
} as const;

function errorJson(e: PidError) {
  return e.part === undefined
    ? { code: e.code, message: e.message, offset: e.offset }
    : { code: e.code, message: e.message, offset: e.offset, part: e.part };
}

function resolutionJson(r: Result<PwidResolution>) {
  if (!r.ok) return { error: errorJson(r.error) };
  const { archive, ...rest } = r.value;
  return { ...rest, archive: { id: archive.id, name: archive.name, access: archive.access } };
}

async function fail(io: Io, input: string, e: PidError): Promise<number> {
  await write(io.stdout, `${JSON.stringify({ input, ok: false, error: errorJson(e) })}\n`);
  return 2;
}

function registryOf(path: unknown, cwd: string): ArchiveRegistry | undefined {
  if (path === undefined) return undefined;
  const loaded = loadArchiveRegistry(resolvePath(cwd, String(path)));
  if (!loaded.ok) throw new UsageError(`--archives: ${loaded.error.message}`);
  return loaded.value;
}

export const pwidCommand: Command = {
  name: 'pwid',
  summary: 'convert PWIDs to and from web archive replay URLs; read web collections',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, options);
    const profile = readProfile(values.profile);
    const [action, input, ...extra] = positionals;
    if (action === undefined) throw new UsageError('pwid needs an action: from-url, to-url or collection');
    if (input === undefined || extra.length > 0) throw new UsageError(`pwid ${action} takes exactly one argument`);
    const registry = registryOf(values.archives, io.cwd);
    switch (action) {
      case 'from-url': {
        const r = pwidFromReplayUrl(input, { precision: values.precision ?? null, registry, profile });
        if (!r.ok) return fail(io, input, r.error);
        await write(io.stdout, `${JSON.stringify({ input, ok: true, pwid: r.value })}\n`);
        return 0;
      }
      case 'to-url': {
        if (values.precision !== undefined) throw new UsageError('--precision is for from-url');
        const parsed = parsePwid(input, { profile });
        if (!parsed.ok) return fail(io, input, parsed.error);
        const r = resolvePwid(parsed.value, registry);
        if (!r.ok) return fail(io, input, r.error);
        const pwid = normalizePwid(parsed.value);
        await write(io.stdout, `${JSON.stringify({ input, ok: true, pwid, ...resolutionJson(r) })}\n`);
        return 0;
      }
      case 'collection': {
        let text: string;
        try {
          text = input === '-' ? await readAll(io) : await readFile(resolvePath(io.cwd, input), 'utf8');
        } catch {
          throw new UsageError(`cannot read ${input}`);
        }
        const collection = parseCollection(text, { profile });
        let out = '';
        for (const { entry, resolution } of resolveCollection(collection, registry)) {
          const line = {
            type: 'pwid',
            line: entry.line,
            pwid: entry.normalized,
            archive: entry.archiveId,
            duplicates: entry.duplicates,
            resolution: resolutionJson(resolution),
          };
          out += `${JSON.stringify(line)}\n`;
        }
        for (const f of collection.failures) {
          out += `${JSON.stringify({ type: 'invalid', line: f.line, input: f.input, error: errorJson(f.error) })}\n`;
        }
        out += `${JSON.stringify({ type: 'summary', ...summarizeCollection(collection, registry) })}\n`;
        await write(io.stdout, out);
        return 0;
      }
      default:
        throw new UsageError(`unknown pwid action "${action}" (from-url, to-url or collection)`);
    }
  },
};

async function readAll(io: Io): Promise<string> {
  io.stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of io.stdin as AsyncIterable<string>) text += chunk;
  return text;
}
