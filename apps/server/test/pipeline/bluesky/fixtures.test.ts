/**
 * Issue 31 on real Bluesky answers (fixtures/README.md says where each comes from), replayed
 * through the local AppView and Jetstream, and on hand-made cases for what the captures lack
 * (videos, a reply to someone else in the backfill, a failing request).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlueskySource } from '../../../src/pipeline/sources/bluesky/index';
import type { RawPost, RejectedItem } from '../../../src/pipeline/types';
import { poll } from '../poll';
import { commit, type FakeBluesky, feedItem, type Json, postRecord, profile, startFakeBluesky } from './fake-bluesky';

const dir = join(__dirname, 'fixtures');
const FEED = (JSON.parse(readFileSync(join(dir, 'impro-feed.json'), 'utf8')) as { feed: Json[] }).feed;
const EVENTS = readFileSync(join(dir, 'jetstream-posts.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Json);
const UNKNOWN = { likeCount: null, retweetCount: null, replyCount: null, quoteCount: null, impressionCount: null };

let fake: FakeBluesky;
const controllers: AbortController[] = [];
beforeEach(async () => {
  fake = await startFakeBluesky();
});
afterEach(async () => {
  for (const c of controllers.splice(0)) c.abort();
  await fake.close();
});

function source(accounts: string[], nowMs: number) {
  const ac = new AbortController();
  controllers.push(ac);
  const src = createBlueskySource({
    accounts,
    appviewUrl: fake.appviewUrl,
    jetstreamUrl: fake.jetstreamUrl,
    now: () => nowMs,
    liveWaitMs: 10_000,
    livePauseMs: 0,
  });
  return { src, signal: ac.signal };
}

const byRkey = (posts: RawPost[], rkey: string) => posts.find((p) => p.id.endsWith(`/${rkey}`)) as RawPost;

describe('bluesky backfill on a real getAuthorFeed capture', () => {
  it('keeps link facets, link cards (also in recordWithMedia) and counts', async () => {
    // Each author's items under their own DID, newest first, with their basic profile as found.
    const dids: string[] = [];
    for (const item of FEED) {
      const author = (item.post as Json).author as Json;
      const did = String(author.did);
      if (!dids.includes(did)) {
        dids.push(did);
        fake.profiles.push(author);
        fake.feeds.set(did, []);
      }
      fake.feeds.get(did)?.push(item);
    }
    const { src, signal } = source(dids, Date.parse('2025-09-12T00:00:00Z'));
    const { batches } = await poll(src, null, dids.length, signal);
    expect(batches.flatMap((b) => b.rejected)).toEqual([]);
    const posts = batches.flatMap((b) => b.posts);
    expect(posts).toHaveLength(FEED.length);
    expect(batches.flatMap((b) => b.requests)).toEqual(Array(dids.length + 1).fill(true));

    // Six link facets whose words are not their URLs: each keeps the words as shown.
    const relays = byRkey(posts, '3lyl2byw3v2dm');
    expect(relays.links).toEqual([
      { url: 'https://relay3.fr.hose.cam/', text: 'EU relay' },
      { url: 'https://jetstream2.fr.hose.cam/', text: 'EU jetstream' },
      { url: 'https://relay.fire.hose.cam/', text: 'CA relay' },
      { url: 'https://jetstream.fire.hose.cam/', text: 'CA jetstream' },
      { url: 'https://jetstream1.us-east.fire.hose.cam/', text: 'us-east jetstream' },
      { url: 'https://spacedust.microcosm.blue/', text: 'spacedust' },
    ]);
    expect(relays.card).toBeUndefined();
    expect(relays.metrics).toEqual({
      likeCount: 15,
      retweetCount: 3,
      replyCount: 1,
      quoteCount: 1,
      impressionCount: null,
    });

    // The shortened label of a link, and its card inside recordWithMedia#view (a quote).
    const france = byRkey(posts, '3lyl4magjbk2r');
    expect(france.text.endsWith('www.lesswrong.com/posts/X5RyaE...')).toBe(true);
    expect(france.links).toEqual([
      {
        url: 'https://www.lesswrong.com/posts/X5RyaEDHNq5qutSHK/anti-social-punishment',
        text: 'www.lesswrong.com/posts/X5RyaE...',
      },
    ]);
    expect(france.refKind).toBe('quote');
    expect(france.card).toMatchObject({
      url: 'https://www.lesswrong.com/posts/X5RyaEDHNq5qutSHK/anti-social-punishment',
      title: 'Anti-social Punishment — LessWrong',
    });
    expect(france.card?.thumb).toMatch(
      /^https:\/\/cdn\.bsky\.app\/img\/feed_thumbnail\/plain\/did:plc:pjlhgjhb34k4zufrtbh2jyms\//,
    );

    // A plain external#view card.
    expect(byRkey(posts, '3lyl27kxnmk22')).toMatchObject({
      links: [
        {
          url: 'https://code.visualstudio.com/updates/v1_104#_auto-model-selection-preview',
          text: 'code.visualstudio.com/updates/v1_1...',
        },
      ],
      card: {
        url: 'https://code.visualstudio.com/updates/v1_104#_auto-model-selection-preview',
        title: 'August 2025 (version 1.104)',
        description: 'Learn what is new in the Visual Studio Code August 2025 Release (1.104)',
        thumb:
          'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:cbkjy5n7bk3ax2wplmtjofq2/bafkreifzcb5xgmhbglr7vtrnpn5xr5yhkkh33qx3q5s7ottzxwub3xgrji@jpeg',
      },
    });
    expect(byRkey(posts, '3lyl3lplvqs2j').card?.url).toBe('https://github.com/apple/container');
    // Posts without link facets carry no links.
    expect(byRkey(posts, '3lykznxiikc2k').links).toBeUndefined();
  });
});

describe('bluesky backfill, hand-made cases', () => {
  const NOW = Date.parse('2026-11-27T12:00:00Z');
  const DID = 'did:plc:alice';
  const ALICE = profile(DID, 'alice.bsky.social');
  const own = (rkey: string) => ({ uri: `at://${DID}/app.bsky.feed.post/${rkey}`, cid: `bafy${rkey}` });
  const other = { uri: 'at://did:plc:bob/app.bsky.feed.post/b1', cid: 'bafyb1' };
  const rec = (text: string, extra: Json) => postRecord(text, new Date(NOW - 60_000).toISOString(), extra);

  it('shows video views by their still, keeps self-threads as posts and skips replies to others', async () => {
    fake.profiles.push(ALICE);
    const thumbnail = `https://video.bsky.app/watch/did%3Aplc%3Aalice/bafkreivideo123/thumbnail.jpg`;
    fake.feeds.set(DID, [
      feedItem(ALICE, 'v1', 'a clip', new Date(NOW - 60_000).toISOString(), {
        embed: {
          $type: 'app.bsky.embed.video#view',
          cid: 'bafkreivideo123',
          playlist: 'https://video.bsky.app/watch/did%3Aplc%3Aalice/bafkreivideo123/playlist.m3u8',
          thumbnail,
        },
      }),
      feedItem(ALICE, 't2', '2/ more', new Date(NOW - 60_000).toISOString(), {
        record: rec('2/ more', { reply: { parent: own('t1'), root: own('t1') } }),
      }),
      feedItem(ALICE, 'r1', 'no way', new Date(NOW - 60_000).toISOString(), {
        record: rec('no way', { reply: { parent: other, root: other } }),
      }),
      // Her own post continued inside Bob's thread: a reply still.
      feedItem(ALICE, 'r2', 'and also', new Date(NOW - 60_000).toISOString(), {
        record: rec('and also', { reply: { parent: own('r0'), root: other } }),
      }),
    ]);
    const { src, signal } = source([DID], NOW);
    const { posts } = await src.fetch(null, signal);
    expect(byRkey(posts, 'v1').medias).toEqual([
      { imgUrlThumb: thumbnail, imgUrlOrigin: 'https://bsky.app/profile/alice.bsky.social/post/v1', kind: 'video' },
    ]);
    expect(byRkey(posts, 't2').refKind).toBeUndefined();
    // A reply to someone else is skipped, as live skips it.
    expect(posts.map((p) => p.id.split('/')[1])).toEqual(['v1', 't2', 'r2']);
    expect(byRkey(posts, 'r2').refKind).toBe('reply');
  });

  it('reports each request, a refused one with its status and the service’s words', async () => {
    fake.profiles.push(ALICE);
    fake.queue.push({ status: 200, body: { profiles: [ALICE] } });
    fake.queue.push({ status: 400, body: { error: 'BlockedActor', message: 'Requester has blocked actor' } });
    const { src, signal } = source([DID], NOW);
    const b = await src.fetch(null, signal);
    expect(b.requests).toEqual([
      true,
      'app.bsky.feed.getAuthorFeed HTTP 400: BlockedActor: Requester has blocked actor',
    ]);
  });
});

describe('bluesky live on real Jetstream events', () => {
  it('keeps links and cards, unknown counts, self-threads as posts; skips replies to others', async () => {
    const NOW = Date.parse('2026-07-04T14:38:00Z');
    const dids = [...new Set(EVENTS.map((e) => String(e.did)))];
    for (const did of dids) fake.profiles.push(profile(did, `${did.slice(8, 14)}.bsky.social`));
    const { src, signal } = source(dids, NOW);
    // The backfill: one empty page per account.
    let { cursor } = await poll(src, null, dids.length, signal);
    const lastUs = Math.max(...EVENTS.map((e) => Number(e.time_us)));
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    const pending = (async () => {
      for (let i = 0; i < 20; i++) {
        const b = await src.fetch(cursor, signal);
        posts.push(...b.posts);
        rejected.push(...b.rejected);
        cursor = b.nextCursor ?? cursor;
        if (cursor && JSON.parse(cursor).live === lastUs) return;
      }
    })();
    await fake.connected(1);
    for (const e of EVENTS) fake.emit(e);
    await pending;
    expect(rejected).toEqual([]);
    // The reply to someone else's post (its root is the author's own thread) is skipped.
    expect(posts.map((p) => p.id.split('/')[1])).toEqual([
      '3mptbyoeyc22k',
      '3mptbyou7ls2i',
      '3mptbyoumc22i',
      '3mptbyoigog2b',
      '3mptbypt22l26',
      '3mptbyo7tas2u',
    ]);
    for (const p of posts) expect(p.metrics).toEqual(UNKNOWN);

    expect(byRkey(posts, '3mptbyoeyc22k')).toMatchObject({
      text: 'www.youtube.com/watch?v=V5lD...',
      links: [{ url: 'https://www.youtube.com/watch?v=V5lDo-jw8mA', text: 'www.youtube.com/watch?v=V5lD...' }],
      card: {
        url: 'https://www.youtube.com/watch?v=V5lDo-jw8mA',
        title: "What does America's 250th anniversary mean to Native Americans?",
        description: 'YouTube video by Reuters',
        thumb:
          'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:dclwtltrt2ggsryagfzk7dp4/bafkreias7oxbr6swsuggccmtnqpoeami4jza5x4w3urltn6gzhqf4k6k2e@jpeg',
      },
    });
    // A self-thread: parent and root are the author's own posts.
    expect(byRkey(posts, '3mptbyou7ls2i').refKind).toBeUndefined();
    expect(byRkey(posts, '3mptbyoumc22i').refKind).toBeUndefined();
    // Byte offsets past non-ASCII text (Czech) still cut the right words.
    expect(byRkey(posts, '3mptbypt22l26').links).toEqual([
      { url: 'https://denikn.cz/2113523', text: 'denikn.cz/2113523' },
    ]);
    // Tag facets are not links; the image is still a photo.
    const tumblr = byRkey(posts, '3mptbyo7tas2u');
    expect(tumblr.links).toEqual([
      {
        url: 'https://www.tumblr.com/tempo-tales/765681292369166336/behind-them-timmi-and-wankyu-follow-silently-but?source=share',
        text: 'www.tumblr.com/tempo-tales/...',
      },
    ]);
    expect(tumblr.medias).toHaveLength(1);
    expect(tumblr.medias[0]?.kind).toBeUndefined();
  });

  it('builds a live video still as the AppView does, and offsets past emoji', async () => {
    const NOW = Date.parse('2026-11-27T12:00:00Z');
    const DID = 'did:plc:alice';
    fake.profiles.push(profile(DID, 'alice.bsky.social'));
    const { src, signal } = source([DID], NOW);
    const { nextCursor: cursor } = await src.fetch(null, signal);
    const text = '🚀 $BTC chart en.wikipedia.org/wiki/Nicolas...';
    const start = Buffer.byteLength('🚀 $BTC chart ');
    const record = postRecord(text, new Date(NOW).toISOString(), {
      facets: [
        {
          index: { byteStart: start, byteEnd: Buffer.byteLength(text) },
          features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://en.wikipedia.org/wiki/Nicolas_Cage' }],
        },
      ],
      embed: {
        $type: 'app.bsky.embed.video',
        video: { $type: 'blob', ref: { $link: 'bafkreivideo123' }, mimeType: 'video/mp4', size: 1000 },
      },
    });
    const pending = src.fetch(cursor, signal);
    await fake.connected(1);
    fake.emit(commit(DID, 'v1', NOW * 1000 + 1_000_000, record));
    const { posts } = await pending;
    expect(posts[0]).toMatchObject({
      links: [{ url: 'https://en.wikipedia.org/wiki/Nicolas_Cage', text: 'en.wikipedia.org/wiki/Nicolas...' }],
      medias: [
        {
          imgUrlThumb: 'https://video.bsky.app/watch/did%3Aplc%3Aalice/bafkreivideo123/thumbnail.jpg',
          imgUrlOrigin: 'https://bsky.app/profile/alice.bsky.social/post/v1',
          kind: 'video',
        },
      ],
      metrics: UNKNOWN,
    });
  });
});
