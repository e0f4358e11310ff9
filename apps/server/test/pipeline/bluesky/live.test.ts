/**
 * The bluesky source's live half against the local Jetstream: commit events become posts and move
 * the checkpoint, a dropped socket reconnects from it, and a batch that is never stored (a failed
 * save, a worker killed mid-batch) is handed out again — nothing lost, nothing duplicated. Every
 * step waits for events (connections, batches), never for a span of time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlueskySource } from '../../../src/pipeline/sources/bluesky/index';
import type { RawPost, RejectedItem, Source } from '../../../src/pipeline/types';
import { commit, type FakeBluesky, type Json, postRecord, profile, startFakeBluesky } from './fake-bluesky';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const SINCE = NOW * 1000;
const SEC = 1_000_000;
const DID = 'did:plc:alice';
const ALICE = profile(DID, 'alice.bsky.social');
const at = (sec: number) => new Date(NOW + sec * 1000).toISOString();
/** A post event `sec` seconds after collection began; events sit 10 s apart, past the 2 s overlap. */
const post = (rkey: string, sec: number, extra: Json = {}) =>
  commit(DID, rkey, SINCE + sec * SEC, postRecord(`${rkey} text`, at(sec), extra));

let fake: FakeBluesky;
const controllers: AbortController[] = [];
beforeEach(async () => {
  fake = await startFakeBluesky();
  fake.profiles.push(ALICE);
});
afterEach(async () => {
  for (const c of controllers.splice(0)) c.abort();
  await fake.close();
});

function start(extra: Partial<Parameters<typeof createBlueskySource>[0]> = {}) {
  const ac = new AbortController();
  controllers.push(ac);
  const vanished: string[] = [];
  const src = createBlueskySource({
    accounts: [DID],
    appviewUrl: fake.appviewUrl,
    jetstreamUrl: fake.jetstreamUrl,
    now: () => NOW,
    // A bound for a fetch with nothing to read, not a pace: events end every wait sooner.
    liveWaitMs: 10_000,
    reconnectMinMs: 10,
    reconnectMaxMs: 50,
    markVanished: async (ids) => void vanished.push(...ids),
    ...extra,
  });
  return { src, signal: ac.signal, abort: () => ac.abort(), vanished };
}

/** Fetches as the runner does after each stored batch, until the checkpoint reaches `untilUs`. */
async function collect(src: Source, cursor: string | null, signal: AbortSignal, untilUs: number) {
  const posts: RawPost[] = [];
  const rejected: RejectedItem[] = [];
  for (let i = 0; i < 30; i++) {
    const b = await src.fetch(cursor, signal);
    posts.push(...b.posts);
    rejected.push(...b.rejected);
    cursor = b.nextCursor ?? cursor;
    if (cursor && JSON.parse(cursor).live === untilUs) return { posts, rejected, cursor };
  }
  throw new Error(`checkpoint never reached ${untilUs}: ${cursor}`);
}

/** The backfill (one empty page) done: the next fetch is live. */
async function backfilled(src: Source, signal: AbortSignal): Promise<string> {
  const b = await src.fetch(null, signal);
  expect(JSON.parse(b.nextCursor ?? '{}').back[DID]).toEqual({ pages: 1, done: true });
  return b.nextCursor as string;
}

