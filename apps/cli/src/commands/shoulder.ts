import { declareShoulder } from '@pidgate/gateway';
import { registry } from '@pidgate/schemes';
import { FALLBACK_MODES, type FallbackMode } from '@pidgate/store';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

export const shoulderCommand: Command = {
  name: 'shoulder',
  summary: 'declare the NAANs and shoulders this institution serves, and list them',
  usage: `pidgate shoulder add SHOULDER --template TEMPLATE [--seed SEED] [--name ORGANIZATION] [--group GROUP] [--config FILE]
pidgate shoulder list [--config FILE]
pidgate shoulder fallback SHOULDER [none|archive-page|archive-redirect] [--config FILE]

add declares a shoulder this institution mints on, e.g.
  pidgate shoulder add ark:/99999/x6 --template x6.reeddk
with its NOID template: prefix "." mode (r random, s sequential, z unbounded) mask (d digit,
e extended digit) and a final k for the NCDA check character. The template's prefix is the
shoulder's Name. The shoulder's NAAN is declared with it (named --name) when it is new; the
Maptr DNS server (pidgate dns) announces every declared NAAN. --seed fixes the order of an r
template (random by default). list prints every shoulder as a JSON line.
--group GROUP assigns the shoulder to a group of users (pidgate group create): only its members (and
administrators) mint there, and what they mint belongs to the group.
fallback sets what resolving an identifier under the shoulder answers when the link checker found its
target broken (docs/links.md, "Web-archive fallback"): none (the default: the redirect, as always),
archive-page (a page saying the target is gone, linking its latest capture in a web archive) or
archive-redirect (a redirect to that capture, saying so in a Pidgate-Fallback header; the page when
there is none). Without a mode it prints the shoulder's. A running gateway picks a change up within 5 s.
Exit status 0, or 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      template: { type: 'string', short: 't' },
      seed: { type: 'string' },
      name: { type: 'string' },
      group: { type: 'string', short: 'g' },
    });
    const [action, ...rest] = positionals;
    if (action === 'add' && rest.length === 1) {
      if (!values.template) throw new UsageError('shoulder add needs --template, e.g. x6.reeddk');
      const template = values.template;
      return withStore(io, values.config, async (store, config) => {
        const made = await declareShoulder(store, registry, config.profile, {
          shoulder: rest[0] as string,
          template,
          ...(values.seed ? { seed: values.seed } : {}),
          ...(values.name ? { naanName: values.name } : {}),
        });
        if (!made.ok) fail(made.error);
        // --group: only the group's members (and administrators) mint there.
        if (values.group) {
          const assigned = await store.setShoulderGroup(made.value.key, values.group);
          if (!assigned.ok) fail(assigned.error);
        }
        const capacity = made.value.capacity === null ? 'unbounded' : `${made.value.capacity} identifiers`;
        await write(
          io.stdout,
          `declared ${made.value.key} (NAAN ${made.value.naan}, ${made.value.template}, ${capacity}${values.group ? `, group ${values.group}` : ''})\n`,
        );
        return 0;
      });
    }
    if (action === 'list' && rest.length === 0) {
      return withStore(io, values.config, async (store) => {
        const list = await store.listShoulders();
        if (!list.ok) fail(list.error);
        let out = '';
        for (const s of list.value) {
          out += `${JSON.stringify({ shoulder: s.key, naan: s.naan, template: s.template, minted: s.minted, capacity: s.capacity, group: s.group })}\n`;
        }
        await write(io.stdout, out);
        return 0;
      });
    }
    if (action === 'fallback' && (rest.length === 1 || rest.length === 2)) {
      const shoulder = (rest[0] as string).replace(/\/+$/, '');
      const mode = rest[1];
      if (mode !== undefined && !(FALLBACK_MODES as readonly string[]).includes(mode)) {
        throw new UsageError(`shoulder fallback: the mode is one of ${FALLBACK_MODES.join(', ')}, not ${mode}`);
      }
      return withStore(io, values.config, async (store) => {
        const r =
          mode === undefined
            ? await store.fallbacks.get(shoulder)
            : await store.fallbacks.set(shoulder, mode as FallbackMode, 'cli');
        if (!r.ok) fail(r.error);
        await write(io.stdout, `${JSON.stringify({ shoulder: r.value.key, fallback: r.value.mode })}\n`);
        return 0;
      });
    }
    throw new UsageError(
      'usage: pidgate shoulder add SHOULDER --template TEMPLATE | shoulder list | shoulder fallback SHOULDER [MODE]',
    );
  },
};
