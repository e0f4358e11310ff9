import { redact } from '../../../src/security/redact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFarcasterSource,
  eventIdAt,
  hubErrorText,
  snapchainEventId,
} from '../../../src/pipeline/sources/farcaster/index';
import { withMentions } from '../../../src/pipeline/sources/farcaster/map';
import { fakeHeightAt, fixture } from './fake-hub';
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
    expect(await src.fetch(null, signal)).toEqual({
      posts: [],
      rejected: [],
      requests: ['/v1/info: HTTP 429: unavailable: failure'],
      nextCursor: null,
      waitMs: 12_000,
    });
    hub.failures.push({ status: 502 });
    const failed = await src.fetch(null, signal);
    expect(failed).toMatchObject({ posts: [], nextCursor: null, waitMs: 2000 });
    expect(failed.rejected[0]?.reason).toBe('hub /v1/info: HTTP 502: unavailable: failure');
    expect(failed.requests).toEqual(['/v1/info: HTTP 502: unavailable: failure']);
    hub.failures.push({ status: 200, body: '<html>' });
    expect((await src.fetch(null, signal)).rejected[0]?.reason).toMatch(/not JSON/);
    const ok = await src.fetch(null, signal);
    expect(ok.posts.map((p) => p.text)).toEqual(['fine']);
    expect(ok.requests?.every((r) => r === true)).toBe(true);
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