describe('bluesky live (Jetstream)', () => {
  it('maps commit events, skips what is not a post of ours, and checkpoints time_us', async () => {
    const { src, signal, vanished } = start();
    const cursor = await backfilled(src, signal);
    const done = collect(src, cursor, signal, SINCE + 60 * SEC);
    await fake.connected(1);
    const q = fake.connections[0];
    expect(q?.get('wantedCollections')).toBe('app.bsky.feed.post');
    expect(q?.getAll('wantedDids')).toEqual([DID]);
    // From the start of collection (the backfill's moment) minus the 2 s overlap.
    expect(q?.get('cursor')).toBe(String(SINCE - 2 * SEC));

    fake.emit(post('l1', 10));
    fake.emit(post('reply', 20, { reply: { parent: { uri: 'at://did:plc:other/app.bsky.feed.post/x' } } }));
    fake.emit('{not json');
    fake.emit({ did: DID, time_us: SINCE + 25 * SEC, kind: 'identity', identity: { did: DID } });
    fake.emit(
      post('l3', 30, {
        embed: { $type: 'app.bsky.embed.images', images: [{ image: { ref: { $link: 'bafkreiabcdefghij' } } }] },
        reply: { parent: { uri: `at://${DID}/app.bsky.feed.post/l1` } },
      }),
    );
    fake.emit(commit(DID, 'l1', SINCE + 40 * SEC, postRecord('l1 edited', at(10)), 'update'));
    fake.emit(commit(DID, 'old', SINCE + 50 * SEC, undefined, 'delete'));
    fake.emit(commit(DID, 'bad', SINCE + 60 * SEC, { text: 42 }));
    const { posts, rejected } = await done;

    expect(posts.map((p) => [p.id, p.text])).toEqual([
      [`bsky:${DID}/l1`, 'l1 text'],
      [`bsky:${DID}/l3`, 'l3 text'],
      [`bsky:${DID}/l1`, 'l1 edited'],
    ]);
    expect(posts[1]).toMatchObject({
      refKind: 'reply',
      url: `https://bsky.app/profile/alice.bsky.social/post/l3`,
      medias: [
        {
          imgUrlThumb: `https://cdn.bsky.app/img/feed_thumbnail/plain/${DID}/bafkreiabcdefghij@jpeg`,
          imgUrlOrigin: `https://cdn.bsky.app/img/feed_fullsize/plain/${DID}/bafkreiabcdefghij@jpeg`,
        },
      ],
      author: { id: `bsky:${DID}`, followersCount: 1200 },
    });
    expect(rejected.map((r) => r.reason)).toEqual(['Jetstream message is not JSON', 'bad: record without text']);
    expect(vanished).toEqual([`bsky:${DID}/old`]);
  });

  it('reconnects after a drop from the checkpoint, losing and repeating nothing', async () => {
    const { src, signal } = start();
    let cursor = await backfilled(src, signal);
    const first = collect(src, cursor, signal, SINCE + 10 * SEC);
    await fake.connected(1);
    fake.emit(post('l1', 10));
    ({ cursor } = await first);

    fake.dropSockets();
    // Posted while the socket is down: Jetstream replays it from the cursor.
    fake.emit(post('l2', 20));
    const second = collect(src, cursor, signal, SINCE + 30 * SEC);
    await fake.connected(2);
    expect(fake.connections[1]?.get('cursor')).toBe(String(SINCE + 10 * SEC - 2 * SEC));
    fake.emit(post('l3', 30));
    const { posts } = await second;
    expect(posts.map((p) => p.id)).toEqual([`bsky:${DID}/l2`, `bsky:${DID}/l3`]);
    expect(src.live.connections).toBe(2);
  });

  it('hands a batch out again when its save failed', async () => {
    const { src, signal } = start();
    const stored = await backfilled(src, signal);
    const pending = src.fetch(stored, signal);
    await fake.connected(1);
    fake.emit(post('l1', 10));
    const lost = await pending;
    expect(lost.posts.map((p) => p.id)).toEqual([`bsky:${DID}/l1`]);
    // The runner failed to store it and calls again with the cursor it had.
    const again = await src.fetch(stored, signal);
    expect(again.posts.map((p) => p.id)).toEqual([`bsky:${DID}/l1`]);
    // The same events make the same cursor: storing either one is the same checkpoint.
    expect(again.nextCursor).toBe(lost.nextCursor);
    // Stored this time: the next batch holds only what came after.
    const next = collect(src, again.nextCursor, signal, SINCE + 20 * SEC);
    fake.emit(post('l2', 20));
    expect((await next).posts.map((p) => p.id)).toEqual([`bsky:${DID}/l2`]);
  });

  it('a worker killed mid-batch resumes from the stored checkpoint in a new process', async () => {
    const one = start();
    let stored = await backfilled(one.src, one.signal);
    const firstBatch = collect(one.src, stored, one.signal, SINCE + 10 * SEC);
    await fake.connected(1);
    fake.emit(post('l1', 10));
    ({ cursor: stored } = await firstBatch);
    // The next batch is fetched but the worker dies before storing it.
    const doomed = collect(one.src, stored, one.signal, SINCE + 30 * SEC);
    fake.emit(post('l2', 20));
    fake.emit(post('l3', 30));
    expect((await doomed).posts.map((p) => p.id)).toEqual([`bsky:${DID}/l2`, `bsky:${DID}/l3`]);
    one.abort();

    // A new process with the last stored cursor: the unsaved events come again, the saved do not.
    const two = start();
    const resumed = collect(two.src, stored, two.signal, SINCE + 40 * SEC);
    await fake.connected(2);
    expect(fake.connections[1]?.get('cursor')).toBe(String(SINCE + 10 * SEC - 2 * SEC));
    fake.emit(post('l4', 40));
    const { posts } = await resumed;
    // l1, the checkpoint's own event, comes again inside the 2 s overlap: upserted by id, it is
    // stored once. l2 and l3, handed out but never stored, are not lost.
    expect(posts.map((p) => p.id)).toEqual([1, 2, 3, 4].map((i) => `bsky:${DID}/l${i}`));
    // The new process read profiles again but no backfill: the cursor says it is done.
    expect(fake.requests.filter((r) => r.path.endsWith('getAuthorFeed'))).toHaveLength(1);
  });

  it('pauses the socket when the buffer is full and reopens without losing events', async () => {
    const { src, signal } = start({ maxBuffer: 4, liveBatch: 2 });
    const cursor = await backfilled(src, signal);
    const all = collect(src, cursor, signal, SINCE + 80 * SEC);
    await fake.connected(1);
    for (let i = 1; i <= 8; i++) fake.emit(post(`p${i}`, i * 10));
    const { posts } = await all;
    expect(posts.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => `bsky:${DID}/p${i}`));
  });
});
