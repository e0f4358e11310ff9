/**
 * The view type registry (services/view-types): a module for every type, each keeping only its
 * own settings, and view/add or view/update bodies with a wrong type or garbage settings answered
 * with a clear 4xx, never a 500.
 */
import { VIEW_TYPES, viewSettings } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_IDS, VIEW_KINDS, viewTypeOf } from '../../src/services/view-types/index';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;
afterAll(() => t.close());
beforeAll(async () => {
  ({ t, token } = await signedInApp('types@example.com'));
});

const kw = [{ type: 'keywords', rules: [{ value: 'ETF' }] }];
type Item = { view_id: string; view_type: string };

/** Adds a view and answers its id (the last of its type in the list). */
async function add(body: Record<string, unknown>): Promise<string> {
  const res = await t.call('view/add', { name: 'V', matchingRules: kw, ...body }, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return (res.body.data as Item[]).filter((i) => i.view_type === body.viewType).at(-1)!.view_id;
}
const stored = async (viewId: string) =>
  (await t.db.query<{ settings: Record<string, unknown> }>('SELECT settings FROM views WHERE id = $1', [viewId]))[0]!
    .settings;
const info = async (viewId: string) =>
  (await t.call('view/info', { viewId }, { token })).body.data as Record<string, unknown>;

/** Settings every type but one or two would own, and keys no type owns. */
const foreign = {
  topNum: 20,
  sortingIndicatorType: 'kol_count',
  dataSources: ['x'],
  notificationEnabled: true,
  updateFreqSeconds: 600,
  backtrackingSeconds: 3600,
  coin: 'BTC',
  kolGroupId: '1',
  starter: 'starter_hot_coins',
  anything: { deep: [1, 2] },
};

describe('the registry', () => {
  it('has a module for every view type, keeping the contract schema of its settings', () => {
    for (const type of VIEW_TYPES) {
      expect(viewTypeOf(type).type).toBe(type);
      expect(viewTypeOf(type).settings).toBe(viewSettings[type]);
    }
    expect(VIEW_KINDS.map((k) => k.type)).toEqual([...VIEW_TYPES]);
    expect(GROUP_IDS).toEqual(['coin_opinion', 'event_opinion']);
    expect(VIEW_KINDS.filter((k) => k.addable).map((k) => k.type)).toEqual([
      'content_feed',
      'notification',
      'ranking_list',
      'analytics_report',
    ]);
  });

  it('answers "not found" for a type no module has, prototype keys included', () => {
    for (const type of ['nope', '', 'constructor', '__proto__', 'toString']) {
      expect(() => viewTypeOf(type), type).toThrow(expect.objectContaining({ message: 'not_found' }));
    }
  });
});

describe("another type's settings", () => {
  it('are stripped from a feed, never stored nor shown', async () => {
    const id = await add({ viewType: 'content_feed', ...foreign });
    expect(await stored(id)).toEqual({});
    expect(Object.keys(await info(id)).sort()).toEqual(['matching_rules', 'name', 'view_type']);
  });

  it('are stripped from a ranking, a report and a notification view, their own kept', async () => {
    const rank = await add({ viewType: 'ranking_list', ...foreign });
    expect(await stored(rank)).toEqual({ topNum: 20, sortingIndicatorType: 'kol_count' });
    const report = await add({ viewType: 'analytics_report', ...foreign });
    expect(await stored(report)).toEqual({ updateFreqSeconds: 600, backtrackingSeconds: 3600 });
    const notify = await add({ viewType: 'notification', ...foreign });
    expect(await stored(notify)).toEqual({ dataSources: ['x'], notificationEnabled: true, updateFreqSeconds: 600 });
    expect(await info(notify)).toMatchObject({ data_sources: ['x'], notification_enabled: true });
    expect(await info(notify)).not.toHaveProperty('top_num');
  });

  it('are stripped on view/update, and a report keeps the backtracking time it was made with', async () => {
    const rank = await add({ viewType: 'ranking_list', topNum: 30 });
    const upd = await t.call(
      'view/update',
      { viewId: rank, name: 'R', viewType: 'ranking_list', matchingRules: [], ...foreign },
      { token },
    );
    expect(upd.body.ret).toBe(1);
    expect(await stored(rank)).toEqual({ topNum: 20, sortingIndicatorType: 'kol_count' });
    const report = await add({ viewType: 'analytics_report', backtrackingSeconds: 7200 });
    const body = { viewId: report, name: 'R', viewType: 'analytics_report', matchingRules: kw, ...foreign };
    expect((await t.call('view/update', body, { token })).body.ret).toBe(1);
    expect(await stored(report)).toEqual({ updateFreqSeconds: 600, backtrackingSeconds: 7200 });
  });
});

describe('view/add and view/update under attack', () => {
  const wrongTypes: unknown[] = [
    'nope',
    '',
    42,
    null,
    true,
    ['content_feed'],
    { content_feed: 1 },
    '__proto__',
    'constructor',
    'CONTENT_FEED',
  ];
  const garbage: Record<string, unknown>[] = [
    { topNum: 'x' },
    { topNum: -1 },
    { topNum: 10.5 },
    { authorWeight: [] },
    { commentWeight: 1, retweetWeight: 1, exposureWeight: 1 },
    { sortingIndicatorType: 'nope' },
    { statRangeSeconds: { a: 1 } },
    { dataSources: 'x' },
    { dataSources: [1, 2] },
    { dataSources: [] },
    { updateFreqSeconds: -5 },
    { updateFreqSeconds: '60' },
    { backtrackingSeconds: 1e12 },
    { notificationEnabled: 'yes' },
    { matchingRules: 'x' },
    { matchingRules: [{ type: 'nope', rules: [] }] },
    { matchingRules: [{ type: 'coins', rules: 'BTC' }] },
    { name: { first: 'x' } },
  ];

  it('answers a wrong view type with a 4xx naming the field or the type', async () => {
    const feed = await add({ viewType: 'content_feed' });
    for (const viewType of wrongTypes) {
      for (const [path, extra] of [
        ['view/add', {}],
        ['view/update', { viewId: feed }],
      ] as const) {
        const res = await t.call(path, { name: 'X', matchingRules: kw, viewType, ...extra }, { token });
        expect(res.status, `${path} ${JSON.stringify(viewType)}`).toBe(400);
        expect(res.body).toEqual({ ret: 400, msg: 'Invalid value for "view_type"' });
      }
    }
    // Known types view/add does not make, or not the view's own type on update: the server names them.
    for (const viewType of ['hot_coins', 'coin_opinion', 'event_opinion']) {
      const res = await t.call('view/add', { name: 'X', matchingRules: kw, viewType, coin: 'BTC' }, { token });
      expect(res.body).toEqual({ ret: 400, msg: `Views of type "${viewType}" are not created this way` });
    }
    const other = { viewId: feed, name: 'X', matchingRules: kw, viewType: 'ranking_list' };
    expect((await t.call('view/update', other, { token })).body).toEqual({
      ret: 400,
      msg: 'Views of type "ranking_list" are not created this way',
    });
  });

  it('answers garbage settings of every addable type with a 4xx, never a 500', async () => {
    for (const viewType of ['content_feed', 'notification', 'ranking_list', 'analytics_report']) {
      const viewId = await add({ viewType });
      for (const bad of garbage) {
        for (const [path, extra] of [
          ['view/add', {}],
          ['view/update', { viewId }],
        ] as const) {
          const res = await t.call(path, { name: 'X', matchingRules: kw, viewType, ...extra, ...bad }, { token });
          const what = `${path} ${viewType} ${JSON.stringify(bad)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.body.ret !== 1) {
            expect(res.status, what).toBeGreaterThanOrEqual(400);
            expect(res.body.msg, what).toMatch(/\S/);
          }
        }
      }
    }
  });

  it('keeps the message of an out-of-range setting of the type', async () => {
    const res = await t.call(
      'view/add',
      { name: 'X', matchingRules: [], viewType: 'ranking_list', topNum: 5 },
      { token },
    );
    expect(res.body).toEqual({ ret: 400, msg: 'Top N must be a whole number from 10 to 100' });
    // The same key sent with a feed is not the feed's: stripped, so the feed is made.
    expect(
      (await t.call('view/add', { name: 'X', matchingRules: kw, viewType: 'content_feed', topNum: 5 }, { token })).body
        .ret,
    ).toBe(1);
  });
});
