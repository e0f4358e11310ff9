/**
 * Caches of one process drop what another process changed, on the event alone: two service
 * sets on one database, each with its own bus, linked by a relay (no broker). The caches' TTL
 * is an hour, so only the event can explain a change seen at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { pushRepo } from '../../src/db/repos/push';
import { sessionsRepo } from '../../src/db/repos/sessions';
import { createServices, type Services } from '../../src/services/index';
import { hashToken } from '../../src/services/sessions';
import type { AppEvent } from '../../src/services/events/types';
import { closeTestDb, openMigratedDb, TestClock } from '../support/test-app';
import { ingestBatch } from '../../src/pipeline/ingest-batch';
import { rawPost } from '../support/posts';
import { relayedBuses } from './relay';

const HOUR_MS = 3_600_000;
const mailer = { send: async () => {}, close: () => {} };
let db: Db;
let drop: () => Promise<void>;
let relay: ReturnType<typeof relayedBuses>;
let a: Services;
let b: Services;
let users = 0;

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
  relay = relayedBuses(2);
  const clock = new TestClock();
  const make = (events: (typeof relay.buses)[number]) =>
    createServices({
      db,
      mailer,
      clock,
      events,
      cacheTtlMs: HOUR_MS,
      feedCacheMs: HOUR_MS,
      config: { innerCodes: ['TEST-INNER'], adminEmails: [], smtpUrl: 'smtp://unused' },
    });
  a = make(relay.buses[0]!);
  b = make(relay.buses[1]!);
});
afterAll(() => closeTestDb(db, drop));

async function newUser() {
  users++;
  await a.accounts.createDirect(`events${users}@example.com`, 'secret-pass', { isAdmin: false, lang: 'en' });
  const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [`events${users}@example.com`]);
  return row!.id;
}

describe('events between processes (relayed, no broker)', () => {
  it('a logout in one process is refused by the other at once, though its cache would trust it an hour', async () => {
    const userId = await newUser();
    const token = await a.sessions.create(userId, '10.0.0.1', 'test');
    // B has looked the session up: it is in B's cache now.
    expect(await b.sessions.userIdOf(token)).toBe(userId);
    await a.sessions.revoke(token);
    expect(await b.sessions.userIdOf(token)).toBeUndefined();
    expect(relay.relayed.at(-1)).toMatchObject({ type: 'session_revoked' });
  });

  it('a password reset (every session of the user) reaches the other process too', async () => {
    const userId = await newUser();
    const [t1, t2] = [
      await a.sessions.create(userId, '10.0.0.1', 'x'),
      await a.sessions.create(userId, '10.0.0.2', 'y'),
    ];
    expect(await b.sessions.userIdOf(t1)).toBe(userId);
    expect(await b.sessions.userIdOf(t2)).toBe(userId);
    await a.sessions.revokeAllOf(userId);
    // The other process's drop settles each cached lookup first: wait on that, not on time.
    await new Promise((r) => setImmediate(r));
    expect(await b.sessions.userIdOf(t1)).toBeUndefined();
    expect(await b.sessions.userIdOf(t2)).toBeUndefined();
  });

  it('without the event (relay cut) the other process trusts its cache, and the gap drops it', async () => {
    const userId = await newUser();
    const token = await a.sessions.create(userId, '10.0.0.1', 'test');
    expect(await b.sessions.userIdOf(token)).toBe(userId);
    relay.cut();
    try {
      await a.sessions.revoke(token);
      // The database says revoked; B had no event and its cache is an hour long.
      expect(await sessionsRepo(db).liveUserId(hashToken(token), new Date())).toBeUndefined();
      expect(await b.sessions.userIdOf(token)).toBe(userId);
      expect(await a.sessions.userIdOf(token)).toBeUndefined();
    } finally {
      relay.restore();
    }
    expect(await b.sessions.userIdOf(token)).toBeUndefined();
  });

  it("a logout the other process missed closes that session's streams there after the gap", async () => {
    // Issue 34: the revocation passed while B could not hear (a stalled or broken broker); once
    // the broker is back, B asks the database about its streams' sessions.
    const userId = await newUser();
    const gone = await a.sessions.create(userId, '10.0.0.1', 'test');
    const kept = await a.sessions.create(userId, '10.0.0.2', 'test');
    const sink = () => ({
      ended: false,
      write: () => true,
      once: () => undefined,
      end() {
        this.ended = true;
      },
    });
    const [goneSink, keptSink] = [sink(), sink()];
    b.stream.admit(userId, gone, goneSink);
    b.stream.admit(userId, kept, keptSink);
    relay.cut();
    try {
      await a.sessions.revoke(gone);
      expect(goneSink.ended).toBe(false);
    } finally {
      relay.restore();
    }
    await b.stream.rechecked();
    expect([goneSink.ended, keptSink.ended]).toEqual([true, false]);
    expect(b.stream.count(userId)).toBe(1);
    b.stream.closeAll();
  });

  it('a view edited in one process is served changed by the other at once', async () => {
    const userId = await newUser();
    const listed = await b.views.list(userId, 'en');
    const btc = listed.find((v) => v.name === 'Bitcoin')!;
    const before = await b.views.info(userId, btc.viewId);
    expect(before.name).toBe('Bitcoin');
    const seen: AppEvent[] = [];
    const off = b.events.subscribe((e) => seen.push(e));
    await a.views.update(userId, btc.viewId, { ...before, name: 'Bitcoin only' } as never);
    off();
    expect((await b.views.info(userId, btc.viewId)).name).toBe('Bitcoin only');
    expect(seen).toEqual([{ type: 'view_changed', userId, viewId: Number(btc.viewId) }]);
  });

  it('listing views (seeded already) publishes nothing: only real changes are events', async () => {
    const userId = await newUser();
    await a.views.list(userId, 'en');
    const count = relay.relayed.length;
    await a.views.list(userId, 'en');
    await b.views.list(userId, 'en');
    expect(relay.relayed.length).toBe(count);
  });

  it('a KOL group edit is an event with the group', async () => {
    const userId = await newUser();
    const seen: AppEvent[] = [];
    const off = b.events.subscribe((e) => seen.push(e));
    await a.kolGroups.add(
      userId,
      { name: 'mine', twitterUserFans: [0, 0], whiteTwitterUserIds: [], blackTwitterUserIds: [] },
      'en',
    );
    off();
    expect(seen).toEqual([{ type: 'group_changed', userId, groupId: expect.any(Number) }]);
  });

  it('posts stored by one process drop the feed pages the other cached, and say which coins and authors', async () => {
    const userId = await newUser();
    const btc = (await b.views.list(userId, 'en')).find((v) => v.name === 'Bitcoin')!;
    const ask = () => b.feed.tweets(userId, { viewId: btc.viewId, nextCb: '', tradingTrend: '' }, 'en');
    const before = (await ask()).list.map((p) => p.id);
    const seen: AppEvent[] = [];
    const off = b.events.subscribe((e) => seen.push(e));
    const post = rawPost({ createdAt: Math.floor(Date.now() / 1000), authorId: '4242', username: 'evt_author' });
    await ingestBatch(a.pipeline, { source: 'test', posts: [post], cursor: null, rejected: 0 });
    // Stored again: not new, no event.
    await ingestBatch(a.pipeline, { source: 'test', posts: [post], cursor: null, rejected: 0 });
    off();
    expect(seen).toEqual([{ type: 'posts_stored', ids: [post.id], coins: ['BTC'], authors: ['4242'] }]);
    const after = (await ask()).list.map((p) => p.id);
    expect(before).not.toContain(post.id);
    expect(after[0]).toBe(post.id);
  });

  it('a notification match is told to every process, with the view and its owner', async () => {
    const userId = await newUser();
    await a.views.add(
      userId,
      {
        name: 'alerts',
        viewType: 'notification',
        matchingRules: [{ type: 'keywords', rules: [{ value: 'listing' }] }],
        notificationEnabled: true,
      } as never,
      'en',
    );
    const [view] = await pushRepo(db).notificationViewsOf(userId);
    const seen: AppEvent[] = [];
    const off = b.events.subscribe((e) => seen.push(e));
    await a.notifier.messageStored([view!], { sender: 'exchange', title: 'News', text: 'new listing' });
    off();
    expect(seen).toEqual([{ type: 'notification_matched', userId, viewId: view!.id }]);
  });
});
