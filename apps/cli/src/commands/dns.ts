import { ReloadableNaanTable, startDns } from '@pidgate/gateway';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, readConfig, withStore } from '../store.ts';

export const dnsCommand: Command = {
  name: 'dns',
  summary: 'serve Maptr: NAPTR records for NAAN.ark.arpa over UDP and TCP (ARK §4.2)',
  usage: `pidgate dns [--port N] [--host ADDRESS] [--config FILE]

Serves, over UDP and TCP (the same port), NAPTR records at NAAN.ark.arpa (suffix: dns.suffix,
PIDGATE_DNS_SUFFIX) in the format of ARK §4.2, service "ark", flags "h":
  12345.ark.arpa. IN NAPTR 0 0 "h" "ark" "NAME" ark.example.org
for the NAANs this institution serves (pidgate shoulder add), pointing at dns.nmah
(PIDGATE_DNS_NMAH, by default the host of baseUrl), and for every NAAN of the gateway's NAAN
table. Unknown names get NXDOMAIN. Port: --port, PIDGATE_DNS_PORT or 5353 (0 picks a free
one); address: --host, PIDGATE_DNS_HOST or 0.0.0.0; time to live of the answers: dns.ttl,
PIDGATE_DNS_TTL or 300 seconds. Prints "listening on udp://ADDRESS:PORT and tcp://ADDRESS:PORT".
Hostile input is bounded: datagrams over 1232 octets, shorter than a header or that are
responses (QR=1) are dropped; malformed queries get FORMERR without being decoded; nothing is
sent to source port 0 or to the server itself. UDP answers are rate-limited as BIND and Knot
do it (response rate limiting, dns.rrl): per client /24 (IPv6 /56) and per answer (name and type;
all NXDOMAINs; all errors), dns.rrl.responsesPerSecond (PIDGATE_DNS_RRL_RESPONSES_PER_SECOND, 20)
a second; past it answers are dropped, except every dns.rrl.slip-th (2), sent truncated (TC=1) so
a genuine resolver retries over TCP. A flood spoofed with a resolver's address therefore cannot
silence it. TCP is never rate-limited (at most 16 connections from one address, 10 s idle).
SIGHUP re-reads the NAANs and the table; SIGTERM or SIGINT stops it (exit status 0).
Exit status 2 when the configuration is invalid or the port cannot be bound.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      port: { type: 'string' },
      host: { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`dns takes no arguments, not ${JSON.stringify(positionals[0])}`);
    if (values.port !== undefined && (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535)) {
      throw new UsageError(`--port must be 0 to 65535, not ${values.port}`);
    }
    const base = readConfig(io, values.config);
    if (!base.store.enabled) throw new UsageError('pidgate dns serves the NAANs of the store: store.enabled is off');
    return withStore(io, values.config, async (store, config) => {
      const dns = {
        ...config.dns,
        ...(values.port === undefined ? {} : { port: Number(values.port) }),
        ...(values.host === undefined ? {} : { host: values.host }),
      };
      const table = await ReloadableNaanTable.fromConfig(config, io.cwd);
      let running: Awaited<ReturnType<typeof startDns>>;
      try {
        running = await startDns({ ...config, dns }, store, table);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      await write(
        io.stdout,
        `listening on udp://${running.address}:${running.port} and tcp://${running.address}:${running.port} (${running.names} names)\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGTERM', stop);
          process.off('SIGINT', stop);
          process.off('SIGHUP', reload);
          resolve();
        };
        const reload = () => {
          running.refresh().then(
            (n) => write(io.stdout, `reloaded: ${n} names\n`),
            (e: Error) => write(io.stderr, `reload failed, the old records stay: ${e.message}\n`),
          );
        };
        process.on('SIGTERM', stop);
        process.on('SIGINT', stop);
        process.on('SIGHUP', reload);
      });
      await running.close();
      return 0;
    });
  },
};
