import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Io } from '../io.ts';
import { main } from '../main.ts';

function io(env: Record<string, string>) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => {
    out += d;
  });
  stderr.on('data', (d) => {
    err += d;
  });
  const value: Io = { stdin: new PassThrough(), stdout, stderr, env, cwd: process.cwd() };
  return { io: value, out: () => out, err: () => err };
}

describe('pidgate serve', () => {
  it('starts the gateway, answers over HTTP, and stops cleanly on SIGTERM', async () => {
    const t = io({ PIDGATE_MAPTR_ENABLED: 'false', PIDGATE_HOST: '127.0.0.1' });
    const exit = main(['serve', '--port', '0'], t.io);
    let url = '';
    for (let i = 0; i < 200 && !url; i++) {
      await new Promise((r) => setTimeout(r, 25));
      url = /"event":"listening","url":"([^"]+)"/.exec(t.out())?.[1] ?? '';
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await fetch(`${url}urn:nbn:de:bvb:19-146642`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://nbn-resolving.org/urn:nbn:de:bvb:19-146642');
    expect(t.out()).toContain('"path":"/urn:nbn:de:bvb:19-146642","status":302');
    process.emit('SIGTERM');
    expect(await exit).toBe(0);
  });

  it.each([
    [['serve', '--port', 'eighty'], {}, '--port must be'],
    [['serve'], { PORT: '99999' }, 'port'],
    [['serve'], { PIDGATE_LOG: 'loud' }, 'log'],
    [['serve', '--config', 'no-such-file.json'], {}, 'cannot read configuration file'],
  ])('%j with %j is a usage error naming the problem', async (args, env, message) => {
    const t = io(env as Record<string, string>);
    expect(await main(args as string[], t.io)).toBe(2);
    expect(t.err()).toContain(message);
  });
});
