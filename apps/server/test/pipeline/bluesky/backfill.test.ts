/**
 * The bluesky source's backfill against the local AppView: profiles resolve handles, every
 * account's getAuthorFeed is paged to its bound, items map to RawPosts, and rate limits and
 * malformed items are handled without losing the rest.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlueskySource } from '../../../src/pipeline/sources/bluesky/index';
import { SourceError } from '../../../src/pipeline/sources/x-api/errors';
import type { RawPost } from '../../../src/pipeline/types';
import { poll } from '../poll';
import { type FakeBluesky, feedItem, profile, startFakeBluesky } from './fake-bluesky';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ALICE = profile('did:plc:alice', 'alice.bsky.social', {
  displayName: 'Alice Chain',
  followersCount: 52_000,
  description: 'Macro + $BTC. Also https://x.com/alice_chain and warpcast.com/alice.',
});
const BOB = profile('did:plc:bob', 'bob.bsky.social');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

let fake: FakeBluesky;
let ac: AbortController;
beforeEach(async () => {
  fake = await startFakeBluesky();
  fake.profiles.push(ALICE, BOB);
  ac = new AbortController();
});
afterEach(async () => {
  ac.abort();
  await fake.close();
});

const source = (extra: Partial<Parameters<typeof createBlueskySource>[0]> = {}) =>
  createBlueskySource({
    accounts: ['@Alice.bsky.social', 'did:plc:bob'],
    appviewUrl: fake.appviewUrl,
    jetstreamUrl: fake.jetstreamUrl,
    now: () => NOW,
    liveWaitMs: 0,
    ...extra,
  });

describe('bluesky backfill', () => {
  it('resolves handles, pages through each feed and maps posts', async () => {
    fake.pageSize = 2;
    fake.feeds.set(
      'did:plc:alice',
      [1, 2, 3, 4, 5].map((i) => feedItem(ALICE, `a${i}`, `alice post ${i} $BTC`, hoursAgo(i))),
    );
    fake.feeds.set('did:plc:bob', [
      feedItem(BOB, 'b1', 'gm', hoursAgo(1), {
        embed: {
          $type: 'app.bsky.embed.images#view',
          images: [{ thumb: 'https://cdn.bsky.app/t.jpg', fullsize: 'https://cdn.bsky.app/f.jpg', alt: '' }],
        },
      }),
      // A repost of Alice's post by Bob: skipped, not rejected.
      feedItem(ALICE, 'a1', 'alice post 1 $BTC', hoursAgo(1), {
        reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: BOB, indexedAt: hoursAgo(1) },
      }),
      feedItem(BOB, 'b2', 'look at this', hoursAgo(2), {
        embed: { $type: 'app.bsky.embed.record#view', record: {} },
        record: {
          $type: 'app.bsky.feed.post',
          text: 'look at this',
          createdAt: hoursAgo(2),
          langs: ['zh-Hans'],
          embed: { $type: 'app.bsky.embed.record', record: { uri: 'at://did:plc:x/app.bsky.feed.post/q', cid: 'c' } },
        },
      }),
    ]);
    const src = source();
    const { batches } = await poll(src, null, 5, ac.signal);
    const posts = batches.flatMap((b) => b.posts);
    expect(batches.flatMap((b) => b.rejected)).toEqual([]);
    expect(posts.map((p) => p.id)).toEqual([
      ...[1, 2, 3, 4, 5].map((i) => `bsky:did:plc:alice/a${i}`),
      'bsky:did:plc:bob/b1',
      'bsky:did:plc:bob/b2',
    ]);
    // One getProfiles for both accounts, then 3 pages for Alice and 2 for Bob.
    const paths = fake.requests.map((r) => r.path.replace('/xrpc/', ''));
    expect(paths).toEqual(['app.bsky.actor.getProfiles', ...Array(5).fill('app.bsky.feed.getAuthorFeed')]);
    expect(fake.requests[0]?.query.getAll('actors')).toEqual(['alice.bsky.social', 'did:plc:bob']);
    expect(fake.requests[1]?.query.get('filter')).toBe('posts_and_author_threads');
    expect(fake.requests[1]?.query.get('actor')).toBe('did:plc:alice');

    const a1 = posts[0] as RawPost;
    expect(a1).toMatchObject({
      network: 'bluesky',
      url: 'https://bsky.app/profile/alice.bsky.social/post/a1',
      text: 'alice post 1 $BTC',
      createdAt: (NOW - 3_600_000) / 1000,
      lang: 'en',
      medias: [],
      metrics: { likeCount: 3, retweetCount: 2, replyCount: 1, quoteCount: 4, impressionCount: null },
      author: {
        id: 'bsky:did:plc:alice',
        network: 'bluesky',
        username: 'alice.bsky.social',
        name: 'Alice Chain',
        followersCount: 52_000,
        links: ['https://x.com/alice_chain', 'https://warpcast.com/alice'],
      },
    });
    expect(a1.refKind).toBeUndefined();
    const [b1, b2] = posts.slice(5);
    expect(b1?.medias).toEqual([
      { imgUrlThumb: 'https://cdn.bsky.app/t.jpg', imgUrlOrigin: 'https://cdn.bsky.app/f.jpg' },
    ]);
    expect(b2).toMatchObject({ refKind: 'quote', lang: 'zh' });
    // Backfill done: the cursor marks both accounts and keeps the start of collection for live.
    const cursor = JSON.parse(batches[4]?.nextCursor ?? '{}');
    expect(cursor.back['did:plc:alice']).toEqual({ pages: 3, done: true });
    expect(cursor.since).toBe(NOW * 1000);
  });

  it('stops an account at the backfill span or the page bound', async () => {
    fake.pageSize = 2;
    fake.feeds.set('did:plc:alice', [
      // A pinned post older than the span comes first: not kept, and it does not end the backfill.
      feedItem(ALICE, 'pin', 'pinned', hoursAgo(24 * 90), { reason: { $type: 'app.bsky.feed.defs#reasonPin' } }),
      ...[1, 2].map((i) => feedItem(ALICE, `a${i}`, `p${i}`, hoursAgo(24 * i))),
      ...[40, 41, 42].map((d) => feedItem(ALICE, `old${d}`, 'old', hoursAgo(24 * d))),
    ]);
    fake.feeds.set(
      'did:plc:bob',
      [1, 2, 3, 4, 5, 6, 7, 8].map((i) => feedItem(BOB, `b${i}`, `b${i}`, hoursAgo(i))),
    );
    const src = source({ backfillDays: 30, backfillPages: 3 });
    const { batches } = await poll(src, null, 5, ac.signal);
    const ids = batches.flatMap((b) => b.posts.map((p) => p.id.split('/')[1]));
    // Alice: pages [pin,a1] [a2,old40]: old40 is past 30 days, so not kept and the backfill ends.
    // Bob: three pages only (the bound); b7 and b8 never asked for.
    expect(ids).toEqual(['a1', 'a2', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
    const feedCalls = fake.requests.filter((r) => r.path.endsWith('getAuthorFeed'));
    expect(feedCalls.map((r) => r.query.get('actor'))).toEqual([
      ...Array(2).fill('did:plc:alice'),
      ...Array(3).fill('did:plc:bob'),
    ]);
  });

  it('waits for RateLimit-Reset on a 429 and resumes the same page', async () => {
    fake.pageSize = 1;
    fake.feeds.set('did:plc:alice', [
      feedItem(ALICE, 'a1', 'one', hoursAgo(1)),
      feedItem(ALICE, 'a2', 'two', hoursAgo(2)),
    ]);
    const src = source({ accounts: ['did:plc:alice'] });
    const first = await src.fetch(null, ac.signal);
    expect(first.posts.map((p) => p.id)).toEqual(['bsky:did:plc:alice/a1']);
    fake.queue.push({
      status: 429,
      headers: { 'ratelimit-limit': '3000', 'ratelimit-remaining': '0', 'ratelimit-reset': String(NOW / 1000 + 42) },
      body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
    });
    const err = await src.fetch(first.nextCursor, ac.signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect((err as SourceError).retryAfterMs).toBe(42_000);
    const again = await src.fetch(first.nextCursor, ac.signal);
    expect(again.posts.map((p) => p.id)).toEqual(['bsky:did:plc:alice/a2']);
    // The limit was announced spent until the reset: the batch asks to wait for it.
    expect(again.waitMs).toBe(42_000);
    const pages = fake.requests.filter((r) => r.path.endsWith('getAuthorFeed'));
    expect(pages[1]?.query.get('cursor')).toBe(pages[2]?.query.get('cursor'));
  });

  it('counts and skips malformed items and unknown accounts, keeping the rest', async () => {
    fake.feeds.set('did:plc:alice', [
      'not an object',
      { post: { uri: 'https://example.com/not-at-uri' } },
      feedItem(ALICE, 'notext', '', hoursAgo(1), { record: { createdAt: hoursAgo(1) } }),
      feedItem(ALICE, 'baddate', 'x', hoursAgo(1), { record: { text: 'x', createdAt: 'yesterday' } }),
      feedItem(ALICE, 'good', 'still here', hoursAgo(2)),
    ]);
    const src = source({ accounts: ['alice.bsky.social', 'ghost.bsky.social'] });
    const { batches } = await poll(src, null, 2, ac.signal);
    expect(batches.flatMap((b) => b.posts.map((p) => p.text))).toEqual(['still here']);
    const reasons = batches.flatMap((b) => b.rejected.map((r) => r.reason));
    expect(reasons).toHaveLength(5);
    expect(reasons[0]).toMatch(/ghost\.bsky\.social not found/);
    expect(reasons.slice(1).join('\n')).toMatch(/not an object[\s\S]*post uri[\s\S]*without text[\s\S]*bad createdAt/);
  });
});
