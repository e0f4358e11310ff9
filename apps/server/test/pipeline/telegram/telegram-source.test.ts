import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTelegramSource, normaliseChannel } from '../../../src/pipeline/sources/telegram/index';
import { parseCount } from '../../../src/pipeline/sources/telegram/parse';
import { poll } from '../poll';
import { type FakeTelegram, startFakeTelegram } from './fake-telegram';

let tg: FakeTelegram;
const signal = new AbortController().signal;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const iso = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

beforeEach(async () => {
  tg = await startFakeTelegram();
});
afterEach(() => tg.close());

const source = (channels: string[], extra = {}) =>
  createTelegramSource({ channels, baseUrl: tg.url, now: () => NOW, pollIntervalMs: 5000, ...extra });

/** Messages 1..n, one a minute, the newest a minute ago. */
function fill(name: string, n: number) {
  const ch = tg.addChannel(name, {
    title: 'Wu &amp; Co',
    subscribers: '12.3K',
    description: 'News <a href="https://x.com/wu">x.com/wu</a>',
  });
  for (let id = 1; id <= n; id++) ch.messages.push({ id, html: `post ${id}`, date: iso(n - id + 1), views: '1.2K' });
  return ch;
}

const ids = (posts: { id: string }[]) => posts.map((p) => p.id);

