import { describe, expect, it } from 'vitest';
import { applicationServerKey, sameKey } from './pushKey';

describe('push key', () => {
  it('decodes a base64url VAPID key with or without padding', () => {
    // 65 bytes: an uncompressed P-256 point starts with 0x04.
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
    const b64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(b64url).toMatch(/[-_]/);
    expect([...applicationServerKey(b64url)]).toEqual([...bytes]);
    expect([...applicationServerKey(`${b64url}=`)]).toEqual([...bytes]);
  });

  it('tells whether a subscription was made with the same key', () => {
    const key = Uint8Array.from([4, 1, 2, 3]);
    expect(sameKey(Uint8Array.from([4, 1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(Uint8Array.from([4, 1, 2, 9]).buffer, key)).toBe(false);
    expect(sameKey(Uint8Array.from([4, 1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
