import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseOwner } from '../../src/pipeline/lease-owner';
import { runnerOptions } from '../support/runner-options';
import type { Db } from '../../src/db/db';
import { sourceStateRepo } from '../../src/db/repos/source-state';
import { EtaTracker, historyService } from '../../src/pipeline/history';
import { requestGate } from '../../src/pipeline/request-gate';
import { createScheduler } from '../../src/pipeline/scheduler';
import { backoffMs, runOnce, runSource, sourceErrors, sourceStates } from '../../src/pipeline/runner';
import { saveResolvedHandles } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';
import type { Source, SourceBatch } from '../../src/pipeline/types';
import { systemClock } from '../../src/domain/clock';
import { rawPost } from '../support/posts';
import { closeTestDb, openMigratedDb } from '../support/test-app';

let db: Db;
let drop: () => Promise<void>;
const logs: string[] = [];
const opts = () => runnerOptions(db, (l) => void logs.push(l));

/** A source that replays scripted answers, recording the cursors it was asked for. */
function scripted(name: string, answers: (SourceBatch | Error)[]) {
  const asked: (string | null)[] = [];
  const source: Source = {
    name,
    async fetch(cursor) {
      asked.push(cursor);
      const answer = answers.shift();
      if (!answer) return { posts: [], rejected: [], nextCursor: null, waitMs: 50 };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { source, asked };
}
const batch = (b: Partial<SourceBatch>): SourceBatch => ({
  posts: [],
  rejected: [],
  nextCursor: null,
  waitMs: 0,
  ...b,
});

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

describe('runner', () => {
  it('stores enriched posts and the cursor, and resumes from it', async () => {
    const p = rawPost({ text: 'Breakout confirmed on $SOL, sending it to the moon 🚀' });
    const { source, asked } = scripted('s1', [batch({ posts: [p], nextCursor: 'c1' }), batch({ nextCursor: 'c2' })]);
    await runOnce(source, opts(), new AbortController().signal);
    await runOnce(source, opts(), new AbortController().signal);
    expect(asked).toEqual([null, 'c1']);
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM posts WHERE id = $1', [p.id]);
    expect(row).toMatchObject({
      author_id: '42',
      text: p.text,
      lang: 'en',
      coins: ['SOL'],
      sentiment: 1,
      source: 's1',
    });
    expect(row?.sentiment_cues).toEqual(expect.arrayContaining([expect.any(String)]));
    expect((await sourceStateRepo(db).get('s1'))?.cursor).toBe('c2');
  });

  it('marks a source failing once its last 3 requests failed, as items or as throws, until one succeeds', async () => {
    const hub400 = 'HTTP 400 from https://hub.example/v1/castsByFid?fid=3&token=s3cret: reverse must be true or false';
    const { source } = scripted('health', [
      batch({ requests: [true, hub400] }),
      batch({ requests: [hub400] }),
      batch({ nextCursor: 'c', requests: [hub400, true] }),
      batch({ requests: [hub400, hub400] }),
      batch({ requests: [hub400] }),
      batch({ posts: [rawPost()], requests: [true] }),
    ]);
    const once = () => runOnce(source, opts(), new AbortController().signal);
    const state = async () => (await sourceStateRepo(db).get('health'))?.failure_streak;
    await sourceStateRepo(db).lease('health', 'me', new Date(), new Date(Date.now() + 60_000));
    await once();
    await once();
    expect(sourceStates().health).not.toBe('failing');
    expect(await state()).toBe(2);
    await once(); // a success after the failures resets the streak
    expect(await state()).toBe(0);
    await once();
    await once();
    expect(sourceStates().health).toBe('failing');
    expect(sourceErrors().health).toContain('reverse must be true or false');
    expect(sourceErrors().health).not.toContain('s3cret');
    expect(await state()).toBe(3);
    expect((await sourceStateRepo(db).get('health'))?.last_error).toContain('reverse must be true or false');
    await once();
    expect(sourceStates().health).not.toBe('failing');
    expect(sourceErrors().health).toBeUndefined();
    expect(await state()).toBe(0);
  });

  it('takes over at once the lease of a worker of this machine that died, and waits for a live one', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    const dead = leaseOwner().replace(`|${process.pid}|`, `|${deadPid}|`);
    await sourceStateRepo(db).lease('crashed', dead, now, later);
    const { source, asked } = scripted('crashed', [batch({ nextCursor: 'after' })]);
    const controller = new AbortController();
    const seen: string[] = [];
    const running = runSource(
      source,
      {
        ...opts(),
        log: (l) => {
          seen.push(l);
          if (l.includes('took over')) controller.abort();
        },
      },
      controller.signal,
    );
    await running;
    expect(seen.some((l) => l.includes(`took over the lease of a stopped worker (${dead})`))).toBe(true);
    expect(asked.length).toBeLessThanOrEqual(1);
    expect((await sourceStateRepo(db).get('crashed'))?.lease_owner).not.toBe(dead);
  });

  it('counts and skips bad items while storing the rest', async () => {
    const good = rawPost();
    const bad = { ...rawPost(), text: undefined } as unknown as ReturnType<typeof rawPost>;
    const { source } = scripted('s2', [
      batch({ posts: [good, bad], rejected: [{ reason: 'no status id', sample: '<item>' }], nextCursor: 'x' }),
    ]);
    await runOnce(source, opts(), new AbortController().signal);
    const state = await sourceStateRepo(db).get('s2');
    expect(state).toMatchObject({ posts_count: 1, rejected_count: 2, cursor: 'x' });
    expect(logs.some((l) => l.includes('no status id'))).toBe(true);
  });

  it('skips items the database cannot store or dated ahead, counts and logs them, stores the rest', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const clock = { now: () => now };
    const nowSeconds = now.getTime() / 1000;
    const good = rawPost({ createdAt: nowSeconds - 60 });
    const nul = rawPost({ text: 'null \u0000 byte' });
    const lone = rawPost();
    lone.author.name = 'half \ud83d';
    const badMedia = rawPost({ medias: [{ imgUrlThumb: 'https://x/\udc00', imgUrlOrigin: '' }] });
    const ahead = rawPost({ createdAt: nowSeconds + 301 });
    const year2286 = rawPost({ createdAt: 9_999_999_999 });
    const soon = rawPost({ createdAt: nowSeconds + 120 });
    const posts = [good, nul, lone, badMedia, ahead, year2286, soon];
    const { source } = scripted('s9', [batch({ posts, nextCursor: 'after-bad' })]);
    const seen = logs.length;
    await runOnce(source, { ...opts(), clock }, new AbortController().signal);
    const stored = await db.query<{ id: string }>('SELECT id FROM posts WHERE id = ANY($1) ORDER BY id', [
      posts.map((p) => p.id),
    ]);
    expect(stored.map((r) => r.id)).toEqual([good.id, soon.id]);
    expect(await sourceStateRepo(db).get('s9')).toMatchObject({
      posts_count: 2,
      rejected_count: 5,
      cursor: 'after-bad',
    });
    const line = logs.slice(seen).find((l) => l.startsWith('s9: skipped 5 of 7 items'));
    expect(line).toContain('[1] text: the text must not contain a NUL character');
    expect(line).toContain('[2] author.name: the text is not valid Unicode');
    expect(line).toContain('[3] medias[0].img_url_thumb: ');
    expect(line).toContain('[4] created_at: created_at_in_future');
  });

  it('merges the handles an X lookup found, leaving a profile the database cannot store handle-only', async () => {
    const fine = rawPost({ authorId: '', username: 'FineHandle' });
    const broken = rawPost({ authorId: '', username: 'BrokenHandle' });
    await runOnce(scripted('s10', [batch({ posts: [fine, broken] })]).source, opts(), new AbortController().signal);
    const found = (p: typeof fine, id: string, name: string) => ({ ...p.author, id, name });
    await saveResolvedHandles(
      db,
      [found(fine, '880001', 'Fine'), found(broken, '880002', 'Broken \u0000 name')],
      new Date(),
      storeHooks,
    );
    const authors = await db.query<{ id: string; author_id: string }>(
      'SELECT id, author_id FROM posts WHERE id = ANY($1) ORDER BY id',
      [[fine.id, broken.id]],
    );
    expect(authors.map((a) => a.author_id)).toEqual(['880001', 'handle:brokenhandle']);
  });

  it('replaces metrics when a post comes again, and never stores it twice', async () => {
    const p = rawPost();
    const again = { ...p, metrics: { ...p.metrics, likeCount: 999, impressionCount: 50_000 } };
    const { source } = scripted('s3', [batch({ posts: [p] }), batch({ posts: [again, again] })]);
    await runOnce(source, opts(), new AbortController().signal);
    await runOnce(source, opts(), new AbortController().signal);
    const rows = await db.query<{ like_count: number; impression_count: number }>(
      'SELECT like_count, impression_count FROM posts WHERE id = $1',
      [p.id],
    );
    expect(rows).toEqual([{ like_count: 999, impression_count: 50_000 }]);
  });

  it('matches handle-only authors to known accounts and keeps better-informed follower counts', async () => {
    const known = rawPost({ authorId: '777', username: 'WhaleWatcher', followers: 250_000 });
    const fromFeed = rawPost({ authorId: '', username: 'whalewatcher', followers: 0 });
    const stranger = rawPost({ authorId: '', username: 'NewFace', followers: 0 });
    const { source } = scripted('s4', [batch({ posts: [known] }), batch({ posts: [fromFeed, stranger] })]);
    await runOnce(source, opts(), new AbortController().signal);
    await runOnce(source, opts(), new AbortController().signal);
    const authors = await db.query<{ id: string; author_id: string }>(
      'SELECT id, author_id FROM posts WHERE id = ANY($1)',
      [[fromFeed.id, stranger.id]],
    );
    expect(Object.fromEntries(authors.map((a) => [a.id, a.author_id]))).toEqual({
      [fromFeed.id]: '777',
      [stranger.id]: 'handle:newface',
    });
    const [acct] = await db.query<{ followers_count: number; verified_type: string }>(
      'SELECT followers_count, verified_type FROM x_accounts WHERE id = $1',
      ['777'],
    );
    expect(acct).toEqual({ followers_count: 250_000, verified_type: 'blue' });
  });

  it('leaves an account seen again as it was alone, and writes one whose profile changed', async () => {
    const version = async () =>
      (await db.query<{ xmin: string }>("SELECT xmin::text FROM x_accounts WHERE id = '888'"))[0]!.xmin;
    const post = (followers: number) => rawPost({ authorId: '888', username: 'SteadyHand', followers });
    const { source } = scripted('s9', [
      batch({ posts: [post(5000)] }),
      batch({ posts: [post(5000)] }),
      batch({ posts: [post(0)] }), // a source that does not know followers (RSS)
      batch({ posts: [post(6000)] }),
    ]);
    await runOnce(source, opts(), new AbortController().signal);
    const first = await version();
    await runOnce(source, opts(), new AbortController().signal);
    await runOnce(source, opts(), new AbortController().signal);
    // Not rewritten: every batch names hundreds of known authors.
    expect(await version()).toBe(first);
    await runOnce(source, opts(), new AbortController().signal);
    expect(await version()).not.toBe(first);
    const [acct] = await db.query<{ followers_count: number }>(
      "SELECT followers_count FROM x_accounts WHERE id = '888'",
    );
    expect(acct!.followers_count).toBe(6000);
  });

  it('tells when the batch that completes a backfill is saved, once', async () => {
    let told = 0;
    const { source } = scripted('s10', [
      batch({ posts: [rawPost()], backfill: { done: false } }),
      batch({ posts: [rawPost()], backfill: { done: true } }),
      batch({ posts: [rawPost()] }),
    ]);
    const o = { ...opts(), onBackfillDone: () => void told++ };
    await runOnce(source, o, new AbortController().signal);
    expect(told).toBe(0);
    await runOnce(source, o, new AbortController().signal);
    expect(told).toBe(1);
    await runOnce(source, o, new AbortController().signal);
    expect(told).toBe(1);
  });

  it('saves a batch entirely or not at all', async () => {
    const ok = rawPost();
    // A fault the screen does not look for (it rejects bad dates and text), so the save fails.
    const post = rawPost();
    const broken = { ...post, metrics: { ...post.metrics, likeCount: Number.NaN } };
    const { source } = scripted('s5', [batch({ posts: [ok, broken], nextCursor: 'never' })]);
    await expect(runOnce(source, opts(), new AbortController().signal)).rejects.toThrow();
    expect(await db.query('SELECT 1 FROM posts WHERE id = $1', [ok.id])).toEqual([]);
    expect((await sourceStateRepo(db).get('s5'))?.cursor ?? null).toBeNull();
  });

  it('backs off on errors, records them, and recovers', async () => {
    const p = rawPost();
    const { source, asked } = scripted('s6', [
      new Error('upstream 503'),
      new Error('upstream 503'),
      batch({ posts: [p], nextCursor: 'ok' }),
    ]);
    const controller = new AbortController();
    const run = runSource(source, { ...opts(), minBackoffMs: 20, maxBackoffMs: 100 }, controller.signal);
    // The poll waits on the runner's own backoff (tens of ms here); its bound only ends a hung run.
    await expect.poll(async () => (await sourceStateRepo(db).get('s6'))?.cursor, { timeout: 120_000 }).toBe('ok');
    controller.abort();
    await run;
    const state = await sourceStateRepo(db).get('s6');
    expect(state).toMatchObject({ error_count: 2, last_error: 'upstream 503', posts_count: 1 });
    expect(asked.slice(0, 3)).toEqual([null, null, null]);
  });

  // Issue 13: errors quote feed and API URLs, credentials included; the log and source_state did too.
  it('records and logs source errors without the credentials in their URLs', async () => {
    const { source } = scripted('s6b', [
      batch({ rejected: [{ reason: 'feed https://rss.example/f?token=S3cretPW: HTTP 500', sample: '' }] }),
      new Error('request to https://bot:S3cretPW@api.example/v2 failed'),
    ]);
    const controller = new AbortController();
    const run = runSource(source, { ...opts(), minBackoffMs: 20, maxBackoffMs: 100 }, controller.signal);
    await expect.poll(async () => (await sourceStateRepo(db).get('s6b'))?.error_count, { timeout: 120_000 }).toBe(1);
    controller.abort();
    await run;
    expect((await sourceStateRepo(db).get('s6b'))?.last_error).toBe('request to https://bot:***@api.example/v2 failed');
    const mine = logs.filter((l) => l.startsWith('s6b:'));
    expect(mine.some((l) => l.includes('token=***'))).toBe(true);
    expect(mine.join('\n')).not.toContain('S3cretPW');
  });

  it('grows the backoff exponentially up to its cap, with jitter', () => {
    const fixed = () => 0.5;
    expect([1, 2, 3, 4, 10].map((n) => backoffMs(n, 1000, 8000, fixed))).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(backoffMs(1, 1000, 8000, () => 0)).toBe(750);
    expect(backoffMs(1, 1000, 8000, () => 1)).toBe(1250);
  });

  it('lets one worker at a time run a source', async () => {
    const a = scripted('s7', []);
    const b = scripted('s7', []);
    const ca = new AbortController();
    const cb = new AbortController();
    const runA = runSource(a.source, { ...opts(), owner: 'worker-a', leaseMs: 60_000 }, ca.signal);
    await expect.poll(() => a.asked.length).toBeGreaterThan(0);
    const runB = runSource(b.source, { ...opts(), owner: 'worker-b', leaseMs: 60_000 }, cb.signal);
    // B tries its lease at once and then sleeps half a lease; while A runs three more rounds B must
    // not have fetched (counted in A's rounds, not in milliseconds).
    const seen = a.asked.length;
    await expect.poll(() => a.asked.length, { timeout: 120_000 }).toBeGreaterThan(seen + 2);
    expect(b.asked.length).toBe(0);
    ca.abort();
    cb.abort();
    await Promise.all([runA, runB]);
  });
});

