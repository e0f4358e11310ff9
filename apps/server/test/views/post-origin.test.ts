/**
 * A post on the wire carries the link to the original and its counts, decided by its source:
 * X posts (x-api, push) and RSS items open on x.com; demo posts, invented, have no link; RSS
 * reports no counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBatch } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';
import { decodeCursor, encodeCursor } from '../../src/services/feed';
import type { Enrichment, RawMetrics } from '../../src/pipeline/types';
import { rawPost } from '../support/posts';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;
type WirePost = {
  id: string;
  ct: number;
  url?: string;
  network?: string;
  vanished?: boolean;
  user: { id: string; network?: string };
  metrics?: { like_count: number; repost_count: number; view_count: number };
};

const T0 = 1_764_000_000;
const enrichment: Enrichment = {
  coins: ['ORIGINTEST'],
  categories: [],
  sentiment: { label: 'neutral', score: 0, cues: [] },
  lang: 'en',
};

async function save(source: string, id: string, ct: number) {
  const post = rawPost({
    id,
    // Each its own text: one sentence from several accounts would fold into the first (copies).
    text: `Origin check from ${source} at ${ct}`,
    createdAt: ct,
    username: `${source.replace('-', '_')}_author`,
    authorId: `9${ct}`,
    metrics: { likeCount: 1234, retweetCount: 40, replyCount: 3, quoteCount: 2, impressionCount: 3_400_000 },
  });
  await saveBatch(
    t.db,
    {
      source,
      posts: [post],
      enrichments: [enrichment],
      cursor: null,
      rejected: 0,
      now: new Date(),
    },
    storeHooks,
  );
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('origin@example.com'));
  await save('x-api', '1860000000000000001', T0 + 1);
  await save('rss', '1860000000000000002', T0 + 2);
  await save('demo', '9000000000000000003', T0 + 3);
  await save('push', '1860000000000000004', T0 + 4);
});
afterAll(() => t.close());

async function viewOf(coin: string): Promise<string> {
  const add = await t.call(
    'view/add',
    { name: coin, viewType: 'content_feed', matchingRules: [{ type: 'coins', rules: [{ value: coin }] }] },
    { token },
  );
  return (add.body.data as { view_id: string }[]).at(-1)!.view_id;
}

describe('post link and counts', () => {
  it('links X and RSS posts to x.com, demo posts nowhere, and gives counts where the source has them', async () => {
    const add = await t.call(
      'view/add',
      {
        name: 'origin',
        viewType: 'content_feed',
        matchingRules: [{ type: 'coins', rules: [{ value: 'ORIGINTEST' }] }],
      },
      { token },
    );
    const viewId = (add.body.data as { view_id: string }[]).at(-1)!.view_id;
    const page = (await t.call('view/v2/tweets', { viewId }, { token })).body.data as { list: WirePost[] };
    const byId = new Map(page.list.map((p) => [p.id, p]));
    const counts = { like_count: 1234, repost_count: 42, view_count: 3_400_000 };
    expect(byId.get('1860000000000000001')).toMatchObject({
      url: 'https://x.com/x_api_author/status/1860000000000000001',
      metrics: counts,
    });
    const rss = byId.get('1860000000000000002')!;
    expect(rss.url).toBe('https://x.com/rss_author/status/1860000000000000002');
    expect(rss.metrics).toBeUndefined();
    const demo = byId.get('9000000000000000003')!;
    expect(demo.url).toBeUndefined();
    expect(demo.metrics).toEqual(counts);
    expect(byId.get('1860000000000000004')).toMatchObject({
      url: 'https://x.com/push_author/status/1860000000000000004',
      metrics: counts,
    });
  });
});

describe('posts from other networks (issue 17)', () => {
  it('carry their network, open the page their source gave, drop a link that is not https, and page by their ids', async () => {
    const other = { ...enrichment, coins: ['NETTEST'] };
    const tg = (n: number, url: string) =>
      rawPost({
        id: `tg:alpha_calls/${n}`,
        text: `Channel note ${n}: ${['funding resets', 'ETF flows in focus', 'basis trade unwinds'][n - 1]}`,
        createdAt: T0 + 100 + n,
        network: 'telegram',
        url,
        authorId: 'tg:alpha_calls',
        username: 'alpha_calls',
      });
    const posts = [
      { ...tg(1, 'https://t.me/alpha_calls/1'), vanished: true },
      tg(2, 'javascript:alert(1)'),
      tg(3, 'https://t.me/alpha_calls/3'),
      rawPost({
        id: 'bsky:did:plc:abcdefghijklmnopqrstuvwx/3kabcdefghij2',
        // Its own words: the same sentence from another account would fold into the first (copies).
        text: 'Skeet from the AppView side: staking yields compress again',
        createdAt: T0 + 200,
        network: 'bluesky',
        url: 'https://bsky.app/profile/alice.bsky.social/post/3kabcdefghij2',
        authorId: 'bsky:did:plc:abcdefghijklmnopqrstuvwx',
        username: 'alice.bsky.social',
      }),
    ];
    await saveBatch(
      t.db,
      {
        source: 'test',
        posts: posts.map((p) => ({ ...p, author: { ...p.author, network: p.network } })),
        enrichments: posts.map(() => other),
        cursor: null,
        rejected: 0,
        now: new Date(),
      },
      storeHooks,
    );
    const viewId = await viewOf('NETTEST');
    const seen = ((await t.call('view/v2/tweets', { viewId }, { token })).body.data as { list: WirePost[] }).list;
    expect(seen.map((p) => p.id)).toEqual([
      'bsky:did:plc:abcdefghijklmnopqrstuvwx/3kabcdefghij2',
      'tg:alpha_calls/3',
      'tg:alpha_calls/2',
      'tg:alpha_calls/1',
    ]);
    const byId = new Map(seen.map((p) => [p.id, p]));
    expect(byId.get('tg:alpha_calls/3')).toMatchObject({
      network: 'telegram',
      url: 'https://t.me/alpha_calls/3',
      user: { id: 'tg:alpha_calls', network: 'telegram' },
    });
    expect(byId.get('tg:alpha_calls/2')!.url).toBeUndefined();
    // A message deleted on Telegram is kept and flagged; the others carry no flag.
    expect(byId.get('tg:alpha_calls/1')).toMatchObject({ vanished: true });
    expect(byId.get('tg:alpha_calls/3')!).not.toHaveProperty('vanished');
    expect(byId.get('bsky:did:plc:abcdefghijklmnopqrstuvwx/3kabcdefghij2')).toMatchObject({
      network: 'bluesky',
      url: 'https://bsky.app/profile/alice.bsky.social/post/3kabcdefghij2',
    });
    // A page can end on any of these ids: the next-page cursor must carry it.
    for (const p of seen) expect(decodeCursor(encodeCursor(p))).toEqual({ ct: p.ct, id: p.id });
  });
});

describe('links, link cards, video stills and unknown counts (issue 31)', () => {
  const did = 'bsky:did:plc:linkslinkslinkslinkslink';
  const other = { ...enrichment, coins: ['LINKTEST'] };
  const article = 'https://www.coindesk.com/markets/2026/11/28/etf-flows';
  const skeet = (metrics: RawMetrics) =>
    rawPost({
      id: `${did}/3klinks00001`,
      text: 'ETF flows turned — read coindesk.com/markets/2026/1...',
      createdAt: T0 + 300,
      network: 'bluesky',
      url: 'https://bsky.app/profile/links.bsky.social/post/3klinks00001',
      authorId: did,
      username: 'links.bsky.social',
      links: [
        { url: article, text: 'coindesk.com/markets/2026/1...' },
        { url: 'javascript:alert(1)', text: 'read' },
      ],
      card: { url: article, title: 'ETF flows turn', description: 'Net inflows for a third day', thumb: '' },
      medias: [
        {
          imgUrlThumb: 'https://video.bsky.app/watch/x/y/thumbnail.jpg',
          imgUrlOrigin: 'https://bsky.app/v',
          kind: 'video',
        },
      ],
      metrics,
    });
  const save = (post: ReturnType<typeof rawPost>) =>
    saveBatch(
      t.db,
      {
        source: 'test',
        posts: [{ ...post, author: { ...post.author, network: 'bluesky' } }],
        enrichments: [other],
        cursor: null,
        rejected: 0,
        now: new Date(),
      },
      storeHooks,
    );
  const seen = async () => {
    const viewId = await viewOf('LINKTEST');
    return ((await t.call('view/v2/tweets', { viewId }, { token })).body.data as { list: Record<string, unknown>[] })
      .list[0]!;
  };
  const unknown = { likeCount: null, retweetCount: null, replyCount: null, quoteCount: null, impressionCount: null };

  it('sends every safe link with its words, the card and the video still, and leaves unknown counts out', async () => {
    await save(skeet(unknown));
    const post = await seen();
    expect(post.links).toEqual([{ url: article, text: 'coindesk.com/markets/2026/1...' }]);
    expect(post.card).toEqual({ url: article, title: 'ETF flows turn', description: 'Net inflows for a third day' });
    expect(post.medias).toEqual([
      {
        img_url_thumb: 'https://video.bsky.app/watch/x/y/thumbnail.jpg',
        img_url_origin: 'https://bsky.app/v',
        kind: 'video',
      },
    ]);
    // Never reported: no count at all, rather than 0.
    expect(post.metrics).toEqual({});
  });

  it('keeps counts once reported when the post comes again without them (a Jetstream copy)', async () => {
    const stored = async () =>
      (
        await t.db.query<{ like_count: string; retweet_count: string; unknown_counts: string[] }>(
          'SELECT like_count, retweet_count, unknown_counts FROM posts WHERE id = $1',
          [`${did}/3klinks00001`],
        )
      )[0];
    await save(skeet({ likeCount: 12, retweetCount: 3, replyCount: 1, quoteCount: 1, impressionCount: null }));
    expect(await stored()).toMatchObject({ like_count: 12, retweet_count: 3, unknown_counts: ['view'] });
    await save(skeet(unknown));
    expect(await stored()).toMatchObject({ like_count: 12, retweet_count: 3, unknown_counts: ['view'] });
  });
});
