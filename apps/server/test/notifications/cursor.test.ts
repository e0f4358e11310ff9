/**
 * A notification list's next-page cursor can end on any post: X's numeric ids and the other
 * networks' prefixed ones (`tg:<channel>/<id>`, `bsky:<did>/<rkey>`, `fc:<hash>`) alike.
 */
import { describe, expect, it } from 'vitest';
import { decodeNotificationCursor, encodeNotificationCursor } from '../../src/services/notifications/feed';

describe('notification cursor', () => {
  it('carries post ids of every network and refuses junk', () => {
    for (const id of [
      '1860000000000000001',
      'tg:alpha_signals/102',
      'bsky:did:plc:abcdefghijklmnopqrstuvwx/3kabcdefghij2',
      `fc:0x${'ab'.repeat(20)}`,
    ]) {
      const c = { ct: 1_764_000_000, kind: 'p' as const, id };
      expect(decodeNotificationCursor(encodeNotificationCursor(c))).toEqual(c);
    }
    expect(() => decodeNotificationCursor(Buffer.from('1:p:a b').toString('base64url'))).toThrow();
    expect(() => decodeNotificationCursor(Buffer.from('1:m:tg:x/1').toString('base64url'))).toThrow();
  });
});