describe('farcaster on a Snapchain hub (issue 31)', () => {
  beforeEach(async () => {
    await hub.close();
    hub = await startFakeHub({ kind: 'snapchain', now: () => NOW });
  });

  it('detects Snapchain from /v1/info, sends reverse=true, starts each shard at its maxHeight << 14, pages without nextPageEventId', async () => {
    hub.setProfile(3, { USERNAME: 'dwr' });
    hub.cast({ fid: 3, text: 'old', at: minutesAgo(5) });
    const src = source([3], { eventPageSize: 2 });
    const first = await src.fetch(null, signal);
    expect(first.posts.map((p) => p.text)).toEqual(['old']);
    expect(first.rejected).toEqual([]);
    expect(hub.requests[0]).toBe('/v1/info');
    expect(hub.requests.find((r) => r.startsWith('/v1/castsByFid'))).toContain('reverse=true');
    const start = snapchainEventId(fakeHeightAt(NOW));
    // About 1.5e11 today: nothing like Hubble's clock ids (7.6e14).
    expect(JSON.parse(first.nextCursor!)).toEqual({ v: 1, shards: { 1: start, 2: start }, fids: { 3: { bf: 1 } } });
    expect(first.requests).toEqual([true, true, true, true]);
    // Live: three casts of fid 3 (shard 2) in three blocks; a page of 2 is full, so it goes on at once.
    const ids = [1, 2, 3].map((i) => hub.cast({ fid: 3, text: `live ${i}`, at: NOW + i * 1000 }));
    hub.cast({ fid: 4, text: 'not followed', at: NOW + 1500 });
    const live = await src.fetch(first.nextCursor, signal);
    expect(live.posts.map((p) => p.text)).toEqual(['live 1', 'live 2']);
    expect(live.waitMs).toBe(0);
    expect(hub.requests.filter((r) => r.startsWith('/v1/events'))).toEqual([
      `/v1/events?from_event_id=${start}&shard_index=1&pageSize=2`,
      `/v1/events?from_event_id=${start}&shard_index=2&pageSize=2`,
    ]);
    const rest = await src.fetch(live.nextCursor, signal);
    expect(rest.posts.map((p) => p.id)).toEqual([`fc:${ids[2]}`]);
    expect(rest.waitMs).toBe(5000);
    expect((await src.fetch(rest.nextCursor, signal)).posts).toEqual([]);
  });

  it('drops a Hubble clock event id stored before and starts from the hub', async () => {
    const src = source([3]);
    const stored = JSON.stringify({ v: 1, ev: eventIdAt(NOW), fids: { 3: { bf: 1 } } });
    const batch = await src.fetch(stored, signal);
    const start = snapchainEventId(fakeHeightAt(NOW));
    expect(JSON.parse(batch.nextCursor!)).toEqual({ v: 1, shards: { 1: start, 2: start }, fids: { 3: { bf: 1 } } });
  });

  it("puts the hub's own error text in rejected items and requests", async () => {
    const src = source([3]);
    hub.replay.set('/v1/castsByFid', [
      { status: 400, body: 'Invalid query parameters: failed with reason: provided string was not `true` or `false`' },
    ]);
    const batch = await src.fetch(null, signal);
    expect(batch.rejected[0]?.reason).toMatch(
      /^hub \/v1\/castsByFid\?fid=3&pageSize=100&reverse=true: HTTP 400: Invalid query parameters: .*not `true` or `false`$/,
    );
    expect(batch.requests?.at(-1)).toBe(batch.rejected[0]?.reason.slice(4));
    expect(batch.requests?.slice(0, -1).every((r) => r === true)).toBe(true);
  });

  it('resolves mentioned fids to usernames through the hub, cached and bounded', async () => {
    hub.setProfile(3, { USERNAME: 'dwr' });
    hub.setProfile(231289, { USERNAME: 'alice', DISPLAY: 'Alice' });
    hub.setProfile(77, { USERNAME: 'bob' });
    // "gm 🌞 " is 8 bytes: positions count UTF-8 bytes.
    hub.cast({ fid: 3, text: 'gm 🌞  and ', at: minutesAgo(3), mentions: [231289, 77], mentionsPositions: [8, 13] });
    hub.cast({ fid: 3, text: 'hi ', at: minutesAgo(2), mentions: [231289], mentionsPositions: [3] });
    const src = source([3], { nameCacheSize: 1 });
    const first = await src.fetch(null, signal);
    expect(first.posts.map((p) => p.text)).toEqual(['hi @alice', 'gm 🌞 @alice and @bob']);
    expect(hub.requests.filter((r) => r.startsWith('/v1/userDataByFid?fid=231289'))).toHaveLength(1);
    // The cache holds one name: bob (the last read) stays, alice is read again when mentioned again.
    hub.cast({ fid: 3, text: ' and ', at: NOW + 1000, mentions: [77, 231289], mentionsPositions: [0, 5] });
    const live = await src.fetch(first.nextCursor, signal);
    expect(live.posts.map((p) => p.text)).toEqual(['@bob and @alice']);
    expect(hub.requests.filter((r) => r.startsWith('/v1/userDataByFid?fid=77'))).toHaveLength(1);
    expect(hub.requests.filter((r) => r.startsWith('/v1/userDataByFid?fid=231289'))).toHaveLength(2);
  });

  it('keeps every URL embed as a link and prints a URL once; counts are unknown, never 0', async () => {
    hub.setProfile(3, { USERNAME: 'dwr' });
    hub.cast({
      fid: 3,
      text: 'read https://example.com/a, then',
      at: minutesAgo(1),
      embeds: [
        { url: 'https://example.com/a' },
        { url: 'https://example.com/b' },
        { url: 'https://i.imgur.com/x.jpg' },
      ],
    });
    const [post] = (await source([3]).fetch(null, signal)).posts;
    expect(post?.text).toBe('read https://example.com/a, then\nhttps://example.com/b');
    expect(post?.links).toEqual([
      { url: 'https://example.com/a', text: 'https://example.com/a' },
      { url: 'https://example.com/b', text: 'https://example.com/b' },
      { url: 'https://i.imgur.com/x.jpg', text: 'https://i.imgur.com/x.jpg' },
    ]);
    expect(post?.medias).toEqual([
      { imgUrlThumb: 'https://i.imgur.com/x.jpg', imgUrlOrigin: 'https://i.imgur.com/x.jpg' },
    ]);
    expect(post?.metrics).toEqual({
      likeCount: null,
      retweetCount: null,
      replyCount: null,
      quoteCount: null,
      impressionCount: null,
    });
  });

  it('counts followers past 3,000, a few pages a fetch, until the count completes', async () => {
    hub.setProfile(3, { USERNAME: 'dwr' }, 3500);
    const src = source([3]);
    const first = await src.fetch(null, signal);
    // Three pages of 1000 read so far: a lower bound.
    expect(first.posts).toEqual([]);
    hub.cast({ fid: 3, text: 'later', at: NOW + 1000 });
    const live = await src.fetch(first.nextCursor, signal);
    expect(live.posts[0]?.author.followersCount).toBe(3500);
    expect(hub.requests.filter((r) => r.startsWith('/v1/linksByTargetFid'))).toHaveLength(4);
  });
});

