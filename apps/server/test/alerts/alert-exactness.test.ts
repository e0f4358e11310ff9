/**
 * Opinion alerts read the opinion rollups once per subject and minute, from half-hour rows where a
 * window covers whole half hours and minute rows where a window's edge cuts one (repos/alerts.ts
 * segmentSums). Held here to a recount: every window of every rule kind and length, for a coin
 * over all authors, a coin over a KOL group, event views with and without a group, at minutes
 * on and off the half hour, equals a direct count of the stored posts (copies skipped, coins by
 * stance), and equals the report's own read of the same window. Again after late posts land in
 * old windows and posts are re-read with other labels.
 */
import { ALERT_KINDS, ALERT_WINDOW_SECONDS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsRepo, type EvalRuleRow } from '../../src/db/repos/alerts';
import { opinionRepo } from '../../src/db/repos/opinion';
import { measureAll } from '../../src/services/alerts/evaluate';
import { rulePoints } from '../../src/services/alerts/judge';
import { type TestApp, signedInApp } from '../support/test-app';
import {
  AUTHORS,
  COINS,
  copyClusters,
  LABELS,
  labelOf,
  type Row,
  randomStances,
  rng,
  type Spec,
  save as saveOf,
} from '../opinion/exactness-support';

let t: TestApp;
let token: string;
const DAY = 86_400;
const WORDS = ['ETF approval', 'halving soon', 'exploit drained', 'gm', 'ETF 获批'];
const save = (specs: Spec[]) => saveOf(t, specs);
let specs: Spec[];
let groupId: string;
const ETF = /(^|[^A-Za-z0-9_])ETF($|[^A-Za-z0-9_])/i;
/** Top Influencers: 100,000 followers or more. */
const inTop = (p: Row) => p.followers >= 100_000;