describe('runner: a batch saved in slices', () => {
  /** A scheduler whose slices hold `size` posts, recording each slice's size. */
  function slicing(size: number) {
    const real = createScheduler({ db: 'pglite' });
    const slices: number[] = [];
    const scheduler: typeof real = {
      ...real,
      sliceSize: () => size,
      slice: (job, items, fn, signal) => {
        slices.push(items);
        return real.slice(job, items, fn, signal);
      },
    };
    return { scheduler, slices };
  }

  it('saves a batch in slices of the allowed size, and moves the cursor with the last one only', async () => {
    const posts = Array.from({ length: 25 }, (_, i) => rawPost({ id: `sl${i}`, text: `slice post ${i} on $ETH` }));
    const { source } = scripted('slices', [batch({ posts, nextCursor: 'after' })]);
    const { scheduler, slices } = slicing(10);
    await runOnce(source, { ...opts(), scheduler }, new AbortController().signal);
    expect(slices).toEqual([10, 10, 5]);
    const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE id LIKE 'sl%'");
    expect(row?.n).toBe(25);
    expect((await sourceStateRepo(db).get('slices'))?.cursor).toBe('after');
    expect((await sourceStateRepo(db).get('slices'))?.posts_count).toBe(25);
  });

  it('keeps the old cursor when a slice fails, so the batch is fetched again and nothing is lost or counted twice', async () => {
    const posts = Array.from({ length: 20 }, (_, i) => rawPost({ id: `sf${i}`, text: `failing slice ${i} $SOL` }));
    const { source, asked } = scripted('slice-fail', [
      batch({ posts, nextCursor: 'c1' }),
      batch({ posts, nextCursor: 'c1' }),
    ]);
    await sourceStateRepo(db).recordBatch('slice-fail', { cursor: 'c0', posts: 0, rejected: 0, now: new Date() });
    const { scheduler } = slicing(10);
    const failing = { ...opts(), scheduler };
    // The second slice fails once (the database went away, the process stopped).
    const real = scheduler.slice;
    let calls = 0;
    scheduler.slice = (job, items, fn, signal) =>
      real(job, items, () => (++calls === 2 ? Promise.reject(new Error('gone')) : fn()), signal);
    await expect(runOnce(source, failing, new AbortController().signal)).rejects.toThrow('gone');
    expect((await sourceStateRepo(db).get('slice-fail'))?.cursor).toBe('c0');
    const count = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE id LIKE 'sf%'"))[0]!.n;
    expect(await count()).toBe(10);
    await runOnce(source, failing, new AbortController().signal);
    expect(asked).toEqual(['c0', 'c0']);
    expect(await count()).toBe(20);
    expect((await sourceStateRepo(db).get('slice-fail'))?.cursor).toBe('c1');
    // The batch fetched again is counted once on the source, though its first slice was saved twice.
    expect((await sourceStateRepo(db).get('slice-fail'))?.posts_count).toBe(20);
  });
});

