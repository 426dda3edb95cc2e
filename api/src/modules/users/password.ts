import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { COMMON_PASSWORDS } from './common-passwords.js';

const scryptOnPool = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: ScryptOptions) => Promise<Buffer>;
/**
 * At most one hash per core at a time: each takes a core for ~0.3-0.6 s and 128 MiB, so a burst of sign-ins from
 * everywhere would otherwise take every core (the thread pool has 16 threads) and every page load with them, and
 * 2 GiB of memory. Sign-ins beyond that wait their turn instead.
 */
const oneHashPerCore = pLimit(availableParallelism());
/** How many hashes run and wait right now. */
export const hashesInFlight = () => ({ running: oneHashPerCore.activeCount, waiting: oneHashPerCore.pendingCount });
const scrypt = (pw: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  oneHashPerCore(() => scryptOnPool(pw, salt, keylen, opts));

// OWASP's scrypt baseline: N=2^17, r=8, p=1 (128 MiB); maxmem leaves headroom above 128*N*r.
const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const KEYLEN = 32;

/** Hash format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEYLEN, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * The password of an account made without one (an imported person): nothing verifies against it; its holder chooses
 * a password from a reset link. (A login needs both a username and a password hash: app_user_login_complete.)
 */
export const NO_PASSWORD_YET = 'none$until-a-reset-link';

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || stored === NO_PASSWORD_YET) {
    // Same work as a real check, so unknown users cannot be told apart by timing.
    await hashPassword(password);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** Returns a message explaining why the password is not acceptable, or null when it is fine. */
export function passwordProblem(password: string, context: { username?: string | null; email?: string | null } = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (context.username && lower.includes(context.username.toLowerCase())) return 'Your password must not contain your username.';
  const mailbox = context.email?.split('@')[0];
  if (mailbox && mailbox.length >= 4 && lower.includes(mailbox.toLowerCase())) return 'Your password must not contain your email address.';
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) return 'That password is too common. Please choose another.';
  return null;
}
