import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDemoSource,
  DEMO_SLOT_MS,
  demoAvatarUrl,
  generateDemoPosts,
  parseDemoCursor,
} from '../../../src/pipeline/sources/demo/index';
import type { RawPost } from '../../../src/pipeline/types';
import { NOW, onX, run, signal, strictlyIncreasingIds } from './helpers';

const ids = (posts: readonly RawPost[]) => posts.map((p) => p.id).sort();

const DAY = 86_400_000;
const fixed = (t: number) => () => t;

describe('demo source: determinism and resumption', () => {
  it('gives identical batches and cursors for the same seed and clock, different ones for another seed', async () => {
    const opts = { seed: 7, now: fixed(NOW), backfillDays: 1, batchSize: 300 };
    const a = await run(createDemoSource(opts), null, 5);
    const b = await run(createDemoSource(opts), null, 5);
    expect(b.batches).toEqual(a.batches);
    expect(a.posts.length).toBeGreaterThan(1000);
    const other = await run(createDemoSource({ ...opts, seed: 8 }), null, 1);
    expect(other.posts.map((p) => p.text)).not.toEqual(a.batches[0]!.posts.map((p) => p.text));
  });

  it('continues exactly from a stored cursor: a restarted run equals an uninterrupted one', async () => {
    const opts = { now: fixed(NOW), backfillDays: 2, batchSize: 200 };
    const full = await run(createDemoSource(opts), null);
    expect(full.batches.at(-1)!.waitMs).toBeGreaterThan(0);

    const first = await run(createDemoSource(opts), null, 7);
    // The crash: the last batch was fetched but not stored, so the previous cursor comes again.
    const stored = first.batches.at(-2)!.nextCursor;
    const again = await createDemoSource(opts).fetch(stored, signal);
    expect(again).toEqual(first.batches.at(-1));
    const rest = await run(createDemoSource(opts), first.cursor);
    const joined = [...first.posts, ...rest.posts];
    expect(joined).toEqual(full.posts);

    // No duplicates, no gaps: the same as generating the whole range in one go.
    const { storyEnd } = parseDemoCursor(full.cursor)!;
    const whole = generateDemoPosts({ fromMs: storyEnd - 2 * DAY, toMs: storyEnd, nowMs: NOW });
    expect(ids(joined)).toEqual(ids(whole));
  });

  it('loads history newest first: the first batch holds the last hours, each next one older posts', async () => {
    const { batches, cursor } = await run(createDemoSource({ now: fixed(NOW), backfillDays: 2, batchSize: 200 }), null);
    const first = batches[0]!.posts;
    expect(first.length).toBeGreaterThan(100);
    // 200 posts at 3000 a day span under 3 hours, ending minutes before now (a slot holds 0.2 posts).
    expect(Math.max(...first.map((p) => p.createdAt)) * 1000).toBeGreaterThan(NOW - 600_000);
    expect(Math.min(...first.map((p) => p.createdAt)) * 1000).toBeGreaterThan(NOW - 3 * 3_600_000);
    for (let i = 1; i < batches.length; i++) {
      const newest = onX(batches[i]!.posts).at(-1);
      if (newest) expect(newest.id < onX(batches[i - 1]!.posts)[0]!.id).toBe(true);
      expect(strictlyIncreasingIds(batches[i]!.posts)).toBe(true);
    }
    const c = parseDemoCursor(cursor)!;
    expect(c.back).toBe(c.storyEnd - 2 * DAY);
    expect(c.live).toBe(c.storyEnd);
  });

  it('marks its history batches as a backfill, done on the one that completes it', async () => {
    const source = createDemoSource({ now: fixed(NOW), backfillDays: 2, batchSize: 500 });
    const { batches, cursor } = await run(source, null);
    expect(batches.length).toBeGreaterThan(3);
    expect(batches.map((b) => b.backfill)).toEqual([...batches.slice(1).map(() => ({ done: false })), { done: true }]);
    // Then new posts only: what they change is derived batch by batch again.
    const later = await createDemoSource({ now: fixed(NOW + 60_000), backfillDays: 2 }).fetch(cursor, signal);
    expect(later.posts.length).toBeGreaterThan(0);
    expect(later.backfill).toBeUndefined();
  });

  it('takes the slots that ended since the last batch before more history', async () => {
    let now = NOW;
    const source = createDemoSource({ now: () => now, backfillDays: 2, batchSize: 200 });
    const first = await source.fetch(null, signal);
    now += 120_000; // two minutes pass during the backfill
    const second = await source.fetch(first.nextCursor, signal);
    const c1 = parseDemoCursor(first.nextCursor)!;
    const c2 = parseDemoCursor(second.nextCursor)!;
    expect(c2.live).toBe(Math.floor(now / DEMO_SLOT_MS) * DEMO_SLOT_MS);
    const fresh = second.posts.filter((p) => p.createdAt * 1000 >= c1.live);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((p) => p.createdAt * 1000 < c2.live)).toBe(true);
    expect(c2.back).toBeLessThan(c1.back);
    expect(second.waitMs).toBe(0);
  });

  it('reads a cursor of the oldest-first backfill and carries on from its end', async () => {
    const storyEnd = Math.floor(NOW / DEMO_SLOT_MS) * DEMO_SLOT_MS;
    const end = storyEnd - 3_600_000;
    const legacy = `demo1:${storyEnd}:${end}:${storyEnd}`;
    expect(parseDemoCursor(legacy, 2)).toEqual({ storyEnd, live: end, back: storyEnd - 2 * DAY, refresh: storyEnd });
    const rest = await run(createDemoSource({ now: fixed(NOW), backfillDays: 2 }), legacy);
    const whole = generateDemoPosts({ fromMs: end, toMs: storyEnd, nowMs: NOW, storyEndMs: storyEnd });
    expect(ids(rest.posts)).toEqual(ids(whole));
  });

  it('reports how much history is stored and from when on it is whole', async () => {
    const source = createDemoSource({ now: fixed(NOW), backfillDays: 2, batchSize: 500 });
    expect(source.history!(null, NOW)).toEqual({ fraction: 0, completeFromMs: null, done: false });
    const { batches } = await run(source, null);
    let cursor: string | null = null;
    let last = 0;
    for (const b of batches) {
      cursor = b.nextCursor ?? cursor;
      const h = source.history!(cursor, NOW);
      expect(h.fraction).toBeGreaterThan(last);
      expect(h.completeFromMs).toBe(parseDemoCursor(cursor)!.back);
      // Every post from completeFromMs on is stored: the batches so far hold them all.
      last = h.fraction;
    }
    expect(source.history!(cursor, NOW)).toEqual({
      fraction: 1,
      completeFromMs: parseDemoCursor(cursor)!.storyEnd - 2 * DAY,
      done: true,
    });
    // A live edge left behind (the worker was stopped for an hour) makes recent history incomplete.
    expect(source.history!(cursor, NOW + 3_600_000)).toMatchObject({ completeFromMs: null, done: false });
  });

  it('asks a batchSize function before each batch (small batches while the app is in use)', async () => {
    let size = 50;
    const source = createDemoSource({ now: fixed(NOW), backfillDays: 1, batchSize: () => size });
    const small = await source.fetch(null, signal);
    size = 400;
    const large = await source.fetch(small.nextCursor, signal);
    // Slots are sized by their organic post count; the later parts of a thread (2-5 posts) and a
    // promo cluster's post come on top, so a batch may run a little over.
    expect(small.posts.length).toBeLessThanOrEqual(50 + 8);
    expect(small.posts.length).toBeGreaterThan(40);
    expect(large.posts.length).toBeGreaterThan(350);
    expect(large.posts.length).toBeLessThanOrEqual(400 * 1.1);
  });

  it('starts a fresh backfill on an unreadable cursor, and honours an aborted signal', async () => {
    const source = createDemoSource({ now: fixed(NOW), backfillDays: 1 });
    expect(await source.fetch('nonsense', signal)).toEqual(await source.fetch(null, signal));
    await expect(source.fetch(null, AbortSignal.abort())).rejects.toThrow();
  });
});

