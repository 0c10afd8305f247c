import { createMaptrServer, type MaptrNaanEntry, type MaptrServer, type RrlOptions } from '@pidgate/discovery';
import type { Store } from '@pidgate/store';
import { type Config, ConfigError } from '../config/index.ts';
import type { ReloadableNaanTable } from '../resolution/index.ts';

/** The hostport announced for this institution's own NAANs: `dns.nmah`, else the host of `baseUrl`. */
export function ownNmah(config: Config): string | null {
  if (config.dns.nmah) return config.dns.nmah;
  return config.baseUrl ? new URL(config.baseUrl).host : null;
}

/**
 * The NAPTR records to serve (ARK §4.2): the NAANs this institution serves (from the store) point at its own
 * NMAH, flags "h", service "ark"; then every NAAN of the NAAN table with the hostports it knows.
 */
export async function maptrEntries(config: Config, store: Store | null, table: ReloadableNaanTable) {
  const own: MaptrNaanEntry[] = [];
  if (store) {
    const naans = await store.listNaans();
    if (!naans.ok) throw new ConfigError(`cannot read the NAANs served: ${naans.error.code}: ${naans.error.message}`);
    const nmah = ownNmah(config);
    if (naans.value.length > 0 && !nmah) {
      throw new ConfigError('the NAANs this institution serves need a hostport to announce: set dns.nmah or baseUrl');
    }
    for (const n of naans.value) own.push({ naan: n.naan, nmahs: [{ hostport: nmah as string, label: n.name || '' }] });
  }
  const served = new Set(own.map((e) => e.naan));
  const fromTable = table
    .nmahEntries()
    .filter((e) => !served.has(e.naan))
    .map((e) => ({ naan: e.naan, nmahs: e.nmahs }));
  return [...own, ...fromTable];
}

export interface RunningDns {
  readonly server: MaptrServer;
  readonly address: string;
  readonly port: number;
  readonly names: number;
  /** Re-read the NAANs and the table and serve the new records (the old ones stay on error). */
  refresh(): Promise<number>;
  close(): Promise<void>;
}

/** The response rate limiting `dns.rrl` asks for, in the server's terms (`false`: off). */
export function rrlOptions(config: Config): RrlOptions | false {
  const { enabled, nxdomainsPerSecond, errorsPerSecond, ...rest } = config.dns.rrl;
  if (!enabled) return false;
  return {
    ...rest,
    ...(nxdomainsPerSecond === null ? {} : { nxdomainsPerSecond }),
    ...(errorsPerSecond === null ? {} : { errorsPerSecond }),
  };
}

/**
 * Start the Maptr DNS server on `dns.host:dns.port`, UDP and TCP. UDP answers go through response rate
 * limiting (`dns.rrl`); TCP is never limited. Hostile queries are bounded and dropped or refused.
 */
export async function startDns(config: Config, store: Store | null, table: ReloadableNaanTable): Promise<RunningDns> {
  const options = async () => ({
    naans: await maptrEntries(config, store, table),
    suffix: config.dns.suffix,
    ttl: config.dns.ttl,
    rrl: rrlOptions(config),
  });
  const created = createMaptrServer(await options());
  if (!created.ok) throw new ConfigError(`Maptr records: ${created.error.message}`);
  const server = created.value;
  const bound = await server.listen(config.dns.port, config.dns.host);
  return {
    server,
    address: bound.address,
    port: bound.port,
    names: server.names().length,
    async refresh() {
      await table.reload();
      const updated = server.update(await options());
      if (!updated.ok) throw new ConfigError(`Maptr records: ${updated.error.message}`);
      return server.names().length;
    },
    close: () => server.close(),
  };
}
