/**
 * An event view counts its history in the background (services/event-history.ts) while posts
 * keep coming, change and go: every post is counted once, by the triggers (at or above the
 * view's watermark) or by the history count (below it), never both, never neither. Each test
 * writes posts old and new, re-ingests some with new text and labels, moves some across the
 * watermark and deletes some, between chunks and (on PostgreSQL, TEST_DATABASE_URL) at the same
 * time as them, then compares the view with a count from scratch of the stored posts.
 */
import { createScheduler } from '../../src/pipeline/scheduler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHistory } from '../../src/services/event-history';
import { localBus } from '../../src/services/events/local';
import type { AppEvent } from '../../src/services/events/types';
import { type TestApp, signedInApp } from '../support/test-app';
import { AUTHORS, copyClusters, detail, expected, LABELS, rng, type Spec, save } from './exactness-support';

let t: TestApp;
let token: string;
const DAY = 86_400;
const r = rng(18);
let nextId = 7_700_000;
const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

/** Posts from 40 days ago (before the view's oldest counted time) to an hour ahead; a third name the event. */
function posts(n: number, ids?: string[]): Spec[] {
  return Array.from({ length: n }, (_, i) => ({
    id: ids?.[i] ?? String(nextId++),
    author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
    ct: nowS() - Math.floor(r() * 40 * DAY) + 3600,
    coins: [],
    sentiment: LABELS[Math.floor(r() * 3)]!,
    text: `${['gm', 'spot ETF inflows', 'the halving is near', 'ETF and halving'][Math.floor(r() * 4)]} #${i}`,
  }));
}

/**
 * One round of writes: new posts, copy-paste clusters (some of whose leaders arrive late and take
 * the lead), re-ingested posts, posts moved in time, deleted ones (leaders among them).
 */
async function writeRound() {
  await save(t, posts(15));
  const clusters = copyClusters(r, nowS() - Math.floor(r() * 30 * DAY), 3, nextId);
  nextId += 30;
  await save(t, clusters.early);
  await save(t, clusters.late);
  const some = await t.db.query<{ id: string }>('SELECT id FROM posts ORDER BY md5(id || $1) LIMIT 9', [
    String(nextId),
  ]);
  const ids = some.map((p) => p.id);
  await save(t, posts(3, ids.slice(0, 3)));
  await t.db.query('UPDATE posts SET ct = ct - 5 * 86400 WHERE id = ANY($1)', [ids.slice(3, 6)]);
  await t.db.query('DELETE FROM posts WHERE id = ANY($1)', [ids.slice(6, 9)]);
}

const ETF = /(^|[^A-Za-z0-9_])ETF($|[^A-Za-z0-9_])/i;
const HALVING = /halving/i;

/** The view's per-minute, per-author rows against the same counted from the stored posts. */
async function expectExact(viewId: string, match: (text: string) => boolean) {
  const [view] = await t.db.query<{ from: number }>(
    'SELECT history_from::float8 AS from FROM event_views WHERE view_id = $1',
    [Number(viewId)],
  );
  const stored = await t.db.query<{ ct: number; author_id: string; sentiment: number; text: string }>(
    // Copies count nowhere: a cluster counts once, for its leader.
    'SELECT ct::float8 AS ct, author_id, sentiment, text FROM posts WHERE ct >= $1 AND copy_of IS NULL',
    [view!.from],
  );
  const want = new Map<string, number[]>();
  for (const p of stored.filter((p) => match(p.text))) {
    const key = `${Math.floor(p.ct / 60) * 60}:${p.author_id}`;
    const c = want.get(key) ?? [0, 0, 0];
    c[1 - p.sentiment]!++;
    want.set(key, c);
  }
  const rows = await t.db.query<{ bucket: number; author_id: string; up: number; neutral: number; down: number }>(
    `SELECT bucket::float8 AS bucket, author_id, up, neutral, down FROM event_counts
     WHERE view_id = $1 AND (up, neutral, down) <> (0, 0, 0)`,
    [Number(viewId)],
  );
  const got = new Map(rows.map((c) => [`${c.bucket}:${c.author_id}`, [c.up, c.neutral, c.down]]));
  expect(Object.fromEntries(got)).toEqual(Object.fromEntries(want));
  for (const [period, interval] of [
    ['1m', '1d'],
    ['1d', '1h'],
  ] as const) {
    expect(await detail(t, token, 'view/v2/event_opinion_detail', viewId, period, interval)).toEqual(
      await expected(t, (p) => match(p.text), period, interval),
    );
  }
}

