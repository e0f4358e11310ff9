import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createXApiSource } from '../../../src/pipeline/sources/x-api/index';
import { type FakeX, startFakeX, tweet, user } from './fake-x';

let fake: FakeX;
const signal = new AbortController().signal;

beforeEach(async () => {
  fake = await startFakeX();
});
afterEach(() => fake.close());

function source(tracked = [{ id: '100', username: 'alice' }], searchQuery?: string) {
  return createXApiSource({
    bearerToken: 'test-token',
    baseUrl: fake.url,
    listTracked: async () => tracked,
    ...(searchQuery ? { searchQuery } : {}),
  });
}

describe('x-api source: mapping the v2 shapes', () => {
  it('maps text, time, metrics, lang, author and media', async () => {
    fake.users = [
      user('100', 'alice', {
        name: 'Alice 🐋',
        verified: true,
        verified_type: 'blue',
        public_metrics: { followers_count: 123456 },
      }),
    ];
    fake.media = [
      { media_key: '3_1', type: 'photo', url: 'https://pbs.twimg.com/media/GcPhoto.jpg' },
      {
        media_key: '7_2',
        type: 'video',
        preview_image_url: 'https://pbs.twimg.com/ext_tw_video_thumb/2/pu/img/Vid.jpg',
      },
      { media_key: '3_9', type: 'photo' },
    ];
    fake.tweets = [
      tweet('1858000000000000010', '100', 'BTC &amp; ETH &gt; all &lt;3 https://t.co/abc https://t.co/pic', {
        created_at: '2024-11-19T10:00:00.000Z',
        lang: 'en',
        public_metrics: { retweet_count: 11, reply_count: 12, like_count: 13, quote_count: 14, impression_count: 15 },
        attachments: { media_keys: ['3_1', '7_2', '3_9', '3_missing'] },
        entities: {
          urls: [
            {
              start: 28,
              end: 51,
              url: 'https://t.co/abc',
              expanded_url: 'https://example.com/x',
              display_url: 'example.com/x',
            },
            {
              start: 52,
              end: 75,
              url: 'https://t.co/pic',
              expanded_url: 'https://x.com/alice/status/1858000000000000010/photo/1',
              media_key: '3_1',
            },
          ],
        },
      }),
    ];
    const batch = await source().fetch(null, signal);
    expect(batch.rejected).toEqual([]);
    expect(batch.posts).toEqual([
      {
        id: '1858000000000000010',
        // t.co links read as X's apps show them; the full URL is in links.
        text: 'BTC & ETH > all <3 example.com/x',
        createdAt: Date.UTC(2024, 10, 19, 10) / 1000,
        lang: 'en',
        author: {
          id: '100',
          username: 'alice',
          name: 'Alice 🐋',
          icon: 'https://pbs.twimg.com/profile_images/1/alice_bigger.jpg',
          followersCount: 123456,
          isBlueVerified: true,
          verifiedType: 'blue',
        },
        medias: [
          {
            imgUrlThumb: 'https://pbs.twimg.com/media/GcPhoto.jpg?name=small',
            imgUrlOrigin: 'https://pbs.twimg.com/media/GcPhoto.jpg?name=orig',
          },
          {
            imgUrlThumb: 'https://pbs.twimg.com/ext_tw_video_thumb/2/pu/img/Vid.jpg?name=small',
            imgUrlOrigin: 'https://pbs.twimg.com/ext_tw_video_thumb/2/pu/img/Vid.jpg?name=orig',
          },
        ],
        links: [{ url: 'https://example.com/x', text: 'example.com/x' }],
        metrics: { likeCount: 13, retweetCount: 11, replyCount: 12, quoteCount: 14, impressionCount: 15 },
      },
    ]);
  });

  it('sends the bearer token and the documented fields', async () => {
    fake.users = [user('100', 'alice')];
    await source().fetch(null, signal);
    const r = fake.requests[0]!;
    expect(r.headers.authorization).toBe('Bearer test-token');
    expect(r.path).toBe('/2/users/100/tweets');
    expect(r.query.get('tweet.fields')).toContain('created_at,public_metrics,lang,author_id,attachments,entities');
    expect(r.query.get('tweet.fields')!.split(',')).toContain('referenced_tweets');
    expect(r.query.get('expansions')).toBe('author_id,attachments.media_keys');
    expect(r.query.get('user.fields')).toBe('name,username,profile_image_url,public_metrics,verified,verified_type');
    expect(r.query.get('media.fields')).toBe('url,preview_image_url,type');
    expect(r.query.get('max_results')).toBe('100');
    expect(r.query.has('since_id')).toBe(false);
  });

  it('maps verified types, languages and long posts', async () => {
    fake.users = [
      user('1', 'biz', { verified: true, verified_type: 'business' }),
      user('2', 'gov', { verified: true, verified_type: 'government' }),
      user('3', 'plain', { verified: false, verified_type: 'none' }),
      user('4', 'legacy', { verified: true, verified_type: undefined }),
    ];
    fake.tweets = [
      tweet('1858000000000000004', '1', 'x 比特币 新高', { lang: 'zh-cn' }),
      tweet('1858000000000000003', '2', 'x hello', { lang: 'und' }),
      tweet('1858000000000000002', '3', 'x truncated…', { note_tweet: { text: 'x the whole long post' }, lang: 'qme' }),
      tweet('1858000000000000001', '4', 'x hola', { lang: 'es' }),
    ];
    const batch = await source([], 'x lang:en').fetch(null, signal);
    expect(fake.requests[0]!.path).toBe('/2/tweets/search/recent');
    expect(fake.requests[0]!.query.get('query')).toBe('x lang:en');
    const by = (u: string) => batch.posts.find((p) => p.author.username === u)!;
    expect(by('biz').author).toMatchObject({ verifiedType: 'business', isBlueVerified: true });
    expect(by('gov').author).toMatchObject({ verifiedType: 'government', isBlueVerified: true });
    expect(by('plain').author).toMatchObject({ verifiedType: 'none', isBlueVerified: false });
    expect(by('legacy').author).toMatchObject({ verifiedType: 'blue', isBlueVerified: true });
    expect(by('biz').lang).toBe('zh');
    expect(by('gov').lang).toBe('');
    expect(by('plain').lang).toBe('');
    expect(by('plain').text).toBe('x the whole long post');
    expect(by('legacy').lang).toBe('es');
  });

  it('marks reposts, quotes and replies from referenced_tweets; a post referencing nothing stays original', async () => {
    fake.users = [user('100', 'alice')];
    const ref = (...types: string[]) => ({
      referenced_tweets: types.map((type, i) => ({ type, id: String(1857000000000000000 + i) })),
    });
    fake.tweets = [
      tweet('1858000000000000006', '100', 'RT @bob: $SOL to 500', ref('retweeted')),
      tweet('1858000000000000005', '100', 'this, $SOL', ref('quoted')),
      tweet('1858000000000000004', '100', '@bob agreed', ref('replied_to')),
      tweet('1858000000000000003', '100', '@bob and look at this', ref('replied_to', 'quoted')),
      tweet('1858000000000000002', '100', 'odd reference', { referenced_tweets: [{ type: 'mystery' }, 'junk'] }),
      tweet('1858000000000000001', '100', '$SOL to 500'),
    ];
    const batch = await source().fetch(null, signal);
    expect(batch.posts.map((p) => [p.id.slice(-1), p.refKind])).toEqual([
      ['6', 'repost'],
      ['5', 'quote'],
      ['4', 'reply'],
      ['3', 'quote'],
      ['2', undefined],
      ['1', undefined],
    ]);
    expect(batch.posts.at(-1)).not.toHaveProperty('refKind');
  });

  it('with no tracked user and a blank query, asks nothing and waits', async () => {
    const batch = await source([], ' ').fetch(null, signal);
    expect(batch).toEqual({ posts: [], rejected: [], nextCursor: null, waitMs: 60_000 });
    expect(fake.requests).toHaveLength(0);
  });
});