describe('demo source: backfill, then live', () => {
  it('catches up, asks to wait, and emits new posts as time passes', async () => {
    let now = NOW;
    const source = createDemoSource({ now: () => now, backfillDays: 1, liveIntervalMs: 3000, refreshEveryMs: 0 });
    const backfill = await run(source, null);
    const last = backfill.batches.at(-1)!;
    expect(last.waitMs).toBe(3000);
    expect(parseDemoCursor(backfill.cursor)!.live).toBe(Math.floor(NOW / DEMO_SLOT_MS) * DEMO_SLOT_MS);
    expect(backfill.posts.every((p) => p.createdAt * 1000 < NOW)).toBe(true);

    // Nothing new within the same slot: empty batch, cursor kept.
    const idle = await source.fetch(backfill.cursor, signal);
    expect(idle).toEqual({ posts: [], rejected: [], nextCursor: null, waitMs: 3000 });

    let cursor = backfill.cursor;
    const live = [];
    for (let i = 0; i < 100; i++) {
      now += 3000;
      const batch = await source.fetch(cursor, signal);
      expect(batch.waitMs).toBe(3000);
      cursor = batch.nextCursor ?? cursor;
      live.push(...batch.posts);
    }
    expect(live.length).toBeGreaterThan(0);
    expect(strictlyIncreasingIds([...backfill.posts].sort((a, b) => (a.id < b.id ? -1 : 1)).concat(live))).toBe(true);
    expect(live.every((p) => p.createdAt * 1000 >= NOW - DEMO_SLOT_MS && p.createdAt * 1000 < now)).toBe(true);
  });

  it('re-emits the last hour with grown metrics and the same ids', async () => {
    let now = NOW;
    const source = createDemoSource({ now: () => now, backfillDays: 1, refreshEveryMs: 600_000 });
    const backfill = await run(source, null);
    const seen = new Map(backfill.posts.map((p) => [p.id, p]));
    now += 11 * 60_000;
    const batch = await source.fetch(backfill.cursor, signal);
    const again = batch.posts.filter((p) => seen.has(p.id));
    expect(again.length).toBeGreaterThan(20);
    expect(again.every((p) => p.createdAt * 1000 >= NOW - 3_600_000 - DEMO_SLOT_MS)).toBe(true);
    let grown = 0;
    for (const p of again) {
      const before = seen.get(p.id)!;
      expect(p.text).toBe(before.text);
      for (const k of Object.keys(p.metrics) as (keyof typeof p.metrics)[]) {
        expect(p.metrics[k]).toBeGreaterThanOrEqual(before.metrics[k]!);
      }
      if (p.metrics.impressionCount! > before.metrics.impressionCount!) grown++;
    }
    expect(grown).toBeGreaterThan(again.length / 2);
    expect(parseDemoCursor(batch.nextCursor)!.refresh).toBe(now);
    expect(strictlyIncreasingIds(batch.posts)).toBe(true);
  });
});

