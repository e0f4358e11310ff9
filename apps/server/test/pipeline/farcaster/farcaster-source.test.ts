import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFarcasterSource, eventIdAt } from '../../../src/pipeline/sources/farcaster/index';
import { withMentions } from '../../../src/pipeline/sources/farcaster/map';
import { poll } from '../poll';
import { type FakeHub, startFakeHub } from './fake-hub';

let hub: FakeHub;
const signal = new AbortController().signal;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const minutesAgo = (n: number) => NOW - n * 60_000;

beforeEach(async () => {
  hub = await startFakeHub();
});
afterEach(() => hub.close());

const source = (fids: number[], extra = {}) =>
  createFarcasterSource({ fids, hubUrl: hub.url, now: () => NOW, pollIntervalMs: 5000, errorWaitMs: 2000, ...extra });
const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

describe('farcaster source', () => {
  it('inserts mentions at their UTF-8 byte positions', () => {
    // "gm 🌞 " is 8 bytes: the mention goes after the emoji, not in the middle of it.
    expect(withMentions('gm 🌞  and ', [3, 99], [8, 13], (fid) => (fid === 3 ? 'dwr' : undefined))).toBe(
      'gm 🌞 @dwr and @99',
    );
  });

  it('maps a cast: author profile and links, mentions, images, reply, url, Farcaster time', async () => {
    hub.setProfile(
      3,
      {
        USERNAME: 'dwr',
        DISPLAY: 'Dan',
        PFP: 'https://i.imgur.com/dan.png',
        BIO: 'building',
        TWITTER: 'danromero',
        URL: 'https://dan.example',
      },
      7,
    );
    hub.setProfile(5, { USERNAME: 'vitalik' });
    const hash = hub.cast({
      fid: 3,
      text: 'gm  look',
      at: minutesAgo(5),
      mentions: [3],
      mentionsPositions: [3],
      embeds: [{ url: 'https://i.imgur.com/x.jpg' }, { url: 'https://example.com/post' }],
      parentCastId: { fid: 5, hash: `0x${'a'.repeat(40)}` },
    });
    const batch = await source([3]).fetch(null, signal);
    expect(batch.posts).toHaveLength(1);
    expect(batch.posts[0]).toMatchObject({
      id: `fc:${hash}`,
      network: 'farcaster',
      url: `https://farcaster.xyz/dwr/${hash.slice(0, 10)}`,
      text: 'gm @dwr look\nhttps://example.com/post',
      createdAt: Math.floor(minutesAgo(5) / 1000),
      refKind: 'reply',
      medias: [{ imgUrlOrigin: 'https://i.imgur.com/x.jpg' }],
      author: {
        id: 'fc:3',
        network: 'farcaster',
        username: 'dwr',
        name: 'Dan',
        icon: 'https://i.imgur.com/dan.png',
        bio: 'building',
        followersCount: 7,
        links: ['https://x.com/danromero', 'https://dan.example'],
      },
    });
  });

  it('marks a cast embedding another cast as a quote, and leaves the url out while the username is unknown', async () => {
    hub.cast({
      fid: 4,
      text: 'this',
      at: minutesAgo(1),
      embeds: [{ castId: { fid: 5, hash: `0x${'c'.repeat(40)}` } }],
    });
    const [post] = (await source([4]).fetch(null, signal)).posts;
    expect(post).toMatchObject({ refKind: 'quote', author: { id: 'fc:4', username: '!4' } });
    expect(post?.url).toBeUndefined();
  });

  it('backfills newest first page by page, stops at backfillDays, then reads events from where it began', async () => {
    hub.setProfile(3, { USERNAME: 'dwr' });
    for (let i = 0; i < 5; i++) hub.cast({ fid: 3, text: `cast ${i}`, at: minutesAgo(10 - i) });
    hub.cast({ fid: 3, text: 'too old', at: NOW - 40 * 86_400_000 });
    const src = source([3], { pageSize: 2 });
    const { batches, cursor } = await poll(src, null, 3, signal);
    expect(batches.map((b) => b.posts.map((p) => p.text))).toEqual([
      ['cast 4', 'cast 3'],
      ['cast 2', 'cast 1'],
      ['cast 0'],
    ]);
    expect(hub.requests.filter((r) => r.startsWith('/v1/castsByFid'))).toHaveLength(3);
    expect(JSON.parse(cursor!)).toEqual({ v: 1, ev: eventIdAt(NOW), fids: { 3: { bf: 1 } } });
    // Live: a new cast and another fid's cast; only the followed fid's is taken.
    const fresh = hub.cast({ fid: 3, text: 'live cast', at: NOW + 1000 });
    hub.cast({ fid: 99, text: 'someone else', at: NOW + 2000 });
    const live = await src.fetch(cursor, signal);
    expect(ids(live.posts)).toEqual([`fc:${fresh}`]);
    expect(hub.requests.at(-1)).toBe(`/v1/events?from_event_id=${eventIdAt(NOW)}`);
    const again = await src.fetch(live.nextCursor, signal);
    expect(again.posts).toEqual([]);
  });

  it('sends a removed cast as a vanish marker', async () => {
    const src = source([3]);
    const first = await src.fetch(null, signal);
    const hash = hub.cast({ fid: 3, text: 'oops', at: NOW + 1000 });
    hub.remove(3, hash, NOW + 5000);
    const live = await src.fetch(first.nextCursor, signal);
    expect(live.posts.map((p) => [p.id, p.vanished ?? false, p.text])).toEqual([
      [`fc:${hash}`, false, 'oops'],
      [`fc:${hash}`, true, ''],
    ]);
  });

  it('counts malformed casts and events and skips them', async () => {
    hub.cast({ fid: 3, text: 'fine', at: minutesAgo(1) });
    const src = source([3]);
    const first = await src.fetch(null, signal);
    hub.rawEvents.push(
      null,
      {
        type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
        id: eventIdAt(NOW),
        mergeMessageBody: {
          message: {
            data: { type: 'MESSAGE_TYPE_CAST_ADD', fid: 3, timestamp: 'x', castAddBody: { text: 'a' } },
            hash: `0x${'b'.repeat(40)}`,
          },
        },
      },
      {
        type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
        id: eventIdAt(NOW),
        mergeMessageBody: {
          message: {
            data: { type: 'MESSAGE_TYPE_CAST_ADD', fid: 3, timestamp: 1, castAddBody: { text: 'a' } },
            hash: 'nope',
          },
        },
      },
      {
        type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
        id: eventIdAt(NOW),
        mergeMessageBody: {
          message: { data: { type: 'MESSAGE_TYPE_CAST_REMOVE', fid: 3, timestamp: 1, castRemoveBody: {} } },
        },
      },
    );
    const ok = hub.cast({ fid: 3, text: 'still here', at: NOW + 1000 });
    const live = await src.fetch(first.nextCursor, signal);
    expect(ids(live.posts)).toEqual([`fc:${ok}`]);
    expect(live.rejected.map((r) => r.reason)).toEqual([
      `cast 0x${'b'.repeat(40)} without a valid timestamp`,
      'cast without a valid hash',
      'cast remove without a valid target hash',
    ]);
  });

  it('waits Retry-After on a 429, keeps the cursor on a 5xx or bad JSON, then goes on', async () => {
    hub.cast({ fid: 3, text: 'fine', at: minutesAgo(1) });
    const src = source([3]);
    hub.failures.push({ status: 429, headers: { 'retry-after': '12' } });
    expect(await src.fetch(null, signal)).toEqual({ posts: [], rejected: [], nextCursor: null, waitMs: 12_000 });
    hub.failures.push({ status: 502 });
    const failed = await src.fetch(null, signal);
    expect(failed).toMatchObject({ posts: [], nextCursor: null, waitMs: 2000 });
    expect(failed.rejected[0]?.reason).toBe('hub /v1/userDataByFid?fid=3: HTTP 502');
    hub.failures.push({ status: 200, body: '<html>' });
    expect((await src.fetch(null, signal)).rejected[0]?.reason).toMatch(/not JSON/);
    expect((await src.fetch(null, signal)).posts.map((p) => p.text)).toEqual(['fine']);
  });

  it('pages through events while behind, and waits once caught up', async () => {
    await hub.close();
    hub = await startFakeHub({ eventPageSize: 2 });
    const src = source([3], { now: () => NOW + 3_600_000 });
    // The backfill finds nothing; the stream starts an hour after these casts' events.
    const first = await src.fetch(null, signal);
    const old = { ...JSON.parse(first.nextCursor!), ev: eventIdAt(NOW) };
    for (let i = 0; i < 3; i++) hub.cast({ fid: 3, text: `c${i}`, at: NOW + i * 1000 });
    const { batches } = await poll(src, JSON.stringify(old), 3, signal);
    // A full page means more may wait; a shorter one (the hub's page size is learnt) or none, caught up.
    expect(batches.map((b) => b.posts.map((p) => p.text))).toEqual([['c0', 'c1'], ['c2'], []]);
    expect(batches.map((b) => b.waitMs)).toEqual([0, 5000, 5000]);
  });
});
