/**
 * Issue 34 item 5: saving a coin opinion or mindshare view of a KOL group counted the group's
 * whole history inside the request (20 s for All KOLs at 220k posts on PostgreSQL: 503). The
 * save now writes no rollup row and the group is counted in the background
 * (services/group-rollups.ts), slice by slice; these tests hold the reports to a direct count of
 * the stored posts while it is pending, between slices with posts and membership moving, and
 * once it is done, and the kept rollup to a recount in one go. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupRollupsRepo } from '../../src/db/repos/group-rollups';
import { expectEqualToRebuild } from '../support/rollup-snapshot';
import { signedInApp, type TestApp } from '../support/test-app';
import {
  AUTHORS,
  COINS,
  detail as detailOf,
  expected as expectedOf,
  LABELS,
  PAIRS,
  type Row,
  randomStances,
  rng,
  type Spec,
  save as saveOf,
} from './exactness-support';

let t: TestApp;
let token: string;
let groupId: string;
let now: number;
const DAY = 86_400;
/** The group: 10k to 1M followers, 103 whitelisted, 104 blacklisted (followers as stored). */
const RULE = { min: 10_000, max: 1_000_000, white: ['103'], black: ['104'] };
const r = rng(34);
let seq = 0;

/** `n` posts by random authors over the last 40 days, each naming some of the coins. */
function posts(n: number, authors = AUTHORS): Spec[] {
  return Array.from({ length: n }, () => {
    const coins = COINS.filter(() => r() < 0.5);
    return {
      id: String(7_400_000 + seq++),
      author: authors[Math.floor(r() * authors.length)]!,
      ct: now - Math.floor(r() * 40 * DAY) + 60,
      coins,
      sentiment: LABELS[Math.floor(r() * 3)]!,
      stances: randomStances(r, coins),
      text: `take ${seq}`,
    };
  });
}

const pending = () => groupRollupsRepo(t.db).pending();
const groupRows = async () =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM group_opinion_counts WHERE group_id = $1', [
      Number(groupId),
    ])
  )[0]!.n;