describe('farcaster on captured hub answers (fixtures/)', () => {
  it('detects Hubble from its /v1/info, sends reverse=1, maps a captured cast with its mentions', async () => {
    hub.setProfile(15, { USERNAME: 'welshy' });
    hub.replay.set('/v1/castsByFid', [{ body: fixture('hubble-castsByMention.json') }]);
    // The author (fid 2) has no profile here; 15 is known, 6833 is not (HTTP 404 not_found): a fid.
    hub.replay.set('/v1/userDataByFid', [{ body: { messages: [], nextPageToken: '' } }]);
    const src = source([2], { backfillDays: 10_000 });
    const batch = await src.fetch(null, signal);
    expect(hub.requests[0]).toBe('/v1/info');
    expect(hub.requests.find((r) => r.startsWith('/v1/castsByFid'))).toContain('reverse=1');
    expect(batch.posts).toHaveLength(1);
    expect(batch.posts[0]).toMatchObject({
      id: 'fc:0xc6d4607835197a8ee225e9218d41e38aafb12076',
      text: 'cc @welshy and @6833',
      refKind: 'reply',
      createdAt: 62298143 + 1_609_459_200,
    });
    expect(JSON.parse(batch.nextCursor!).ev).toBe(eventIdAt(NOW));
  });

  it('resolves a mention from a captured single-message userDataByFid answer', async () => {
    hub.replay.set('/v1/castsByFid', [{ body: fixture('hubble-castsByMention.json') }]);
    const pfp = fixture('hubble-userDataByFid-pfp.json') as { data: { userDataBody: { type: string; value: string } } };
    const named = structuredClone(pfp);
    named.data.userDataBody = { type: 'USER_DATA_TYPE_USERNAME', value: 'v' };
    hub.replay.set('/v1/userDataByFid', [
      { body: { messages: [], nextPageToken: '' } },
      { body: pfp },
      { body: named },
    ]);
    const batch = await source([2], { backfillDays: 10_000 }).fetch(null, signal);
    // 15 answered with a picture only (stays a fid), 6833 with a username.
    expect(batch.posts[0]?.text).toBe('cc @15 and @v');
    expect(hub.requests.filter((r) => r.includes('user_data_type=6'))).toHaveLength(2);
  });

  it("follows a captured events page's nextPageEventId and passes over other event types", async () => {
    hub.replay.set('/v1/events', [{ body: fixture('hubble-events.json') }]);
    const src = source([3]);
    const first = await src.fetch(null, signal);
    const stored = { ...JSON.parse(first.nextCursor!), ev: 350909155450880 };
    const live = await src.fetch(JSON.stringify(stored), signal);
    expect(live.posts).toEqual([]);
    expect(live.rejected).toEqual([]);
    expect(JSON.parse(live.nextCursor!).ev).toBe(350909170294785);
  });

  it("reads a captured Hubble error's errCode and details", async () => {
    hub.failures.push({ status: 400, body: JSON.stringify(fixture('hubble-error.json')) });
    const batch = await source([3]).fetch(null, signal);
    expect(batch.rejected[0]?.reason).toBe(
      'hub /v1/info: HTTP 400: bad_request.validation_failure: fid must be an integer',
    );
    expect(batch.requests).toEqual(['/v1/info: HTTP 400: bad_request.validation_failure: fid must be an integer']);
  });
});

describe('farcaster helpers', () => {
  it('masks credentials with the project’s one rule and keeps page tokens', () => {
    expect(redact('https://u:pw@hub.example/v1/info?api_key=abc&pageToken=AuzO')).toBe(
      'https://u:***@hub.example/v1/info?api_key=***&pageToken=AuzO',
    );
    expect(hubErrorText('{"error":"Failed to get events","error_detail":"status: NotFound"}')).toBe(
      'Failed to get events: status: NotFound',
    );
  });
});
