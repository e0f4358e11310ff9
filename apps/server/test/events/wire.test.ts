/** The events' wire form: what is read back, what is refused, and how big batches are cut. */
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/services/events/types';
import { EVENT_LIST_MAX } from '../../src/services/events/types';
import { decodeMessage, encodeMessage, postsStoredEvents } from '../../src/services/events/wire';

describe('event messages', () => {
  it('reads back every kind of event it writes', () => {
    const events: AppEvent[] = [
      { type: 'session_revoked', tokenHashes: ['a', 'b'] },
      { type: 'user_sessions_revoked', userId: 1 },
      { type: 'view_changed', userId: 1, viewId: null },
      { type: 'group_changed', userId: 1, groupId: 2 },
      { type: 'posts_stored', ids: ['1'], coins: ['BTC'], authors: ['9'] },
      { type: 'notification_matched', userId: 1, viewId: 3 },
      { type: 'view_history', userId: 1, viewId: 3, percent: 100 },
    ];
    for (const event of events) expect(decodeMessage(encodeMessage('p1', event))).toEqual({ origin: 'p1', event });
  });

  it('refuses what is not one of its messages', () => {
    for (const raw of [
      '',
      'null',
      '[]',
      '{"origin":"p","event":{"type":"view_changed","userId":0,"viewId":null}}',
      '{"origin":"p","event":{"type":"view_changed","userId":1.5,"viewId":null}}',
      '{"origin":"","event":{"type":"user_sessions_revoked","userId":1}}',
      '{"origin":"p","event":{"type":"view_history","userId":1,"viewId":1,"percent":101}}',
      '{"origin":"p","event":{"type":"__proto__"}}',
    ])
      expect(decodeMessage(raw), raw).toBeUndefined();
  });

  it('cuts a big batch so that no list passes the bound, and sends nothing for an empty one', () => {
    const posts = Array.from({ length: 2500 }, (_, i) => ({
      id: String(i),
      coins: [`C${i % 1200}`],
      authorId: `a${i % 7}`,
    }));
    const events = postsStoredEvents(posts);
    expect(events).toHaveLength(3);
    for (const e of events) {
      if (e.type !== 'posts_stored') throw new Error(e.type);
      expect(e.ids.length).toBeLessThanOrEqual(EVENT_LIST_MAX);
      expect(e.coins.length).toBeLessThanOrEqual(EVENT_LIST_MAX);
    }
    expect(events.flatMap((e) => (e.type === 'posts_stored' ? e.ids : []))).toEqual(posts.map((p) => p.id));
    expect(new Set(events.flatMap((e) => (e.type === 'posts_stored' ? e.coins : []))).size).toBe(1200);
    expect(postsStoredEvents([])).toEqual([]);
  });
});
