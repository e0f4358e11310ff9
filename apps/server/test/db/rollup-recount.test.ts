/**
 * The rollups' recount after an upgrade runs in the background (db/rollups/recount.ts,
 * services/rollup-recount.ts): slice by slice from the newest posts down, while posts, accounts
 * and KOL groups keep being written on both sides of its cursor, and it ends equal to a recount in
 * one go. Meanwhile event views' history count waits, and the progress is reported. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL (where the writers and the slices also run at once).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { splitStatements } from '../../src/db/migrate';
import { eventHistoryRepo } from '../../src/db/repos/event-history';
import { opinionRepo } from '../../src/db/repos/opinion';
import { rollupsSql } from '../../src/db/rollups/index';
import { eventHistory } from '../../src/services/event-history';
import { localBus } from '../../src/services/events/local';
import { rollupRecount } from '../../src/services/rollup-recount';
import { expectEqualToRebuild, snapshot } from '../support/rollup-snapshot';
import { type PostSpec, storePosts } from '../support/store-posts';
import { keepGroupRollups } from '../support/group-rollups';
import { closeTestDb, openMigratedDb, signedInApp } from '../support/test-app';

const T0 = 1_763_337_600;
const DAY = 86_400;
const ACCOUNTS = [
  { authorId: '11', username: 'whale', followers: 90_000 },
  { authorId: '12', username: 'mid', followers: 8_000 },
  { authorId: '13', username: 'small', followers: 300 },
];
const COINS = [['BTC'], ['ETH', 'SOL'], [], ['BTC', 'ETH']];
const LABELS = ['bullish', 'neutral', 'bearish'] as const;

let db: Db;
let drop: () => Promise<void>;
let seq = 0;
let groupId = 0;

/** `n` posts from `at`, `step` seconds apart, by the accounts in turn. */
function posts(n: number, at: number, step = 1_800): PostSpec[] {
  return Array.from({ length: n }, (_, i) => {
    const k = seq++;
    return {
      id: `r${k}`,
      text: k % 2 ? `ETF approval soon ${k}` : `gm ${k}`,
      ct: at + i * step,
      ...ACCOUNTS[k % 3]!,
      coins: COINS[k % 4]!,
      sentiment: LABELS[k % 3]!,
      categories: [{ primary: 'defi', secondary: 'lending' }],
    };
  });
}

/** Applies the rollups again as migration 0029 does: the recount starts. */
async function applyRollupsAgain(on: Db = db) {
  await on.transaction(async (tx) => {
    for (const statement of splitStatements(rollupsSql()))
      if (statement.replace(/--.*$/gm, '').trim()) await tx.query(statement);
  });
}

/** The cursor: posts from here up are counted (a bigint: above every post before the first slice). */
async function cursor(): Promise<string> {
  const [row] = await db.query<{ c: string }>('SELECT counted_from::text AS c FROM rollup_recount');
  return row!.c;
}

const ids = async (where: string, params: unknown[] = []) =>
  (await db.query<{ id: string }>(`SELECT id FROM posts WHERE ${where} ORDER BY id LIMIT 2`, params)).map((r) => r.id);

/**
 * The writes a user and the collectors make, the n-th of them, each on both sides of the cursor
 * where it has sides: new and re-sent posts, relabels, moves across the cursor, deletes, copies,
 * account classes and audiences, a group's range.
 */
async function write(n: number) {
  const c = await cursor().catch(() => String(T0));
  switch (n % 8) {
    case 0:
      await storePosts(db, [...posts(2, T0 + 4 * DAY), ...posts(2, T0 - DAY)]);
      break;
    case 1:
      for (const id of [...(await ids('ct >= $1', [c])), ...(await ids('ct < $1', [c]))])
        await db.query('UPDATE posts SET sentiment = -sentiment WHERE id = $1', [id]);
      break;
    case 2:
      // Across the cursor, both ways.
      for (const id of await ids('ct >= $1', [c]))
        await db.query('UPDATE posts SET ct = ct - 2 * 86400 WHERE id = $1', [id]);
      for (const id of await ids('ct < $1', [c]))
        await db.query('UPDATE posts SET ct = ct + 2 * 86400 WHERE id = $1', [id]);
      break;
    case 3:
      for (const id of [...(await ids('ct >= $1 AND copy_of IS NULL', [c])), ...(await ids('ct < $1', [c]))])
        await db.query('DELETE FROM posts WHERE id = $1', [id]);
      break;
    case 4:
      await db.query(`UPDATE x_accounts SET verified_type = CASE verified_type WHEN 'business' THEN 'none' ELSE 'business' END
                      WHERE id = '12'`);
      break;
    case 5:
      // The small account crosses the group's range, in or out.
      await db.query(`UPDATE x_accounts SET followers_count = 60000 - followers_count WHERE id = '13'`);
      break;
    case 6:
      await db.query(
        'UPDATE kol_groups SET fans_min = CASE fans_min WHEN 1000 THEN 10000 ELSE 1000 END WHERE id = $1',
        [groupId],
      );
      break;
    default: {
      // A post above the cursor becomes a copy of one below it, and a copy stops being one.
      const [leader] = await ids('ct < $1 AND copy_of IS NULL', [c]);
      const [copy] = await ids("ct >= $1 AND copy_of IS NULL AND author_id <> '11'", [c]);
      if (leader && copy) await db.query('UPDATE posts SET copy_of = $2 WHERE id = $1', [copy, leader]);
      await db.query(
        'UPDATE posts SET copy_of = NULL WHERE id = (SELECT min(id) FROM posts WHERE copy_of IS NOT NULL)',
      );
    }
  }
}