describe('telegram source', () => {
  it('accepts name, @name and t.me links, and reads counts like 1.2K and 3.4M', () => {
    expect(['wu_news', '@wu_news', 't.me/wu_news', 'https://t.me/s/wu_news/'].map(normaliseChannel)).toEqual(
      Array(4).fill('wu_news'),
    );
    expect(normaliseChannel('a b')).toBe('');
    expect([parseCount('1.2K'), parseCount('3.4M'), parseCount('987'), parseCount('n/a')]).toEqual([
      1200, 3_400_000, 987, 0,
    ]);
  });

  it('maps a message: text with line breaks and entities, photos, views, time, channel header', async () => {
    const ch = tg.addChannel('Wu_News', {
      title: 'Wu &amp; Co',
      subscribers: '12.3K',
      description: 'See <a href="https://x.com/wu">x.com/wu</a>',
    });
    ch.messages.push({
      id: 7,
      html: 'BTC &gt; 100k<br/>second line <a href="https://x.io">link</a>',
      date: '2026-11-20T10:00:00+00:00',
      views: '3.4M',
      photos: ['https://cdn4.cdn-telegram.org/file/a.jpg'],
    });
    const batch = await source(['wu_news']).fetch(null, signal);
    expect(batch.posts).toHaveLength(1);
    expect(batch.posts[0]).toMatchObject({
      id: 'tg:wu_news/7',
      network: 'telegram',
      url: 'https://t.me/wu_news/7',
      text: 'BTC > 100k\nsecond line link',
      createdAt: Date.parse('2026-11-20T10:00:00Z') / 1000,
      medias: [{ imgUrlOrigin: 'https://cdn4.cdn-telegram.org/file/a.jpg' }],
      metrics: { impressionCount: 3_400_000 },
      author: {
        id: 'tg:wu_news',
        network: 'telegram',
        username: 'wu_news',
        name: 'Wu & Co',
        followersCount: 12_300,
        links: ['https://x.com/wu'],
      },
    });
  });

  it('marks forwarded messages as reposts and replies as replies, reading the reply, not the quote', async () => {
    const ch = fill('zeta_ch', 3);
    ch.messages[1]!.ref = 'forward';
    ch.messages[2]!.ref = 'reply';
    const batch = await source(['zeta_ch']).fetch(null, signal);
    expect(batch.posts.map((p) => [p.text, p.refKind])).toEqual([
      ['post 1', undefined],
      ['post 2', 'repost'],
      ['post 3', 'reply'],
    ]);
  });

  it('backfills older pages with ?before= up to its page limit, then polls the newest page', async () => {
    fill('alpha', 70);
    const src = source(['alpha'], { backfillPages: 2 });
    const { batches, cursor } = await poll(src, null, 3, signal);
    expect(tg.requests).toEqual(['/s/alpha', '/s/alpha?before=51', '/s/alpha?before=31']);
    expect(batches.flatMap((b) => ids(b.posts)).sort()).toEqual(
      Array.from({ length: 60 }, (_, i) => `tg:alpha/${i + 11}`).sort(),
    );
    expect(batches.map((b) => b.waitMs)).toEqual([0, 0, 5000]);
    tg.channels.get('alpha')!.messages.push({ id: 71, html: 'new', date: iso(0) });
    const next = await src.fetch(cursor, signal);
    expect(tg.requests.at(-1)).toBe('/s/alpha');
    expect(ids(next.posts)).toEqual(['tg:alpha/71']);
  });

  it('stops the backfill at messages older than backfillDays', async () => {
    const ch = fill('beta', 30);
    for (const m of ch.messages) if (m.id <= 5) m.date = new Date(NOW - 40 * 86_400_000).toISOString();
    const { batches } = await poll(source(['beta']), null, 3, signal);
    expect(tg.requests).toEqual(['/s/beta', '/s/beta?before=11', '/s/beta']);
    expect(batches.flatMap((b) => ids(b.posts))).toHaveLength(25);
  });

  it('re-sends an edited message and flags a deleted one between its neighbours', async () => {
    const ch = fill('gamma', 10);
    const src = source(['gamma'], { backfillPages: 1 });
    const { cursor } = await poll(src, null, 1, signal);
    ch.messages.find((m) => m.id === 4)!.html = 'post 4 (edited)';
    ch.messages.splice(
      ch.messages.findIndex((m) => m.id === 6),
      1,
    );
    ch.messages.push({ id: 11, html: 'post 11', date: iso(0) });
    // The channel's start was reached on the first page: this is the newest page again.
    const batch = await src.fetch(cursor, signal);
    expect(batch.posts.map((p) => [p.id, p.text, p.vanished ?? false])).toEqual([
      ['tg:gamma/4', 'post 4 (edited)', false],
      ['tg:gamma/11', 'post 11', false],
      ['tg:gamma/6', '', true],
    ]);
    // Said once: the next poll repeats nothing.
    expect((await src.fetch(batch.nextCursor, signal)).posts).toEqual([]);
  });

  it('skips service messages uncounted, counts malformed ones, and keeps the rest', async () => {
    const ch = fill('delta', 3);
    ch.messages.push({ id: 4, html: 'Channel photo updated', date: iso(0), service: true });
    ch.messages.push({ id: 5, html: 'no time', date: 'not a date' });
    ch.messages.push({
      id: 6,
      html: '',
      date: iso(0),
      raw: '<div class="tgme_widget_message" data-post="delta/abc"></div>',
    });
    const batch = await source(['delta']).fetch(null, signal);
    expect(ids(batch.posts)).toEqual(['tg:delta/1', 'tg:delta/2', 'tg:delta/3']);
    expect(batch.rejected.map((r) => r.reason)).toEqual([
      'message 5 without a valid time',
      'message without a valid data-post',
    ]);
  });

  it('waits Retry-After on a 429 and keeps the turn; a 5xx or a private channel is one rejected item', async () => {
    fill('epsilon', 2);
    const src = source(['epsilon']);
    tg.failures.push({ status: 429, headers: { 'retry-after': '30' } });
    const limited = await src.fetch(null, signal);
    // Each batch says how its request went: the status and the service's own words, or true.
    expect(limited).toEqual({
      posts: [],
      rejected: [],
      requests: ['channel epsilon: HTTP 429: 429'],
      nextCursor: null,
      waitMs: 30_000,
    });
    tg.failures.push({ status: 503 });
    const failed = await src.fetch(null, signal);
    expect(failed.posts).toEqual([]);
    expect(failed.rejected[0]?.reason).toBe('channel epsilon: HTTP 503: 503');
    expect(failed.requests).toEqual(['channel epsilon: HTTP 503: 503']);
    const ok = await src.fetch(failed.nextCursor, signal);
    expect(ids(ok.posts)).toEqual(['tg:epsilon/1', 'tg:epsilon/2']);
    expect(ok.requests).toEqual([true]);
    const missing = await source(['nobody_here']).fetch(null, signal);
    expect(missing.rejected[0]?.reason).toMatch(/no public preview/);
    expect(missing.requests?.[0]).toMatch(/no public preview/);
  });

  it('round-robins over channels and starts afresh from an unreadable cursor', async () => {
    fill('one_ch', 1);
    fill('two_ch', 1);
    const { batches } = await poll(source(['one_ch', 'two_ch']), 'not json', 2, signal);
    expect(batches.flatMap((b) => ids(b.posts))).toEqual(['tg:one_ch/1', 'tg:two_ch/1']);
  });

  // ---------- issue 31 ----------

  it('keeps every link of the text with its words, and the link preview as a card (issue 31 §1)', async () => {
    const ch = tg.addChannel('links_ch');
    ch.messages.push({
      id: 3,
      html: 'Read <a href="https://example.com/article" target="_blank">this piece</a> — <a href="?q=%23btc">#btc</a> via <a href="https://t.me/other_ch">@other_ch</a>',
      date: iso(1),
      after: `<a class="tgme_widget_message_link_preview" href="https://example.com/article"><div class="link_preview_site_name accent_color" dir="auto">Example</div><i class="link_preview_image" style="background-image:url('https://cdn4.cdn-telegram.org/file/card.jpg');padding-top:50%"></i><div class="link_preview_title" dir="auto">An article</div><div class="link_preview_description" dir="auto">What it says</div></a>`,
    });
    const [post] = (await source(['links_ch']).fetch(null, signal)).posts;
    expect(post?.text).toBe('Read this piece — #btc via @other_ch');
    // Hashtags only search the channel: not kept as links. Mentions open a channel: kept.
    expect(post?.links).toEqual([
      { url: 'https://example.com/article', text: 'this piece' },
      { url: 'https://t.me/other_ch', text: '@other_ch' },
    ]);
    expect(post?.card).toEqual({
      url: 'https://example.com/article',
      title: 'An article',
      description: 'What it says',
      thumb: 'https://cdn4.cdn-telegram.org/file/card.jpg',
    });
    // A preview drawn as a <div> around its link, a site without a title: the site name stands in.
    ch.messages.push({
      id: 4,
      html: 'see',
      date: iso(0),
      after: `<div class="tgme_widget_message_link_preview"><a class="link_preview_site_name" href="https://site.example/">Site</a></div>`,
    });
    const next = await source(['links_ch']).fetch(null, signal);
    expect(next.posts[1]?.card).toEqual({ url: 'https://site.example/', title: 'Site', description: '', thumb: '' });
  });

  it('keeps a video as its still, and media-only posts: a video, a location (issue 31 §2)', async () => {
    const ch = tg.addChannel('media_ch');
    const video = (still: string) =>
      `<a class="tgme_widget_message_video_player js-message_video_player" href="https://t.me/media_ch/1">${still ? `<i class="tgme_widget_message_video_thumb" style="background-image:url('${still}')"></i>` : ''}<div class="tgme_widget_message_video_wrap"><video src="https://cdn4.cdn-telegram.org/file/v.mp4?token=x" class="tgme_widget_message_video js-message_video"></video></div><time class="message_video_duration js-message_video_duration">0:34</time></a>`;
    ch.messages.push(
      { id: 1, html: '', date: iso(3), media: video('https://cdn4.cdn-telegram.org/file/still.jpg') },
      { id: 2, html: 'no still', date: iso(2), media: video('') },
      {
        id: 3,
        html: '',
        date: iso(1),
        media: `<a class="tgme_widget_message_location_wrap" href="https://maps.google.com/maps?q=1,2"><div class="tgme_widget_message_location" style="background-image:url('https://t.me/api/staticmap?center=1,2')"></div></a>`,
      },
    );
    const posts = (await source(['media_ch']).fetch(null, signal)).posts;
    expect(posts.map((p) => [p.id, p.text, p.vanished])).toEqual([
      ['tg:media_ch/1', '', undefined],
      ['tg:media_ch/2', 'no still', undefined],
      ['tg:media_ch/3', '', undefined],
    ]);
    expect(posts[0]?.medias).toEqual([
      {
        imgUrlThumb: 'https://cdn4.cdn-telegram.org/file/still.jpg',
        imgUrlOrigin: 'https://t.me/media_ch/1',
        kind: 'video',
      },
    ]);
    expect(posts[1]?.medias).toEqual([]);
    expect(posts[1]?.links).toEqual([{ url: 'https://t.me/media_ch/2', text: 'video' }]);
    expect(posts[2]?.medias).toEqual([
      { imgUrlThumb: 'https://t.me/api/staticmap?center=1,2', imgUrlOrigin: 'https://t.me/api/staticmap?center=1,2' },
    ]);
    expect(posts[2]?.links).toEqual([{ url: 'https://maps.google.com/maps?q=1,2', text: 'location' }]);
  });

  it('flags the newest messages when they are deleted (issue 31 §3)', async () => {
    const ch = fill('newest_ch', 10);
    const src = source(['newest_ch'], { backfillPages: 1 });
    const { cursor } = await poll(src, null, 1, signal);
    ch.messages.splice(-2, 2);
    const batch = await src.fetch(cursor, signal);
    expect(batch.posts.map((p) => [p.id, p.text, p.vanished])).toEqual([
      ['tg:newest_ch/9', '', true],
      ['tg:newest_ch/10', '', true],
    ]);
    expect(batch.posts[0]?.metrics.likeCount).toBeNull();
    // Said once; a new message after them is new, not a deletion.
    ch.messages.push({ id: 11, html: 'post 11', date: iso(0) });
    const next = await src.fetch(batch.nextCursor, signal);
    expect(next.posts.map((p) => [p.id, p.vanished])).toEqual([['tg:newest_ch/11', undefined]]);
  });

  it('sums reactions into likes, views into impressions; other counts are unknown (issue 31 §4)', async () => {
    const ch = tg.addChannel('react_ch');
    ch.messages.push(
      {
        id: 1,
        html: 'liked',
        date: iso(2),
        views: '2.5K',
        reactions: [
          ['👍', '1.2K'],
          ['🔥', '87'],
          ['❤', '3'],
        ],
      },
      { id: 2, html: 'no reactions', date: iso(1), views: '40' },
    );
    const posts = (await source(['react_ch']).fetch(null, signal)).posts;
    expect(posts.map((p) => p.metrics)).toEqual([
      { likeCount: 1290, retweetCount: null, replyCount: null, quoteCount: null, impressionCount: 2500 },
      { likeCount: null, retweetCount: null, replyCount: null, quoteCount: null, impressionCount: 40 },
    ]);
  });

  it('marks a verified channel, and reads "1 subscriber" and "12 345 subscribers" (issue 31 §5, §6)', async () => {
    const one = tg.addChannel('verified_ch', { verified: true, subscribers: '1', subscribersLabel: 'subscriber' });
    one.messages.push({ id: 1, html: 'hi', date: iso(1) });
    const spaced = tg.addChannel('plain_ch', { subscribers: '12 345' });
    spaced.messages.push({ id: 1, html: 'hi', date: iso(1) });
    const [a] = (await source(['verified_ch']).fetch(null, signal)).posts;
    const [b] = (await source(['plain_ch']).fetch(null, signal)).posts;
    expect(a?.author).toMatchObject({ isBlueVerified: true, verifiedType: 'blue', followersCount: 1 });
    expect(b?.author).toMatchObject({ isBlueVerified: false, verifiedType: 'none', followersCount: 12_345 });
    expect([parseCount('12 345'), parseCount('12\u00a0345'), parseCount('1')]).toEqual([12_345, 12_345, 1]);
  });

  it('reads &nbsp; as a plain space (issue 31 §7)', async () => {
    const ch = tg.addChannel('nbsp_ch');
    ch.messages.push({ id: 1, html: 'BTC&nbsp;100k&nbsp;<a href="https://x.io">next&nbsp;step</a>', date: iso(1) });
    const [post] = (await source(['nbsp_ch']).fetch(null, signal)).posts;
    expect(post?.text).toBe('BTC 100k next step');
    expect(post?.links).toEqual([{ url: 'https://x.io', text: 'next step' }]);
  });
});
