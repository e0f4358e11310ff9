/**
 * Issue 34 §1: one user's event opinion views must not stall everyone's ingestion. Each test
 * performs one part of the probe's attack:
 * - more views and keywords than a user may keep, sent in parallel (EVENT_VIEW_LIMITS);
 * - a post that no view's LIKE pre-filter lets through never reaches a view's regex in the posts
 *   trigger (a pattern that cannot compile would fail the write);
 * - a write of posts during a history chunk's matching does not wait for it (PostgreSQL, where
 *   they run on two connections), and the chunk still counts it exactly once;
 * - a user with many counting views gets no more turns of the history count than one with a
 *   single view.
 */
import { EVENT_VIEW_LIMITS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHistoryRepo } from '../../src/db/repos/event-history';
import { eventHistory } from '../../src/services/event-history';
import { localBus } from '../../src/services/events/local';
import { registerAndLogin, signedInApp, type TestApp } from '../support/test-app';
import { AUTHORS, LABELS, rng, type Spec, save } from './exactness-support';

let t: TestApp;
let token: string;
const DAY = 86_400;
const r = rng(34);
let nextId = 8_340_000;
const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
const ETF = /(^|[^A-Za-z0-9_])ETF($|[^A-Za-z0-9_])/i;

function post(ct: number, text: string): Spec {
  return {
    id: String(nextId++),
    author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
    ct,
    coins: [],
    sentiment: LABELS[Math.floor(r() * 3)]!,
    text,
  };
}
/** Posts over the last 40 days; half name the ETF. */
const history = (n: number) =>
  Array.from({ length: n }, (_, i) => post(nowS() - Math.floor(r() * 40 * DAY), i % 2 ? 'spot ETF inflows' : 'gm'));

