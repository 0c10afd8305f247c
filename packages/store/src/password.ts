import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt (node:crypto), a random 16-byte salt per password, the parameters stored with
 * the hash in the PHC string format, `$scrypt$ln=14,r=8,p=1$<salt>$<hash>` (base64url), so they can be
 * raised later without invalidating stored hashes. Comparison is constant-time.
 */
export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  readonly ln: number;
  readonly r: number;
  readonly p: number;
}

/** N = 2^14, r = 8, p = 1: 16 MiB and some tens of milliseconds per hash (OWASP's scrypt minimum is 2^17 at r=8 p=1 *or* equivalent; see docs/accounts.md). */
export const DEFAULT_SCRYPT: ScryptParams = { ln: 14, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.ln,
    r: params.r,
    p: params.p,
    maxmem: 256 * 2 ** params.ln * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (e, key) => (e ? reject(e) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Does the password match the stored hash? False for a hash this code did not write. */
export async function checkPasswordHash(password: string, stored: string): Promise<boolean> {
  const m = PHC.exec(stored);
  if (!m) return false;
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return false;
  const salt = Buffer.from(m[4] as string, 'base64url');
  const expected = Buffer.from(m[5] as string, 'base64url');
  const key = await derive(password, salt, params, expected.length);
  return timingSafeEqual(key, expected);
}

/** A hash of a random password, checked against when the user is unknown, so both take the same time. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummy;
}