beforeAll(async () => {
  ({ t, token } = await signedInApp('alert-exact@example.com'));
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const r = rng(21);
  const rs = rng(22);
  // Half the posts in the last 50 hours (the swing windows), half over 9 days (the spike baselines).
  specs = Array.from({ length: 900 }, (_, i) => {
    const coins = COINS.filter(() => r() < 0.5);
    const span = i % 2 ? 50 * 3600 : 9 * DAY;
    return {
      id: String(7_000_000 + i),
      author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
      ct: now - Math.floor(r() * span) + 90,
      coins,
      sentiment: LABELS[Math.floor(r() * 3)]!,
      stances: randomStances(rs, coins),
      text: `${WORDS[Math.floor(r() * WORDS.length)]} ${i}`,
    };
  });
  for (let i = 0; i < specs.length; i += 150) await save(specs.slice(i, i + 150));
  const clusters = copyClusters(rng(23), now, 10, 7_800_000);
  await save(clusters.early);
  await save(clusters.late);

  const groups = (await t.call('kol_group/list', {}, { token })).body.data as { id: string; default_role?: string }[];
  groupId = groups.find((g) => g.default_role === 'top')!.id;
  const add = async (path: string, body: object) => {
    const res = await t.call(path, body, { token });
    expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
    const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
    const viewId = list
      .find((v) => v.view_id === (path.includes('coin') ? 'coin_opinion' : 'event_opinion'))!
      .subs.at(-1)!.view_id;
    const rule = await t.call(
      'alert/add',
      { viewId, kind: 'sentiment_swing', window: '1h', threshold: 20, minPosts: 5 },
      { token },
    );
    expect(rule.body.ret).toBe(1);
  };
  await add('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: '' });
  await add('view/v2/coin_opinion_add', { coin: 'ETH', kolGroupId: groupId });
  await add('view/v2/event_opinion_add', {
    name: 'ETF',
    kolGroupId: '',
    matchingRules: [{ type: 'keywords', keywords: ['ETF'] }],
  });
  await add('view/v2/event_opinion_add', {
    name: 'ETF top',
    kolGroupId: groupId,
    matchingRules: [{ type: 'keywords', keywords: ['ETF'] }],
  });
  await t.services.eventHistory.drain();
  // The group's coin rollup is counted in the background too; alerts wait for it (group_pending).
  await t.services.groupRollups.drain();
});

afterAll(async () => {
  await t?.close();
});

/** Every kind and window on each stored rule's view: 6 rules per subject. */
async function allRules(): Promise<EvalRuleRow[]> {
  const stored = await alertsRepo(t.db).rulesToEvaluate();
  expect(stored).toHaveLength(4);
  return stored.flatMap((r) =>
    ALERT_KINDS.flatMap((kind) => Object.values(ALERT_WINDOW_SECONDS).map((window_s) => ({ ...r, kind, window_s }))),
  );
}

async function posts(): Promise<Row[]> {
  return t.db.query<Row>(
    `SELECT p.id, p.copy_of, p.ct::float8 AS ct, p.coins, p.coin_stances, p.sentiment, p.text,
            a.followers_count::float8 AS followers, author_class(a.is_blue_verified, a.verified_type) AS cls
     FROM posts p JOIN x_accounts a ON a.id = p.author_id`,
  );
}

/** The direct count of what a rule's view counts in [a, b). */
function recount(rows: Row[], r: EvalRuleRow, a: number, b: number) {
  const c = { up: 0, neutral: 0, down: 0 };
  for (const p of rows) {
    if (p.copy_of !== null || p.ct < a || p.ct >= b) continue;
    const grouped = r.group_id === null || inTop(p);
    let label: number;
    if (r.view_type === 'coin_opinion') {
      if (!p.coins.includes(r.coin!) || !grouped) continue;
      label = labelOf(p, r.coin!);
    } else {
      if (!ETF.test(p.text) || !grouped) continue;
      label = p.sentiment;
    }
    if (label === 1) c.up++;
    else if (label === -1) c.down++;
    else c.neutral++;
  }
  return c;
}

/** The report's own read of [a, b) (one bucket of that length), summed over classes. */
async function reportRead(r: EvalRuleRow, a: number, b: number) {
  const w = { from: a, to: b, intervalS: b - a, offsetS: a % (b - a) };
  const rows =
    r.view_type === 'coin_opinion'
      ? await opinionRepo(t.db).coin(r.coin!, w, r.group_id ?? undefined)
      : await opinionRepo(t.db).event(r.view_id, w);
  return rows.reduce((c, x) => ({ up: c.up + x.up, neutral: c.neutral + x.neutral, down: c.down + x.down }), {
    up: 0,
    neutral: 0,
    down: 0,
  });
}

async function checkMinutes() {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const onHalfHour = now - (now % 1800);
  // On the half hour (whole half hours only), 13 minutes past one, and the current minute.
  const minutes = [onHalfHour, onHalfHour - 17 * 60, now - (now % 60)];
  const rules = await allRules();
  const rows = await posts();
  let nonEmpty = 0;
  for (const minute of minutes) {
    const measured = await measureAll(alertsRepo(t.db), rules, minute);
    expect(measured).toHaveLength(rules.length);
    for (const m of measured) {
      const [p0, p1, p2] = rulePoints(m.rule, minute);
      const label = `${m.rule.view_type} ${m.rule.coin ?? m.rule.view_name} ${m.rule.kind} ${m.rule.window_s} @${minute}`;
      expect(m.now, label).toEqual(recount(rows, m.rule, p1, p2));
      expect(m.before, label).toEqual(recount(rows, m.rule, p0, p1));
      expect(m.now, label).toEqual(await reportRead(m.rule, p1, p2));
      if (m.now.up + m.now.neutral + m.now.down > 0 && m.before.up + m.before.down > 0) nonEmpty++;
    }
  }
  // Not trivially zero: most windows hold posts on both sides.
  expect(nonEmpty).toBeGreaterThan(minutes.length * rules.length * 0.6);
}

describe('alert windows', () => {
  it('equal a recount and the report for every rule kind and window, on and off the half hour', async () => {
    await checkMinutes();
  });

  it('stay exact after late posts in old windows and posts re-read with other labels', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const r = rng(31);
    const late: Spec[] = Array.from({ length: 120 }, (_, i) => ({
      id: String(7_500_000 + i),
      author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
      ct: now - Math.floor(r() * 8 * DAY),
      coins: COINS.filter(() => r() < 0.6),
      sentiment: LABELS[Math.floor(r() * 3)]!,
      text: `${r() < 0.5 ? 'ETF late' : 'late'} ${i}`,
    }));
    await save(late);
    const changed = specs
      .filter(() => r() < 0.25)
      .map((s) => ({ ...s, sentiment: LABELS[Math.floor(r() * 3)]!, stances: {} }));
    await save(changed);
    // Time moves on: the windows slide over the new posts.
    t.clock.advance(7 * 60);
    await checkMinutes();
  });
});
