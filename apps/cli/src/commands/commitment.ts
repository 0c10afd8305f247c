import { type Commitment, type ErcRecord, PERMANENCE_LEVELS, type Store } from '@pidgate/store';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

const USAGE = `pidgate commitment list [--config FILE]
pidgate commitment show PREFIX [--config FILE]
pidgate commitment set PREFIX --what STATEMENT [--who WHO] [--when WHEN] [--where URL] [--config FILE]
pidgate commitment remove PREFIX [--config FILE]`;

/** One commitment as a JSON line (list, show, set). */
const line = (c: Commitment) =>
  `${JSON.stringify({ prefix: c.prefix, statement: c.statement, updatedAt: c.updatedAt, actor: c.actor })}\n`;

/** A NAAN (`ark:/99999`) or shoulder this instance serves: the console's rule, so no statement sits on nothing. */
async function servedPrefix(store: Store, prefix: string): Promise<void> {
  const naans = await store.listNaans();
  if (!naans.ok) fail(naans.error);
  const shoulders = await store.listShoulders();
  if (!shoulders.ok) fail(shoulders.error);
  const known = naans.value.some((n) => `ark:/${n.naan}` === prefix) || shoulders.value.some((s) => s.key === prefix);
  if (!known) {
    throw new UsageError(
      `${prefix} is no NAAN or shoulder this instance serves (pidgate shoulder list; a NAAN is written ark:/99999)`,
    );
  }
}

async function find(store: Store, prefix: string): Promise<Commitment | undefined> {
  const all = await store.listCommitments();
  if (!all.ok) fail(all.error);
  return all.value.find((c) => c.prefix === prefix);
}

export const commitmentCommand: Command = {
  name: 'commitment',
  summary: 'list, show, set and remove the ?? commitment statements of NAANs and shoulders',
  usage: `${USAGE}

A commitment statement is what the institution commits to for every identifier under a NAAN (ark:/99999)
or a shoulder (ark:/99999/fk4): set once there, it is shown in the ?? answer of every identifier under it
that has no commitment of its own, instead of (:unav); a shoulder's statement wins over its NAAN's. The same
statements the console's Administration > Shoulders page sets.
list prints every statement as a JSON line; show prints one (exit 1 when PREFIX has none).
set stores the statement of PREFIX (a NAAN or shoulder this instance serves): --what is the statement, for
instance one of the permanence levels of ARK §5.2 (${PERMANENCE_LEVELS.map((l) => `"${l}"`).join(', ')});
--who, --when and --where (an http(s) URL) are optional. It replaces the statement PREFIX had.
remove deletes the statement of PREFIX (?? shows the NAAN's, or (:unav), again).
Exit status 0, 1 when show or remove finds no statement, or 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      what: { type: 'string' },
      who: { type: 'string' },
      when: { type: 'string' },
      where: { type: 'string' },
    });
    const [action, ...rest] = positionals;
    const given = (['what', 'who', 'when', 'where'] as const).filter((k) => values[k] !== undefined);
    if (action !== 'set' && given.length > 0) throw new UsageError(`--${given[0]} is only for commitment set`);
    if (action === 'list' && rest.length === 0) {
      return withStore(io, values.config, async (store) => {
        const all = await store.listCommitments();
        if (!all.ok) fail(all.error);
        await write(io.stdout, all.value.map(line).join(''));
        return 0;
      });
    }
    const prefix = rest[0]?.replace(/\/+$/, '');
    if (rest.length !== 1 || !prefix) throw new UsageError(`usage:\n${USAGE}`);
    if (action === 'show') {
      return withStore(io, values.config, async (store) => {
        const found = await find(store, prefix);
        if (!found) {
          await write(io.stderr, `pidgate commitment: ${prefix} has no commitment statement\n`);
          return 1;
        }
        await write(io.stdout, line(found));
        return 0;
      });
    }
    if (action === 'set') {
      const what = values.what?.trim();
      if (!what) throw new UsageError('commitment set needs --what STATEMENT');
      if (values.where !== undefined && !/^https?:\/\//i.test(values.where)) {
        throw new UsageError('--where is an http(s) URL');
      }
      const statement: ErcRecord = { what };
      for (const k of ['who', 'when', 'where'] as const) {
        const v = values[k]?.trim();
        if (v) statement[k] = v;
      }
      return withStore(io, values.config, async (store) => {
        await servedPrefix(store, prefix);
        const set = await store.setCommitment(prefix, statement, 'cli');
        if (!set.ok) fail(set.error);
        if (set.value) await write(io.stdout, line(set.value));
        return 0;
      });
    }
    if (action === 'remove') {
      return withStore(io, values.config, async (store) => {
        if (!(await find(store, prefix))) {
          await write(io.stderr, `pidgate commitment: ${prefix} has no commitment statement\n`);
          return 1;
        }
        const removed = await store.setCommitment(prefix, null, 'cli');
        if (!removed.ok) fail(removed.error);
        await write(io.stdout, `removed the commitment statement of ${prefix}\n`);
        return 0;
      });
    }
    throw new UsageError(`usage:\n${USAGE}`);
  },
};