/** Every period and interval of the group's ETH report equals a direct count of its members' posts. */
async function expectGroupReportExact(viewId: string, pairs = PAIRS) {
  const rows = await t.db.query<{ id: string; followers: number }>(
    'SELECT id, person_followers::float8 AS followers FROM x_accounts',
  );
  const followers = new Map(rows.map((a) => [a.id, a.followers]));
  const authorOf = new Map(
    (await t.db.query<{ id: string; author_id: string }>('SELECT id, author_id FROM posts')).map((p) => [
      p.id,
      p.author_id,
    ]),
  );
  const member = (p: Row) => {
    const id = authorOf.get(p.id)!;
    const f = followers.get(id)!;
    return !RULE.black.includes(id) && ((f >= RULE.min && f <= RULE.max) || RULE.white.includes(id));
  };
  for (const [period, interval] of pairs) {
    expect(await detailOf(t, token, 'view/v2/coin_opinion_detail', viewId, period, interval)).toEqual(
      await expectedOf(t, (p) => p.coins.includes('ETH') && member(p), period, interval, 'ETH'),
    );
  }
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('groups@example.com'));
  now = Math.floor(t.clock.now().getTime() / 1000);
  const all = posts(400);
  for (let i = 0; i < all.length; i += 100) await saveOf(t, all.slice(i, i + 100));
  expect((await t.call('kol_group/list', {}, { token })).body.ret).toBe(1);
  const add = await t.call(
    'kol_group/add',
    {
      name: 'Mid',
      twitterUserFans: [RULE.min, RULE.max],
      whiteTwitterUserIds: RULE.white,
      blackTwitterUserIds: RULE.black,
    },
    { token },
  );
  expect(add.body.ret).toBe(1);
  const groups = (await t.call('kol_group/list', {}, { token })).body.data as { id: string; name: string }[];
  groupId = groups.find((g) => g.name === 'Mid')!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('a KOL group rollup counted in the background', () => {
  let viewId: string;

  it('is not counted by the save: the view answers at once, its group pending and its report exact', async () => {
    const res = await t.call('view/v2/coin_opinion_add', { coin: 'ETH', kolGroupId: groupId }, { token });
    expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
    const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
    viewId = list.find((v) => v.view_id === 'coin_opinion')!.subs.at(-1)!.view_id;
    // The save wrote no rollup row: the group's history is the background's to count.
    expect(await groupRows()).toBe(0);
    await t.services.groupRollups.adopt();
    expect(await pending()).toEqual([Number(groupId)]);
    // Meanwhile the report reads the members' per-author rows: the same numbers.
    await expectGroupReportExact(viewId);
  });

  it('stays exact slice by slice while posts come and members move, and ends equal to a recount', async () => {
    const steps = t.services.groupRollups;
    let slices = 0;
    // Small slices, bounded: 400-odd posts over 40 days and 3 coins plus mindshare keys.
    for (let i = 0; i < 500; i++) {
      const step = await steps.step(40);
      if (!step) break;
      slices++;
      expect(step).toMatchObject({ kind: 'counted', groupId: Number(groupId) });
      if (i % 3 === 0) await saveOf(t, posts(12));
      // 106 (3,000 followers) joins the group and leaves it again: its whole history moves.
      if (i === 2) await saveOf(t, posts(3, [{ ...AUTHORS[5]!, followers: 30_000 }]));
      if (i === 5) await saveOf(t, posts(3, [{ ...AUTHORS[5]!, followers: 3_000 }]));
      if (step.kind === 'counted' && step.done) break;
      expect(await pending()).toEqual([Number(groupId)]);
      // One interval per period between slices (all of them before and after).
      await expectGroupReportExact(viewId, [PAIRS[i % PAIRS.length]!]);
    }
    expect(slices).toBeGreaterThan(3);
    expect(await pending()).toEqual([]);
    expect(await groupRows()).toBeGreaterThan(0);
    // Done: the report reads the group's own rollup, which equals a recount from the posts.
    await expectGroupReportExact(viewId);
    await expectEqualToRebuild(t.db);
    await saveOf(t, posts(20));
    await expectGroupReportExact(viewId);
  });

  it('does the same for a mindshare view, and releases the rollup once no view uses the group', async () => {
    const other = await t.call(
      'kol_group/add',
      { name: 'Whales', twitterUserFans: [1_000_000, 0], whiteTwitterUserIds: [], blackTwitterUserIds: [] },
      { token },
    );
    expect(other.body.ret).toBe(1);
    const groups = (await t.call('kol_group/list', {}, { token })).body.data as { id: string; name: string }[];
    const whales = Number(groups.find((g) => g.name === 'Whales')!.id);
    const add = await t.call(
      'view/v2/mindshare_add',
      { name: 'Whales', kolGroupId: String(whales), period: '1w' },
      { token },
    );
    expect(add.body.ret, JSON.stringify(add.body)).toBe(1);
    const rows = async (id: number) =>
      (
        await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM group_opinion_counts WHERE group_id = $1', [id])
      )[0]!.n;
    expect(await rows(whales)).toBe(0);
    await t.services.groupRollups.drain();
    expect(await pending()).toEqual([]);
    expect(await rows(whales)).toBeGreaterThan(0);
    await expectEqualToRebuild(t.db);

    // The coin view goes: its group's rollup is released by the background, a chunk at a time.
    expect((await t.call('view/delete', { viewId }, { token })).body.ret).toBe(1);
    await t.services.groupRollups.adopt();
    expect(await pending()).toEqual([Number(groupId)]);
    for (let i = 0; i < 500; i++) {
      const step = await t.services.groupRollups.step(25);
      if (!step || step.done) break;
      expect(step).toMatchObject({ kind: 'released', groupId: Number(groupId) });
    }
    expect(await pending()).toEqual([]);
    expect(await groupRows()).toBe(0);
    const kept = await t.db.query<{ group_id: string }>('SELECT group_id FROM opinion_groups ORDER BY 1');
    expect(kept.map((k) => Number(k.group_id))).toEqual([whales]);
  });
});