beforeEach(async () => {
  ({ db, drop } = await openMigratedDb());
  seq = 0;
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, invite_code, created_at, updated_at)
     VALUES ('r@example.com', 'r', 'x', 'INVR', now(), now()) RETURNING id`,
  );
  await storePosts(db, posts(60, T0, 3_600));
  const [group] = await db.query<{ id: number }>(
    `INSERT INTO kol_groups (user_id, name, fans_min, fans_max, created_at, updated_at)
     VALUES ($1, 'mid', 1000, 0, now(), now()) RETURNING id`,
    [user!.id],
  );
  groupId = group!.id;
  const [view] = await db.query<{ id: number }>(
    `INSERT INTO views (user_id, name, view_type, created_at, updated_at)
     VALUES ($1, 'ETF', 'event_opinion', now(), now()) RETURNING id`,
    [user!.id],
  );
  await keepGroupRollups(db, user!.id, [groupId]);
  await db.transaction(async (tx) => {
    await opinionRepo(tx).setEvent(view!.id, groupId, [['etf']], T0 + DAY / 2, T0 + 3 * DAY);
  });
  await eventHistory({ db, events: localBus(), log: () => {} }).drain();
});
afterEach(() => closeTestDb(db, drop));

describe('the rollups recount in the background', () => {
  it('ends equal to a recount in one go, with writes on both sides of its cursor between slices', async () => {
    const before = await expectEqualToRebuild(db);
    expect(before.rows.group_opinion_counts!.length).toBeGreaterThan(0);
    expect(before.rows.event_class_counts!.length).toBeGreaterThan(0);

    await applyRollupsAgain();
    const lines: string[] = [];
    const recount = rollupRecount({ db, log: (line) => lines.push(line) });
    const start = await recount.status();
    expect(start).toMatchObject({ counted: 0, total: 60, percent: 0, countedFromMs: null });
    // Nothing counted yet; the event view's history count waits for the recount.
    expect((await snapshot(db)).rows.opinion_counts).toEqual([]);
    expect(await db.transaction((tx) => eventHistoryRepo(tx).claim())).toBeNull();

    let slices = 0;
    let percent = 0;
    for (;;) {
      const slice = await recount.step(5);
      expect(slice).not.toBeNull();
      slices++;
      if (slice!.done) break;
      const s = await recount.status();
      expect(s!.percent).toBeGreaterThanOrEqual(percent);
      percent = s!.percent;
      await write(slices);
    }
    expect(slices).toBeGreaterThan(10);
    expect(await recount.status()).toBeNull();
    expect(await recount.step(5)).toBeNull();
    await expectEqualToRebuild(db);
  });

  it('counts a slice newest first: what lies above the cursor is exact at once', async () => {
    const before = await expectEqualToRebuild(db);
    await applyRollupsAgain();
    const recount = rollupRecount({ db, log: () => {} });
    await recount.step(20);
    const from = Number(await cursor());
    const hourOf = (r: unknown) => Number((r as { bucket: string }).bucket);
    // Statistics by the hour from the cursor's next hour on are what they were.
    const above = (rows: unknown[]) =>
      rows.filter((r) => (r as { res: number }).res === 3600 && hourOf(r) >= Math.ceil(from / 3600) * 3600);
    const now = await snapshot(db);
    expect(above(now.rows.stat_counts!).length).toBeGreaterThan(0);
    expect(above(now.rows.stat_counts!)).toEqual(above(before.rows.stat_counts!));
    await recount.drain(20);
    expect(await snapshot(db)).toEqual(before);
  });

  it('logs its progress, and writers and slices at once still end exact', async () => {
    await applyRollupsAgain();
    const lines: string[] = [];
    const recount = rollupRecount({ db, log: (line) => lines.push(line), slicePosts: { min: 7, max: 7 } });
    const writers = (async () => {
      for (let n = 0; n < 16; n++) await write(n);
    })();
    recount.start({ intervalMs: 60_000 });
    await writers;
    // The background pass may have ended before the last writes: they are counted by the triggers.
    while (await recount.status()) await recount.step(500);
    await recount.stop();
    expect(lines.some((l) => /^rollups: recount \d+% \(\d+ of 60 posts/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^rollups: recount done/);
    await expectEqualToRebuild(db);
  });
});

describe('/healthz while the rollups recount', () => {
  it('shows how far the recount is, and the app answers meanwhile', async () => {
    const { t, token } = await signedInApp('recount@example.com');
    try {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      await storePosts(t.db, posts(30, now - DAY, 600));
      await applyRollupsAgain(t.db);
      const health = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).json();
      expect((await health()).recount).toMatchObject({ percent: 0, counted: 0, total: 30, countedFrom: null });

      const recount = rollupRecount({ db: t.db, log: () => {} });
      await recount.step(12);
      const halfway = (await health()).recount;
      expect(halfway).toMatchObject({ percent: 40, counted: 12, total: 30 });
      expect(Date.parse(halfway.countedFrom)).toBeGreaterThan((now - DAY) * 1000);
      // The newest posts are counted: Hot Coins already ranks their coins.
      const views = (await t.call('view/v2/list', {}, { token })).body.data as { view_id: string; view_type: string }[];
      const hotCoins = views.find((v) => v.view_type === 'hot_coins')!.view_id;
      const ranked = await t.call('view/ranking_list', { viewId: hotCoins }, { token });
      expect(ranked.body.ret).toBe(1);
      expect((ranked.body.data as { list: unknown[] }).list.length).toBeGreaterThan(0);

      await recount.drain();
      expect((await health()).recount).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
