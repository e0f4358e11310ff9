/**
 * Password hashing with node's scrypt (memory-hard; no native add-on to build). Stored as
 * `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** scrypt's CPU/memory cost: 2^14, the interactive-login figure of the scrypt paper and OWASP. */
export const DEFAULT_PASSWORD_COST = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * `cost` (scrypt's N, a power of two) is stored in the hash, so a hash keeps verifying when the
 * cost of new ones changes. Only the test suite lowers it: hashing is its largest single CPU cost.
 */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost, R, P);
  return ['scrypt', cost, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Checked against when an e-mail is unknown, so a wrong e-mail costs the same time as a wrong
 * password hashed at the same cost.
 */
export const dummyHash = (cost = DEFAULT_PASSWORD_COST) =>
  `scrypt$${cost}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
