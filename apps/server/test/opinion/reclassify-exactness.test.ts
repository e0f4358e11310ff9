/**
 * `kolscope reclassify` re-reads stored posts with another classifier: the opinion reports still
 * equal a direct count afterwards (the triggers move every changed reading), only changed rows are
 * written, each post records the model that read it, and /healthz shows the pass.
 */
import type { ReportPeriod } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinClassifier } from '../../src/pipeline/enrich/sentiment/classifier';
import { type ReclassifyProgress, reclassify, reclassifyProgress } from '../../src/pipeline/reclassify';
import { reclassifyInBackground } from '../../src/pipeline/reclassify-run';
import { storeHooks } from '../../src/services/store-hooks';
import type { SentimentClassifier, SentimentLabel } from '../../src/pipeline/types';
import { type TestApp, signedInApp } from '../support/test-app';
import {
  AUTHORS,
  COINS,
  detail,
  expected,
  type Interval,
  LABELS,
  randomStances,
  rng,
  type Spec,
  save,
} from './exactness-support';

let t: TestApp;
let token: string;
const coinViews: Record<string, string> = {};
let eventView: string;
const DAY = 86_400;
const PHRASES = ['looks weak here', 'is ripping', 'dumping hard, ugly', 'breakout confirmed 🚀', 'moving sideways'];
const CHECKED: [ReportPeriod, Interval][] = [
  ['1d', '1h'],
  ['1m', '1d'],
];

/** The built-in rules with every label turned around: a classifier that disagrees everywhere. */
const contrarian: SentimentClassifier = {
  name: 'contrarian',
  classify: async (texts) => {
    const flip: Record<SentimentLabel, SentimentLabel> = { bullish: 'bearish', neutral: 'bullish', bearish: 'neutral' };
    return (await builtinClassifier.classify(texts)).map((r) => ({
      ...r,
      label: flip[r.label],
      model: 'contrarian-1',
    }));
  },
};

async function checkAll() {
  for (const [period, interval] of CHECKED) {
    for (const coin of ['BTC', 'SOL']) {
      expect(await detail(t, token, 'view/v2/coin_opinion_detail', coinViews[coin]!, period, interval)).toEqual(
        await expected(t, (p) => p.coins.includes(coin), period, interval, coin),
      );
    }
    expect(await detail(t, token, 'view/v2/event_opinion_detail', eventView, period, interval)).toEqual(
      await expected(t, (p) => /ETF/.test(p.text), period, interval),
    );
  }
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('reclassify@example.com'));
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const r = rng(31);
  // Texts that name their coins, so the classifier reads real stances; random stored labels.
  const specs: Spec[] = Array.from({ length: 400 }, (_, i) => {
    const coins = COINS.filter(() => r() < 0.5);
    const said = coins.map((c) => `$${c} ${PHRASES[Math.floor(r() * PHRASES.length)]}`).join(', but ');
    return {
      id: String(8_800_000 + i),
      author: AUTHORS[Math.floor(r() * AUTHORS.length)]!,
      ct: now - Math.floor(r() * 20 * DAY),
      coins,
      sentiment: LABELS[Math.floor(r() * 3)]!,
      stances: randomStances(r, coins),
      text: `${said || 'gm'}${r() < 0.4 ? ' ETF' : ''} #${i}`,
    };
  });
  for (let i = 0; i < specs.length; i += 100) await save(t, specs.slice(i, i + 100));
  for (const coin of ['BTC', 'SOL']) {
    const res = await t.call('view/v2/coin_opinion_add', { coin, kolGroupId: '' }, { token });
    expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
    const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
    coinViews[coin] = list.find((v) => v.view_id === 'coin_opinion')!.subs.at(-1)!.view_id;
  }
  const ev = await t.call(
    'view/v2/event_opinion_add',
    { name: 'ETF', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['ETF'] }] },
    { token },
  );
  const evList = ev.body.data as { view_id: string; subs: { view_id: string }[] }[];
  eventView = evList.find((v) => v.view_id === 'event_opinion')!.subs.at(-1)!.view_id;
  await t.services.eventHistory.drain();
  await checkAll();
});

afterAll(async () => {
  await t?.close();
});

describe('reclassify', () => {
  it('keeps every report exact when another classifier re-reads the posts', async () => {
    const seen: number[] = [];
    const done = await reclassify({
      db: t.db,
      classifier: builtinClassifier,
      hooks: storeHooks,
      batchSize: 64,
      onBatch: (p) => void seen.push(p.done),
    });
    expect(done).toMatchObject({ running: false, done: 400, total: 400, error: null });
    expect(seen).toEqual([64, 128, 192, 256, 320, 384, 400]);
    // The random stored labels disagree with the rules on most posts.
    expect(done.changed).toBeGreaterThan(200);
    const models = await t.db.query<{ m: string; n: number }>(
      'SELECT sentiment_model AS m, count(*)::int AS n FROM posts GROUP BY 1',
    );
    expect(models).toEqual([{ m: 'rules-1', n: 400 }]);
    // Some posts got stances that differ from their label.
    const split = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM posts WHERE cardinality(coin_stances) > 0',
    );
    expect(split[0]!.n).toBeGreaterThan(10);
    await checkAll();

    const flipped = await reclassify({ db: t.db, classifier: contrarian, hooks: storeHooks, batchSize: 100 });
    expect(flipped.changed).toBe(400);
    await checkAll();
  });

  it('writes nothing when the classifier reads every post as stored', async () => {
    const again: ReclassifyProgress = await reclassify({ db: t.db, classifier: contrarian, hooks: storeHooks });
    expect(again).toMatchObject({ done: 400, changed: 0 });
  });

  it('reads only the posts of the last days with since, and shows the pass in /healthz', async () => {
    const since = Math.floor(t.clock.now().getTime() / 1000) - 5 * DAY;
    const [recent] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE ct >= $1', [since]);
    const pass = await reclassify({ db: t.db, classifier: builtinClassifier, hooks: storeHooks, since });
    expect(pass.total).toBe(recent!.n);
    expect(pass.done).toBe(recent!.n);
    expect(pass.total).toBeLessThan(400);
    const [old] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM posts WHERE ct < $1 AND sentiment_model = 'contrarian-1'`,
      [since],
    );
    expect(old!.n).toBe(400 - recent!.n);
    await checkAll();
    const health = (await t.app.inject({ method: 'GET', url: '/healthz' })).json();
    expect(health.reclassify).toMatchObject({ running: false, done: recent!.n, total: recent!.n, model: 'rules-1' });
  });

  it('runs in the background of a server (RECLASSIFY_ON_START), logging progress, and stops when told', async () => {
    const lines: string[] = [];
    reclassifyInBackground({ db: t.db, classifier: contrarian, hooks: storeHooks }, (l) => void lines.push(l));
    await expect.poll(() => lines.at(-1)).toMatch(/^reclassify: done, 400 posts read, \d+ changed/);
    expect(lines.some((l) => /^reclassify: \d+\/400 posts read \(\d+%\)/.test(l))).toBe(true);
    // Stopped before its first batch: nothing read.
    const stop = reclassifyInBackground({ db: t.db, classifier: builtinClassifier, hooks: storeHooks }, () => {});
    stop.abort();
    await expect.poll(() => reclassifyProgress.running).toBe(false);
    expect(reclassifyProgress.done).toBe(0);
    await checkAll();
  });
});
