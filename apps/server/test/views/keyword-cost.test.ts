/**
 * The view cost model (VIEW_LIMITS): a view asking more of the keyword matcher than the limits
 * allow is refused at save time, naming the wire field, in the caller's language; a view stored
 * before the limits existed gets the same 400 from its feed instead of an expensive query.
 */
import { VIEW_LIMITS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;

const words = (n: number, length = 8) =>
  Array.from({ length: n }, (_, i) => `w${i}`.padEnd(length, 'k')).map((value) => ({ value }));

async function add(matchingRules: unknown[], lang = 'en') {
  return t.call('view/add', { name: 'v', viewType: 'content_feed', matchingRules }, { token, lang });
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('cost@example.com'));
});
afterAll(() => t.close());

describe('view limits on save', () => {
  it('refuses the 20 groups x 200 keywords x 200 characters body of the issue (no 500, no view)', async () => {
    const rules = Array.from({ length: 20 }, () => ({ type: 'keywords', rules: words(200, 200) }));
    const res = await add(rules);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Filters: a view has at most 10 filter groups');
    const list = await t.call('view/v2/list', {}, { token });
    expect((list.body.data as { name: string }[]).some((v) => v.name === 'v')).toBe(false);
  });

  it('refuses more than 100 keywords in all, even spread over groups, in both languages', async () => {
    const half = VIEW_LIMITS.keywords / 2;
    const over = [
      { type: 'keywords', rules: words(half) },
      { type: 'keywords', rules: words(half + 1) },
    ];
    const en = await add(over);
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('Filters: a view has at most 100 keywords in all');
    const zh = await add(over, 'zh-CN');
    expect(zh.body.msg).toBe('筛选条件：一个视图的关键词总数最多 100 个');
    // Exactly at the limit is fine.
    const at = await add([
      { type: 'keywords', rules: words(half) },
      { type: 'keywords', rules: words(half) },
    ]);
    expect(at.status).toBe(200);
  });

  it('refuses a keyword over 100 characters in the plain and in the object form, naming the rule', async () => {
    const long = 'k'.repeat(VIEW_LIMITS.keywordLength + 1);
    const plain = await add([{ type: 'keywords', rules: ['ok', long] }]);
    expect(plain.status).toBe(400);
    expect(plain.body.msg).toBe('Filter group 1, entry 2: a keyword is a text of at most 100 characters');
    const object = await add([{ type: 'keywords', rules: [{ label: long, value: long }] }]);
    expect(object.status).toBe(400);
    expect(object.body.msg).toBe('Filter group 1, entry 1: a keyword is a text of at most 100 characters');
  });

  it('applies the same limits to view/update', async () => {
    const made = await add([{ type: 'keywords', rules: words(3) }]);
    const viewId = (made.body.data as { view_id: string }[]).at(-1)!.view_id;
    const groups = Array.from({ length: VIEW_LIMITS.groups + 1 }, () => ({ type: 'keywords', rules: words(1) }));
    const res = await t.call(
      'view/update',
      { viewId, name: 'v2', viewType: 'content_feed', matchingRules: groups },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Filters: a view has at most 10 filter groups');
    const info = await t.call('view/info', { viewId }, { token });
    expect((info.body.data as { name: string }).name).toBe('v');
  });

  it('applies them to event opinion views (add and update)', async () => {
    const over = [
      { type: 'keywords', keywords: words(50).map((w) => w.value) },
      { type: 'keywords', keywords: words(50).map((w) => `x${w.value}`) },
      { type: 'keywords', keywords: ['one more'] },
    ];
    const res = await t.call(
      'view/v2/event_opinion_add',
      { name: 'e', kolGroupId: '', matchingRules: over },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Filters: a view has at most 100 keywords in all');
    const long = await t.call(
      'view/v2/event_opinion_update',
      { viewId: '1', name: 'e', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['k'.repeat(101)] }] },
      { token },
    );
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('Filter group 1, keyword 1: a keyword is a text of at most 100 characters');
  });
});

describe('a view stored before the limits', () => {
  it('answers its feed with the same 400 instead of running the query', async () => {
    const made = await add([{ type: 'keywords', rules: words(2) }]);
    const viewId = (made.body.data as { view_id: string }[]).at(-1)!.view_id;
    // As an older server let it be saved: 200 keywords of 200 characters in one group.
    const rules = [{ type: 'keywords', rules: words(200, 200).map((w) => ({ label: w.value, value: w.value })) }];
    await t.db.query('UPDATE views SET matching_rules = $1 WHERE id = $2', [JSON.stringify(rules), Number(viewId)]);
    t.clock.advance(60); // past the views' read cache
    const res = await t.call('view/v2/tweets', { viewId }, { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Filters: a view has at most 100 keywords in all');
    const zh = await t.call('view/v2/tweets', { viewId }, { token, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('筛选条件：一个视图的关键词总数最多 100 个');
  });

  it('answers a stored over-limit notification list and analytics report with the same 400', async () => {
    const tooMany = [{ type: 'keywords', rules: words(101).map((w) => ({ label: w.value, value: w.value })) }];
    for (const [viewType, call, extra] of [
      ['notification', 'view/notifications', {}],
      ['analytics_report', 'view/report_detail', { period: '1d', interval: '1h' }],
    ] as const) {
      const made = await t.call(
        'view/add',
        { name: viewType, viewType, matchingRules: [{ type: 'keywords', rules: words(2) }] },
        { token },
      );
      expect(made.status).toBe(200);
      const viewId = (made.body.data as { view_id: string; view_type: string }[])
        .flatMap((v) => [v, ...((v as { subs?: { view_id: string; view_type: string }[] }).subs ?? [])])
        .filter((v) => v.view_type === viewType)
        .at(-1)!.view_id;
      await t.db.query('UPDATE views SET matching_rules = $1 WHERE id = $2', [JSON.stringify(tooMany), Number(viewId)]);
      t.clock.advance(60);
      const res = await t.call(call, { viewId, ...extra }, { token });
      expect(res.status, viewType).toBe(400);
      expect(res.body.msg).toBe('Filters: a view has at most 100 keywords in all');
    }
  });
});
