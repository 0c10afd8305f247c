import { resolve } from 'node:path';
import { ConfigError, ENV_VARIABLES, loadConfig, startServer } from '@pidgate/gateway';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError } from '../io.ts';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the HTTP gateway (resolution, ?/??/?info metadata, batch API)',
  usage: `pidgate serve [--port N] [--host ADDRESS] [--config FILE]

Starts the pidgate HTTP gateway (default port 8080, or the PORT environment variable).
--config FILE reads a JSON configuration (also PIDGATE_CONFIG); environment variables override it:
  ${ENV_VARIABLES.join(', ')}
and --port/--host override both. It logs one JSON line per request on standard output.
SIGTERM or SIGINT stops it after in-flight requests finish; SIGHUP reloads the NAAN table.
Exit status 0 after a clean shutdown, 2 when the configuration is invalid or the port cannot be bound.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      port: { type: 'string' },
      host: { type: 'string' },
      config: { type: 'string', short: 'c' },
    });
    if (positionals.length > 0) throw new UsageError(`serve takes no arguments, not ${JSON.stringify(positionals[0])}`);
    let port: number | undefined;
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!/^\d{1,5}$/.test(values.port) || port > 65535)
        throw new UsageError(`--port must be 0 to 65535, not ${values.port}`);
    }
    let config: ReturnType<typeof loadConfig>;
    try {
      const file = values.config === undefined ? undefined : resolve(io.cwd, values.config);
      config = loadConfig(io.env, file, { port, host: values.host });
    } catch (e) {
      if (e instanceof ConfigError) throw new UsageError(e.message);
      throw e;
    }
    const server = await startServer({ config, signals: true, depsOptions: { logOut: io.stdout } });
    await server.closed;
    return 0;
  },
};