const keywords = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} keyword ${i}`);
const addBody = (name: string, words: string[]) => ({
  name,
  kolGroupId: '',
  matchingRules: [{ type: 'keywords', keywords: words }],
});

/** Adds an event view and returns its id (the newest of the user's event views). */
async function addView(as: string, name: string, words: string[]): Promise<string> {
  const res = await t.call('view/v2/event_opinion_add', addBody(name, words), { token: as });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
  return list.find((v) => v.view_id === 'event_opinion')!.subs.at(-1)!.view_id;
}

async function eventViewCount(as: string): Promise<number> {
  const res = await t.call('view/v2/list', {}, { token: as });
  const list = res.body.data as { view_id: string; subs: unknown[] }[];
  return list.find((v) => v.view_id === 'event_opinion')!.subs.length;
}

/** Counts every view's history to the end. */
const drain = () => eventHistory({ db: t.db, events: localBus(), log: () => {} }).drain();

/** The view's counted posts against the stored posts that match, from its oldest counted time. */
async function expectCounted(viewId: string, match: (text: string) => boolean) {
  const [view] = await t.db.query<{ from: number }>(
    'SELECT history_from::float8 AS from FROM event_views WHERE view_id = $1',
    [Number(viewId)],
  );
  const stored = await t.db.query<{ text: string }>('SELECT text FROM posts WHERE ct >= $1 AND copy_of IS NULL', [
    view!.from,
  ]);
  const [counted] = await t.db.query<{ n: number }>(
    'SELECT coalesce(sum(up + neutral + down), 0)::int AS n FROM event_counts WHERE view_id = $1',
    [Number(viewId)],
  );
  expect(counted!.n).toBe(stored.filter((p) => match(p.text)).length);
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('event-abuse@example.com'));
  await save(t, history(300));
});

afterAll(async () => {
  await t?.close();
});

describe('event opinion views of one user', () => {
  it(`are at most ${EVENT_VIEW_LIMITS.perUser}, even when added in parallel`, async () => {
    const ann = await registerAndLogin(t, 'event-abuse-views@example.com', 'secret-pass', '10.9.3.1');
    const tries = EVENT_VIEW_LIMITS.perUser + 3;
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        t.call('view/v2/event_opinion_add', addBody(`E${i}`, [`word${i}`]), { token: ann }),
      ),
    );
    expect(results.filter((res) => res.body.ret === 1)).toHaveLength(EVENT_VIEW_LIMITS.perUser);
    expect(await eventViewCount(ann)).toBe(EVENT_VIEW_LIMITS.perUser);
    const en = await t.call('view/v2/event_opinion_add', addBody('One more', ['more']), { token: ann });
    expect(en.body).toEqual({
      ret: 400,
      msg: `You can have at most ${EVENT_VIEW_LIMITS.perUser} event opinion views; delete one first`,
    });
    const zh = await t.call('view/v2/event_opinion_add', addBody('One more', ['more']), { token: ann, lang: 'zh-CN' });
    expect(zh.body).toEqual({ ret: 400, msg: `最多可创建 ${EVENT_VIEW_LIMITS.perUser} 个事件观点视图，请先删除一个` });
  });

  it(`have at most ${EVENT_VIEW_LIMITS.keywordsPerUser} keywords in all, even when added in parallel`, async () => {
    const bob = await registerAndLogin(t, 'event-abuse-words@example.com', 'secret-pass', '10.9.3.2');
    // Views of 100 long keywords each, the probe's kind (2 groups of 50): two fit, no more.
    const big = (tag: string) => ({
      name: tag,
      kolGroupId: '',
      matchingRules: [
        { type: 'keywords', keywords: keywords(50, `${tag}a`.padEnd(80, 'x')) },
        { type: 'keywords', keywords: keywords(50, `${tag}b`.padEnd(80, 'x')) },
      ],
    });
    const results = await Promise.all(
      ['p', 'q', 'r', 's'].map((tag) => t.call('view/v2/event_opinion_add', big(tag), { token: bob })),
    );
    expect(results.filter((res) => res.body.ret === 1)).toHaveLength(2);
    expect(await eventViewCount(bob)).toBe(2);
    const en = await t.call('view/v2/event_opinion_add', addBody('Small', ['one']), { token: bob });
    expect(en.body).toEqual({
      ret: 400,
      msg: `Your event opinion views can have at most ${EVENT_VIEW_LIMITS.keywordsPerUser} keywords in all; this one would make 201`,
    });
    const zh = await t.call('view/v2/event_opinion_add', addBody('Small', ['one']), { token: bob, lang: 'zh-CN' });
    expect(zh.body).toEqual({
      ret: 400,
      msg: `所有事件观点视图的关键词总数最多 ${EVENT_VIEW_LIMITS.keywordsPerUser} 个，保存后将为 201 个`,
    });
    // An update may keep or shrink a view's keywords, not grow the total past the limit.
    const list = (await t.call('view/v2/list', {}, { token: bob })).body.data as {
      view_id: string;
      subs: { view_id: string }[];
    }[];
    const first = list.find((v) => v.view_id === 'event_opinion')!.subs[0]!.view_id;
    const grow = await t.call(
      'view/v2/event_opinion_update',
      { viewId: first, ...addBody('Grown', [...keywords(100, 'g'), 'one more']) },
      { token: bob },
    );
    expect(grow.body.ret).toBe(400);
    const shrink = await t.call(
      'view/v2/event_opinion_update',
      { viewId: first, ...addBody('Shrunk', keywords(10, 'g')) },
      { token: bob },
    );
    expect(shrink.body.ret).toBe(1);
  });
});

describe('the posts trigger', () => {
  it("runs an event view's regex only on texts its LIKE pre-filter lets through", async () => {
    await drain();
    const viewId = await addView(token, 'Prefilter', ['zzqq']);
    // Its history counted, so the trigger matches every new post against it.
    await drain();
    // A pattern that cannot compile: the write below fails if the trigger ever runs it.
    await t.db.query(`UPDATE event_patterns SET pattern = '(' WHERE view_id = $1`, [Number(viewId)]);
    try {
      await save(t, [post(nowS(), 'gm, nothing of the view here')]);
    } finally {
      expect((await t.call('view/v2/event_opinion_delete', { viewId }, { token })).body.ret).toBe(1);
    }
  });
});

describe('the history count', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets posts be written while a chunk matches, and counts them once',
    async () => {
      await drain();
      const viewId = await addView(token, 'ETF while counting', ['ETF']);
      let written = false;
      await t.db.transaction(async (tx) => {
        const repo = eventHistoryRepo(tx);
        expect(await repo.claim()).toMatchObject({ viewId: Number(viewId) });
        const slice = await repo.match(Number(viewId), 40);
        const [{ pid } = { pid: 0 }] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // A matching post inside the slice, by another connection, while the chunk is open.
        const write = save(t, [post(Number(slice.lo) + 1, 'ETF news, written mid-chunk')]).then(() => {
          written = true;
        });
        // Until the write is done or waits for this transaction (bounded; no timing decides).
        for (let i = 0; i < 3_000 && !written; i++) {
          const [waiting] = await t.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
            [pid],
          );
          if (waiting!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(written, 'the write waited for the chunk').toBe(true);
        await write;
        await repo.settle(Number(viewId), slice);
      });
      await drain();
      await expectCounted(viewId, (text) => ETF.test(text));
    },
  );

  it('counts the posts written during a chunk exactly once (the same connection between its steps)', async () => {
    await drain();
    const viewId = await addView(token, 'ETF between steps', ['ETF']);
    await t.db.transaction(async (tx) => {
      const repo = eventHistoryRepo(tx);
      await repo.claim();
      const slice = await repo.match(Number(viewId), 40);
      // Inside the slice, below the watermark the trigger reads, so the trigger leaves them to
      // the chunk: a post changed to name the event, one changed to no longer name it, a new one.
      const inSlice = (named: boolean) =>
        tx.query<{ id: string }>(
          `SELECT id FROM posts WHERE ct >= $1 AND ct < $2 AND copy_of IS NULL AND (text LIKE '%ETF%') = $3
           ORDER BY id LIMIT 1`,
          [slice.lo, slice.hi, named],
        );
      const [[gm], [etf]] = await Promise.all([inSlice(false), inSlice(true)]);
      expect(gm && etf).toBeTruthy();
      await tx.query(`UPDATE posts SET text = 'now about the ETF' WHERE id = $1`, [gm!.id]);
      await tx.query(`UPDATE posts SET text = 'gm again' WHERE id = $1`, [etf!.id]);
      await tx.query(
        `INSERT INTO posts (id, author_id, text, ct, sentiment, source, metrics_updated_at, ingested_at)
         SELECT $1, author_id, 'ETF mid-chunk', $2::bigint + 1, sentiment, source, now(), now() FROM posts WHERE id = $3`,
        [String(nextId++), slice.lo, gm!.id],
      );
      await repo.settle(Number(viewId), slice);
    });
    await drain();
    await expectCounted(viewId, (text) => ETF.test(text));
  });

  it('gives users turns, however many views each has counting', async () => {
    await drain();
    const many = await registerAndLogin(t, 'event-abuse-many@example.com', 'secret-pass', '10.9.3.3');
    const one = await registerAndLogin(t, 'event-abuse-one@example.com', 'secret-pass', '10.9.3.4');
    for (let i = 0; i < 3; i++) await addView(many, `Many ${i}`, ['ETF']);
    const single = await addView(one, 'Single', ['ETF']);
    const counter = eventHistory({ db: t.db, events: localBus(), log: () => {}, chunkRows: 20 });
    const singleChunks: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      const chunk = await counter.step();
      expect(chunk).not.toBeNull();
      singleChunks.push(chunk!.viewId === Number(single));
    }
    // Every other chunk is the single view's (it takes more than four chunks to count).
    expect(singleChunks.filter(Boolean)).toHaveLength(4);
    await drain();
    await expectCounted(single, (text) => ETF.test(text));
  });
});
