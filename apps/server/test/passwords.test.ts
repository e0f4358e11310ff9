/** Password hashes carry their cost, so hashes made at one cost keep verifying at another. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_COST, dummyHash, hashPassword, verifyPassword } from '../src/services/passwords';

describe('password hashes', () => {
  it('use the production cost unless told otherwise, and verify whatever cost made them', async () => {
    const strong = await hashPassword('secret-pass');
    expect(strong.split('$')[1]).toBe(String(DEFAULT_PASSWORD_COST));
    const cheap = await hashPassword('secret-pass', 1024);
    expect(cheap.split('$')[1]).toBe('1024');
    for (const stored of [strong, cheap]) {
      expect(await verifyPassword('secret-pass', stored)).toBe(true);
      expect(await verifyPassword('secret-pasS', stored)).toBe(false);
    }
    expect(await verifyPassword('secret-pass', dummyHash())).toBe(false);
  });
});