async function addView(name: string, keywords: string[]): Promise<string> {
  const res = await t.call(
    'view/v2/event_opinion_add',
    { name, kolGroupId: '', matchingRules: [{ type: 'keywords', keywords }] },
    { token },
  );
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
  return list.find((v) => v.view_id === 'event_opinion')!.subs.at(-1)!.view_id;
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('history@example.com'));
  for (let i = 0; i < 4; i++) await save(t, posts(100));
});

afterAll(async () => {
  await t?.close();
});

describe('event view history count', () => {
  it('is exact with writes between its chunks, and starts again when the keywords change', async () => {
    const bus = localBus();
    const heard: Extract<AppEvent, { type: 'view_history' }>[] = [];
    bus.subscribe((e) => {
      if (e.type === 'view_history') heard.push(e);
    });
    const history = eventHistory({ db: t.db, events: bus, log: () => {}, chunkRows: 40 });
    const viewId = await addView('ETF', ['ETF']);
    for (let i = 0; i < 3; i++) {
      expect(await history.step()).toMatchObject({ viewId: Number(viewId) });
      await writeRound();
    }
    const info = await t.call('view/v2/event_opinion_info', { viewId }, { token });
    expect((info.body.data as { history_percent: number }).history_percent).toBeGreaterThan(0);

    // New keywords: the count starts again from the top.
    const update = await t.call(
      'view/v2/event_opinion_update',
      { viewId, name: 'Halving', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['halving'] }] },
      { token },
    );
    expect(update.body.ret).toBe(1);
    const restarted = await t.call('view/v2/event_opinion_info', { viewId }, { token });
    expect((restarted.body.data as { history_percent: number }).history_percent).toBe(0);
    heard.length = 0;
    // Bounded: each chunk moves the watermark down past at least one post.
    for (let i = 0; i < 200 && (await history.step()); i++) await writeRound();
    expect(await history.step()).toBeNull();
    expect(heard.length).toBeGreaterThan(3);
    expect(heard.at(-1)!.percent).toBe(100);
    const percents = heard.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    await writeRound();
    await expectExact(viewId, (text) => HALVING.test(text));
  });

  it('runs by itself once started: a save wakes it, and it says when the view is done', async () => {
    const done = new Promise<number>((resolve) => {
      const off = t.services.events.subscribe((e) => {
        if (e.type === 'view_history' && e.percent === 100) {
          off();
          resolve(e.viewId);
        }
      });
    });
    // A tick far away: only the save's wake can start the count within the test. Its chunks
    // are the scheduler's slices, as in the server.
    const scheduler = createScheduler({ db: t.db.kind });
    t.services.eventHistory.start({ intervalMs: 3_600_000, scheduler });
    try {
      const viewId = await addView('Woken', ['halving']);
      expect(await done).toBe(Number(viewId));
      await expect.poll(() => scheduler.report()['event-history']?.slices ?? 0).toBeGreaterThan(0);
      const info = await t.call('view/v2/event_opinion_info', { viewId }, { token });
      expect(info.body.data).not.toHaveProperty('history_percent');
      await expectExact(viewId, (text) => HALVING.test(text));
    } finally {
      await t.services.eventHistory.stop();
    }
  });

  it('is exact with writes running at the same time as its chunks', async () => {
    const history = eventHistory({ db: t.db, events: localBus(), log: () => {}, chunkRows: 30 });
    const viewId = await addView('ETF again', ['ETF']);
    let counting = true;
    const count = (async () => {
      for (let i = 0; i < 500 && (await history.step()); i++);
      counting = false;
    })();
    // Writes go on until the count is done, and at least a few rounds (bounded either way).
    const write = (async () => {
      for (let i = 0; i < 200 && (counting || i < 4); i++) await writeRound();
    })();
    await Promise.all([count, write]);
    expect(await history.step()).toBeNull();
    await expectExact(viewId, (text) => ETF.test(text));
  });
});