describe('runner: requests go first while catching up', () => {
  // The gate waits 50 ms of quiet before a batch; on a loaded machine that can pass the 1 s
  // default of expect.poll. The bound only ends a hung run.
  const BOUND = { timeout: 120_000 };
  it('starts no history batch while a request is in flight, and the next one once it ends', async () => {
    const gate = requestGate();
    // Every answer asks for more at once, like a backfill. The first answer is held until the
    // test lets it go, so the second request surely arrives while the backfill is under way
    // (without the hold, a busy test could poll after all three batches had run).
    const { source, asked } = scripted('s8', [
      batch({ nextCursor: 'h1' }),
      batch({ nextCursor: 'h2' }),
      batch({ nextCursor: 'h3' }),
    ]);
    let letFirstGo = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      letFirstGo = resolve;
    });
    const fetch = source.fetch.bind(source);
    source.fetch = async (cursor, signal) => {
      const answer = await fetch(cursor, signal);
      if (asked.length === 1) await firstHeld;
      return answer;
    };
    gate.enter(); // a request arrives before the first batch
    const ctl = new AbortController();
    const scheduler = createScheduler({ gate, db: 'pglite' });
    const running = runSource(source, { ...opts(), scheduler, progressEveryMs: 0 }, ctl.signal);
    await expect.poll(() => gate.waiting, BOUND).toBe(1);
    expect(asked).toEqual([]);
    gate.leave();
    await expect.poll(() => asked.length, BOUND).toBe(1);
    // A request while the first batch is being fetched holds the second.
    gate.enter();
    letFirstGo();
    await expect.poll(() => gate.waiting, BOUND).toBe(1);
    expect(asked.length).toBe(1);
    gate.leave();
    await expect.poll(() => asked.length, BOUND).toBeGreaterThan(1);
    ctl.abort();
    await running;
  });
});

