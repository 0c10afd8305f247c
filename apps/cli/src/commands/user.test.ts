import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate user, pidgate group (accounts) and pidgate shoulder add --group, against a real SQLite file.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-user-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
const cli = (args: string[], stdin = '') => runCli([...args, '--config', config], stdin);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pidgate user and group', () => {
  it('creates groups and users with a password from standard input, which then signs in', async () => {
    expect((await cli(['group', 'create', 'library', '--description', 'The library'])).code).toBe(0);
    const made = await cli(
      [
        'user',
        'create',
        'alice',
        '--password-stdin',
        '--group',
        'library',
        '--role',
        'user',
        '--email',
        'alice@example.org',
        '--display-name',
        'Alice A.',
      ],
      'correct horse battery\n',
    );
    expect(made).toMatchObject({ code: 0, stdout: 'created user alice (user; groups library)\n' });
    expect(made.stdout + made.stderr).not.toContain('correct horse');
    const listed = await cli(['user', 'list']);
    const users = listed.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(users).toEqual([
      expect.objectContaining({
        username: 'alice',
        displayName: 'Alice A.',
        email: 'alice@example.org',
        groups: ['library'],
        hasPassword: true,
      }),
    ]);
    expect(listed.stdout).not.toContain('scrypt');
    const store = await openStore({ dataDir: join(dir, 'db') });
    expect((await store.verifyPassword('alice', 'correct horse battery')).ok).toBe(true);
    const signedIn = await store.createUserSession('alice', 3600);
    if (!signedIn.ok) throw new Error(signedIn.error.message);
    await store.close();

    // A new password ends alice's sessions; then disable and enable.
    expect(await cli(['user', 'password', 'alice', '--password-stdin'], 'a new passphrase\r\n')).toMatchObject({
      code: 0,
      stdout: 'set the password of alice; their sessions are ended\n',
    });
    const ended = await openStore({ dataDir: join(dir, 'db') });
    const old = await ended.verifyUserSession(signedIn.value.id);
    expect(old.ok ? 'ok' : old.error.code).toBe('invalid-session');
    await ended.close();
    expect((await cli(['user', 'disable', 'alice'])).code).toBe(0);
    const again = await openStore({ dataDir: join(dir, 'db') });
    const disabled = await again.verifyPassword('alice', 'a new passphrase');
    expect(disabled.ok ? 'ok' : disabled.error.code).toBe('user-disabled');
    await again.close();
    expect((await cli(['user', 'enable', 'alice'])).code).toBe(0);

    // Bad input is a usage error (exit 2) with the store's code.
    const short = await cli(['user', 'create', 'bob', '--password-stdin'], 'short\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('invalid-password');
    expect((await cli(['user', 'create', 'bob'])).code).toBe(2);
    expect((await cli(['user', 'create', 'bob', '--password-stdin', '--role', 'root'], 'long enough pw\n')).code).toBe(
      2,
    );
    const unknown = await cli(['user', 'create', 'bob', '--password-stdin', '--group', 'nogroup'], 'long enough pw\n');
    expect(unknown.stderr).toContain('unknown-group');
  });

  it('adds and removes members, shows a group with its shoulders, and assigns a shoulder to it', async () => {
    expect((await cli(['user', 'create', 'carol', '--password-stdin'], 'carol password\n')).code).toBe(0);
    expect((await cli(['group', 'add', 'library', 'carol'])).code).toBe(0);
    const shoulder = await cli(['shoulder', 'add', 'ark:/99999/g5', '--template', 'g5.reedk', '--group', 'library']);
    expect(shoulder.stdout).toContain('group library');
    const shown = JSON.parse((await cli(['group', 'show', 'library'])).stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({ name: 'library', members: ['alice', 'carol'], shoulders: ['ark:/99999/g5'] });
    expect((await cli(['group', 'remove', 'library', 'carol'])).code).toBe(0);
    const listed = JSON.parse((await cli(['group', 'list'])).stdout.trim()) as Record<string, unknown>;
    expect(listed).toMatchObject({ name: 'library', members: ['alice'] });
    expect((await cli(['shoulder', 'add', 'ark:/99999/h7', '--template', 'h7.reedk', '--group', 'nogroup'])).code).toBe(
      2,
    );
  });

  it('still groups identifier files, a file named create too (as ./create)', async () => {
    const file = join(dir, 'create');
    writeFileSync(file, 'ark:/99999/fk4a\nARK:/99999/fk4a\n');
    const grouped = await runCli(['group', './create'], '', { cwd: dir });
    expect(grouped.code).toBe(0);
    expect(JSON.parse(grouped.stdout.trim())).toMatchObject({ members: [{ line: 1 }, { line: 2 }] });
  });
});