describe('demo source: volume and post shape', () => {
  let posts: RawPost[] = [];
  beforeAll(async () => {
    posts = (await run(createDemoSource({ now: fixed(NOW) }), null)).posts;
  });

  it('produces roughly postsPerDay over the 30-day backfill, at any configured rate', () => {
    expect(posts.length).toBeGreaterThan(30 * 3000 * 0.8);
    expect(posts.length).toBeLessThan(30 * 3000 * 1.2);
    const dense = generateDemoPosts({ fromMs: NOW - DAY, toMs: NOW, postsPerDay: 50_000 });
    expect(dense.length).toBeGreaterThan(50_000 * 0.7);
    expect(dense.length).toBeLessThan(50_000 * 1.4);
  });

  it('emits valid RawPosts with ids increasing with time', () => {
    const start = Math.floor((NOW - 30 * DAY) / 1000) - 5;
    // One expect per post would take seconds over 90,000 posts: collect the offenders instead.
    const invalid = posts.filter(
      (p) =>
        !(p.network === undefined
          ? /^9\d{18}$/.test(p.id)
          : p.network === 'telegram'
            ? p.id.startsWith(`${p.author.id}/`) && /^tg:[a-z0-9_]{5,32}\/\d+$/.test(p.id)
            : p.network === 'farcaster' && /^fc:0x[0-9a-f]{40}$/.test(p.id)) ||
        (p.author.network ?? 'x') !== (p.network ?? 'x') ||
        p.text.trim().length < 6 ||
        p.createdAt < start ||
        p.createdAt >= NOW / 1000 ||
        (p.lang !== 'en' && p.lang !== 'zh') ||
        p.author.icon !== demoAvatarUrl(p.author.id) ||
        !Object.values(p.metrics).every((n) => Number.isInteger(n) && n >= 0),
    );
    expect(invalid).toEqual([]);
    expect(new Set(posts.map((p) => p.id)).size).toBe(posts.length);
    const sorted = onX(posts).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(strictlyIncreasingIds(sorted)).toBe(true);
    expect(sorted.every((p, i) => i === 0 || p.createdAt >= sorted[i - 1]!.createdAt)).toBe(true);
  });

  it('mixes languages, images and opinions', () => {
    const zh = posts.filter((p) => p.lang === 'zh');
    expect(zh.length / posts.length).toBeGreaterThan(0.1);
    expect(zh.length / posts.length).toBeLessThan(0.35);
    expect(zh.every((p) => /\p{Script=Han}/u.test(p.text))).toBe(true);
    const withImages = posts.filter((p) => p.medias.length > 0);
    expect(withImages.length / posts.length).toBeGreaterThan(0.1);
    expect(withImages.length / posts.length).toBeLessThan(0.2);
    expect(posts.filter((p) => p.medias.length > 4).length).toBeGreaterThan(50);
    const media = withImages[0]!.medias[0]!;
    expect(media.imgUrlOrigin).toMatch(/^\/demo-media\/image\/[\w-]+\.svg$/);
    expect(media.imgUrlThumb).toBe(media.imgUrlOrigin.replace(/\.svg$/, '.png'));
    expect(posts.some((p) => /🚀|bullish|看涨/i.test(p.text))).toBe(true);
    expect(posts.some((p) => /rekt|dump|bearish|爆仓|看空/i.test(p.text))).toBe(true);
    expect(posts.filter((p) => p.text.startsWith('@')).length).toBeGreaterThan(posts.length * 0.03);
    expect(posts.some((p) => /demo/i.test(p.text))).toBe(false);
  });

  // Its speed is measured by bench/enrichment.bench.ts (demo generation), not here: a unit test
  // must not depend on how fast the machine is.
  it('generates a day at 100,000 posts a day', () => {
    const many = generateDemoPosts({ fromMs: NOW - DAY, toMs: NOW, postsPerDay: 100_000 });
    expect(many.length).toBeGreaterThan(80_000);
    expect(many.length).toBeLessThan(120_000);
  });
});