describe('history progress', () => {
  it('estimates the time left from the recent rate, and starts over when the fraction falls', () => {
    const eta = new EtaTracker(30_000);
    expect(eta.observe(0.1, 0)).toBeNull();
    expect(eta.observe(0.2, 10_000)).toBe(80); // 10 % per 10 s, 80 % left
    expect(eta.observe(1, 20_000)).toBe(0);
    expect(eta.observe(0, 30_000)).toBeNull();
  });

  it('reads the stored cursors: loading, percent and from when on posts are complete', async () => {
    const source: Source = {
      name: 'hist',
      fetch: async () => batch({}),
      history: (cursor) =>
        cursor === 'half'
          ? { fraction: 0.5, completeFromMs: 1_000_000, done: false }
          : { fraction: 0, completeFromMs: null, done: false },
    };
    const service = historyService({ db, sources: [source], clock: systemClock });
    expect(await service.status()).toMatchObject({ loading: true, percent: 0, completeFromMs: null });
    await sourceStateRepo(db).recordBatch('hist', { cursor: 'half', posts: 1, rejected: 0, now: new Date() });
    expect(await service.status()).toMatchObject({ loading: true, percent: 50, completeFromMs: 1_000_000 });
    const none = historyService({ db, sources: [], clock: systemClock });
    expect(await none.status()).toMatchObject({ loading: false, percent: 100, etaSeconds: 0 });
  });
});
