/**
 * Telegram and Farcaster through the real runner into a real database: what the fake services
 * hold ends up stored once each, edits replace text, deletions flag the stored post and keep its
 * text, and a batch whose transaction dies midway (a poisoned row, like a crash inside the save)
 * is fetched again from the same cursor, so nothing is lost and nothing is stored twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runnerOptions } from '../support/runner-options';
import type { Db } from '../../src/db/db';
import { runOnce } from '../../src/pipeline/runner';
import { createFarcasterSource } from '../../src/pipeline/sources/farcaster/index';
import { createTelegramSource } from '../../src/pipeline/sources/telegram/index';
import type { Source } from '../../src/pipeline/types';
import { closeTestDb, openMigratedDb } from '../support/test-app';
import { type FakeHub, startFakeHub } from './farcaster/fake-hub';
import { type FakeTelegram, startFakeTelegram } from './telegram/fake-telegram';

let db: Db;
let drop: () => Promise<void>;
const closers: (() => Promise<void>)[] = [];
const signal = new AbortController().signal;
const NOW = Date.now();
const opts = () => runnerOptions(db);

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
afterAll(() => closeTestDb(db, drop));

/** Wraps a source so that chosen batches with posts (1-based) carry a row the database refuses: the save fails. */
function poisoned(source: Source, crashOn: Set<number>): Source {
  let withPosts = 0;
  return {
    name: source.name,
    async fetch(cursor, s) {
      const batch = await source.fetch(cursor, s);
      if (batch.posts.length === 0 || !crashOn.has(++withPosts)) return batch;
      const first = batch.posts[0]!;
      const broken = { ...first, id: `${first.id}-poison`, metrics: { ...first.metrics, likeCount: Number.NaN } };
      return { ...batch, posts: [...batch.posts.slice(0, 1), broken, ...batch.posts.slice(1)] };
    },
  };
}

/** Runs batches until the source asks to wait (caught up); failed saves are retried at once. */
async function runUntilCaughtUp(source: Source): Promise<number> {
  let failures = 0;
  for (let i = 0; i < 30; i++) {
    try {
      if ((await runOnce(source, opts(), signal)) > 0) return failures;
    } catch {
      failures++;
    }
  }
  throw new Error('not caught up after 30 batches');
}

const stored = (prefix: string) =>
  db.query<{ id: string; text: string; vanished: boolean; network: string; url: string }>(
    `SELECT id, text, vanished, network, url FROM posts WHERE id LIKE $1 ORDER BY id`,
    [`${prefix}%`],
  );

describe('telegram through the runner', () => {
  it('stores every message once across failed saves, replaces edits and flags deletions', async () => {
    const tg: FakeTelegram = await startFakeTelegram();
    closers.push(() => tg.close());
    const ch = tg.addChannel('crash_news', { title: 'Crash News', subscribers: '4.5K' });
    for (let id = 1; id <= 45; id++)
      ch.messages.push({ id, html: `update ${id} on $BTC`, date: new Date(NOW - (46 - id) * 60_000).toISOString() });
    const source = poisoned(
      createTelegramSource({ channels: ['crash_news'], baseUrl: tg.url, pollIntervalMs: 1000 }),
      new Set([2, 5]),
    );
    expect(await runUntilCaughtUp(source)).toBe(1);
    let rows = await stored('tg:crash_news/');
    expect(rows).toHaveLength(45);
    expect(rows.every((r) => r.network === 'telegram' && r.url.startsWith('https://t.me/crash_news/'))).toBe(true);

    ch.messages.find((m) => m.id === 40)!.html = 'update 40 on $BTC (corrected)';
    ch.messages.splice(
      ch.messages.findIndex((m) => m.id === 42),
      1,
    );
    ch.messages.push({ id: 46, html: 'update 46 on $ETH', date: new Date(NOW).toISOString() });
    expect(await runUntilCaughtUp(source)).toBe(1);
    rows = await stored('tg:crash_news/');
    expect(rows).toHaveLength(46);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('tg:crash_news/40')?.text).toBe('update 40 on $BTC (corrected)');
    expect(byId.get('tg:crash_news/42')).toMatchObject({ vanished: true, text: 'update 42 on $BTC' });
    expect(rows.filter((r) => r.vanished)).toHaveLength(1);
    const [account] = await db.query<{ followers_count: number; network: string }>(
      "SELECT followers_count, network FROM x_accounts WHERE id = 'tg:crash_news'",
    );
    expect(account).toEqual({ followers_count: 4500, network: 'telegram' });
  });
});

