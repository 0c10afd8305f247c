import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message a test SMTP server received. */
export interface Received {
  readonly from: string;
  readonly to: string[];
  readonly user: string | null;
  readonly data: string;
}

/** A real SMTP server on 127.0.0.1 (plain, with AUTH PLAIN/LOGIN over it) that keeps what it receives. */
export async function smtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'pidgate' && auth.password === 'mail secret') callback(null, { user: auth.username });
      else callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : null,
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
