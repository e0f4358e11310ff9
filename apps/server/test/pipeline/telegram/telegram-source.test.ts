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
    expect(limited).toEqual({ posts: [], rejected: [], nextCursor: null, waitMs: 30_000 });
    tg.failures.push({ status: 503 });
    const failed = await src.fetch(null, signal);
    expect(failed.posts).toEqual([]);
    expect(failed.rejected[0]?.reason).toBe('channel epsilon: HTTP 503');
    const ok = await src.fetch(failed.nextCursor, signal);
    expect(ids(ok.posts)).toEqual(['tg:epsilon/1', 'tg:epsilon/2']);
    const missing = await source(['nobody_here']).fetch(null, signal);
    expect(missing.rejected[0]?.reason).toMatch(/no public preview/);
  });

  it('round-robins over channels and starts afresh from an unreadable cursor', async () => {
    fill('one_ch', 1);
    fill('two_ch', 1);
    const { batches } = await poll(source(['one_ch', 'two_ch']), 'not json', 2, signal);
    expect(batches.flatMap((b) => ids(b.posts))).toEqual(['tg:one_ch/1', 'tg:two_ch/1']);
  });
});