describe('telegram media-only posts through the runner (issue 31)', () => {
  it('stores a post without text, its video still, links, card and unknown counts; flags the newest when deleted', async () => {
    const tg: FakeTelegram = await startFakeTelegram();
    closers.push(() => tg.close());
    const ch = tg.addChannel('media_only', { title: 'Media Only', subscribers: '1', subscribersLabel: 'subscriber' });
    const at = (min: number) => new Date(NOW - min * 60_000).toISOString();
    ch.messages.push(
      {
        id: 1,
        html: 'read <a href="https://example.com/a">the piece</a>',
        date: at(3),
        reactions: [['👍', '12']],
        after: `<a class="tgme_widget_message_link_preview" href="https://example.com/a"><div class="link_preview_title">A</div></a>`,
      },
      {
        id: 2,
        html: '',
        date: at(2),
        media: `<a class="tgme_widget_message_video_player" href="https://t.me/media_only/2"><i class="tgme_widget_message_video_thumb" style="background-image:url('https://cdn4.cdn-telegram.org/file/still.jpg')"></i></a>`,
      },
      {
        id: 3,
        html: '',
        date: at(1),
        media: `<a class="tgme_widget_message_voice_player" href="https://t.me/media_only/3"></a>`,
      },
    );
    const source = createTelegramSource({ channels: ['media_only'], baseUrl: tg.url, pollIntervalMs: 1000 });
    await runUntilCaughtUp(source);
    const rows = await db.query<{
      id: string;
      text: string;
      vanished: boolean;
      links: unknown;
      card: unknown;
      unknown_counts: string[];
      like_count: number;
      medias: unknown;
    }>(
      "SELECT id, text, vanished, links, card, unknown_counts, like_count, medias FROM posts WHERE id LIKE 'tg:media_only/%' ORDER BY id",
    );
    expect(rows.map((r) => [r.id, r.text, r.vanished])).toEqual([
      ['tg:media_only/1', 'read the piece', false],
      ['tg:media_only/2', '', false],
      ['tg:media_only/3', '', false],
    ]);
    expect(rows[0]).toMatchObject({
      links: [{ url: 'https://example.com/a', text: 'the piece' }],
      card: { url: 'https://example.com/a', title: 'A' },
      like_count: 12,
    });
    expect(rows[0]?.unknown_counts).not.toContain('like');
    expect(rows[1]?.unknown_counts).toEqual(expect.arrayContaining(['like', 'repost', 'reply', 'quote']));
    expect(rows[1]?.medias).toEqual([
      {
        imgUrlThumb: 'https://cdn4.cdn-telegram.org/file/still.jpg',
        imgUrlOrigin: 'https://t.me/media_only/2',
        kind: 'video',
      },
    ]);

    ch.messages.splice(-1, 1);
    await runUntilCaughtUp(source);
    const after = await stored('tg:media_only/');
    expect(after.map((r) => [r.id, r.vanished])).toEqual([
      ['tg:media_only/1', false],
      ['tg:media_only/2', false],
      ['tg:media_only/3', true],
    ]);
  });
});

describe('farcaster through the runner', () => {
  it('stores every cast once across failed saves and flags removed casts', async () => {
    const hub: FakeHub = await startFakeHub({ eventPageSize: 3 });
    closers.push(() => hub.close());
    hub.setProfile(77, { USERNAME: 'crashcaster', DISPLAY: 'Crash Caster' }, 12);
    const hashes: string[] = [];
    for (let i = 0; i < 7; i++)
      hashes.push(hub.cast({ fid: 77, text: `cast ${i} about $SOL`, at: NOW - (10 - i) * 60_000 }));
    const source = poisoned(
      createFarcasterSource({ fids: [77], hubUrl: hub.url, pageSize: 2, pollIntervalMs: 1000 }),
      new Set([2, 7]),
    );
    expect(await runUntilCaughtUp(source)).toBe(1);
    expect((await stored('fc:')).map((r) => r.id).sort()).toEqual(hashes.map((h) => `fc:${h}`).sort());

    for (let i = 7; i < 11; i++) hashes.push(hub.cast({ fid: 77, text: `cast ${i} about $SOL`, at: Date.now() + i }));
    hub.remove(77, hashes[2]!, Date.now() + 20);
    expect(await runUntilCaughtUp(source)).toBe(1);
    const rows = await stored('fc:');
    expect(rows.map((r) => r.id).sort()).toEqual(hashes.map((h) => `fc:${h}`).sort());
    expect(rows.filter((r) => r.vanished)).toEqual([
      expect.objectContaining({ id: `fc:${hashes[2]}`, text: 'cast 2 about $SOL' }),
    ]);
    expect(rows.every((r) => r.url.startsWith('https://farcaster.xyz/crashcaster/'))).toBe(true);
  });
});

describe('vanish markers', () => {
  it('store nothing for a post never stored', async () => {
    const marker = {
      id: 'tg:nobody_here/9',
      network: 'telegram' as const,
      vanished: true,
      text: '',
      createdAt: Math.floor(NOW / 1000),
      lang: '',
      author: {
        id: 'tg:nobody_here',
        network: 'telegram' as const,
        username: 'nobody_here',
        name: 'n',
        icon: '',
        followersCount: 0,
        isBlueVerified: false,
        verifiedType: 'none' as const,
      },
      medias: [],
      metrics: { likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 0, impressionCount: 0 },
    };
    const source: Source = {
      name: 'marker-test',
      fetch: async () => ({ posts: [marker], rejected: [], nextCursor: 'c', waitMs: 1 }),
    };
    await runOnce(source, opts(), signal);
    expect(await stored('tg:nobody_here/')).toEqual([]);
  });
});
