import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openStore, type Store } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { type ConfigInput, loadConfig } from '../config/index.ts';
import { createDeps } from '../deps.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { type Received, smtp } from '../testing/smtp.ts';
import { mailNotifier } from './notify.ts';
import { downloadService } from './setup.ts';

// EZID's `notify` for a batch download, mailed through a real SMTP server (smtp-server) on 127.0.0.1:
// the message reaches it and names the URL the request was answered with; a mail server that is down is
// logged and the job is ready all the same; without `mail.host` (the default) nothing is sent.

const dirs: string[] = [];
const temp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A gateway (app.request) on a real SQLite file, its event log lines, and Basic credentials of alice. */
async function gateway(mail: ConfigInput['mail']) {
  const store: Store = await openStore({ dataDir: temp('pidgate-notify-data-') });
  const log: string[] = [];
  const config = testConfig({
    log: 'json',
    store: { enabled: true },
    ezid: { basePath: '/ezid' },
    downloads: { dir: temp('pidgate-notify-files-') },
    ...(mail ? { mail } : {}),
  });
  const deps = await createDeps(config, {
    registry: allSchemes,
    store,
    logOut: { write: (s: string) => log.push(...s.split('\n').filter((l) => l !== '')) },
  });
  const app = createApp(deps);
  const made = await store.createToken('alice', ['ark:/99999/fk4']);
  if (!made.ok) throw new Error(made.error.message);
  const put = await store.putBinding('ark:/99999/fk4a', { target: 'https://example.org/a', owner: 'alice' }, 'alice');
  if (!put.ok) throw new Error(put.error.message);
  const auth = `Basic ${Buffer.from(`alice:${made.value.token}`).toString('base64')}`;
  const request = (body: string) =>
    app.request('http://localhost/ezid/download_request', {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  const idle = async () => downloadService(deps)?.idle();
  return { app, store, log, request, idle, close: () => store.close() };
}

const events = (log: string[], name: string) =>
  log.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e['event'] === name);

describe('batch download notify', () => {
  it('mails every notify address when the file is ready, naming the URL the request was answered with', async () => {
    const server = await smtp();
    const g = await gateway({
      host: '127.0.0.1',
      port: server.port,
      user: 'pidgate',
      password: 'mail secret',
      from: 'pidgate <noreply@example.org>',
    });
    const res = await g.request('format=csv&column=_id&column=_target&notify=a@example.org&notify=b@example.org');
    const line = await res.text();
    expect(res.status, line).toBe(200);
    const url = line.replace(/^success: /, '').trim();
    expect(url).toMatch(/^http:\/\/[^/]+\/ezid\/download\/[0-9a-f]{32}\.csv\.gz$/);
    await g.idle();
    expect(server.received).toHaveLength(1);
    const [mail] = server.received as [Received];
    expect(mail.from).toBe('noreply@example.org');
    expect(mail.to.sort()).toEqual(['a@example.org', 'b@example.org']);
    expect(mail.user).toBe('pidgate');
    expect(mail.data).toMatch(/^Subject: Your batch download is ready$/m);
    // The body names the file's URL exactly (quoted-printable may wrap a long line: undo soft breaks).
    expect(mail.data.replace(/=\r\n/g, '')).toContain(url);
    expect(mail.data).toContain('It holds 1 identifier and is kept until');
    // The file the mail names is there.
    const file = await g.app.request(new URL(url).pathname);
    expect(file.status).toBe(200);
    expect(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8')).toContain('ark:/99999/fk4a');
    expect(events(g.log, 'mail-sent')).toHaveLength(1);
    await g.close();
    await server.close();
  });

  it('logs a mail server that is down, and the job is ready all the same', async () => {
    const down = await smtp();
    const port = down.port;
    await down.close();
    const g = await gateway({ host: '127.0.0.1', port, from: 'noreply@example.org' });
    const res = await g.request('format=anvl&notify=a@example.org');
    const url = (await res.text()).replace(/^success: /, '').trim();
    await g.idle();
    const file = await g.app.request(new URL(url).pathname);
    expect(file.status).toBe(200);
    const failed = events(g.log, 'mail-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.['job']).toBe(/([0-9a-f]{32})/.exec(url)?.[1]);
    await g.close();
  });

  it('sends nothing by default: no mail.host, no notifier, notify accepted', async () => {
    const config = loadConfig({});
    expect(config.mail).toMatchObject({ host: null, from: null });
    expect(mailNotifier(config.mail, () => undefined)).toBeNull();
    const g = await gateway(undefined);
    const res = await g.request('format=anvl&notify=a@example.org');
    expect(res.status).toBe(200);
    await g.idle();
    expect(events(g.log, 'mail-sent')).toEqual([]);
    expect(events(g.log, 'mail-failed')).toEqual([]);
    await g.close();
  });

  it.each([
    ['notify=not-an-address', "error: bad request - parameter 'notify': not an email address"],
    [
      Array.from({ length: 11 }, (_, i) => `notify=u${i}@example.org`).join('&'),
      "error: bad request - parameter 'notify': at most 10 addresses",
    ],
  ])('refuses %s with a clear error', async (notify, expected) => {
    const g = await gateway(undefined);
    const res = await g.request(`format=anvl&${notify}`);
    expect([res.status, await res.text()]).toEqual([400, expected]);
    await g.close();
  });

  it('refuses a mail configuration that cannot send: a host without from, a user without password', () => {
    expect(() => loadConfig({ PIDGATE_MAIL_HOST: 'smtp.example.org' })).toThrow(/mail\.host needs mail\.from/);
    expect(() =>
      loadConfig({ PIDGATE_MAIL_HOST: 'smtp.example.org', PIDGATE_MAIL_FROM: 'x@example.org', PIDGATE_MAIL_USER: 'u' }),
    ).toThrow(/mail\.user needs mail\.password/);
    expect(
      loadConfig({
        PIDGATE_MAIL_HOST: 'smtp.example.org',
        PIDGATE_MAIL_FROM: 'x@example.org',
        PIDGATE_MAIL_SECURE: 'yes',
      }).mail,
    ).toMatchObject({ host: 'smtp.example.org', port: 587, secure: true, user: null });
  });
});
