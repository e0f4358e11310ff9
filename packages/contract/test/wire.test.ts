import { describe, expect, it } from 'vitest';
import {
  accountCalls,
  allCalls,
  fromWire,
  parseLanguage,
  REPORT_INTERVALS,
  toWire,
  translate,
  viewCalls,
} from '../src/index';

describe('wire keys', () => {
  it('converts camelCase to snake_case and back, deeply', () => {
    const code = {
      viewId: '1',
      matchingRules: [{ type: 'fans', rules: [{ data: { minFans: 1, maxFans: 2 } }] }],
      nextCb: '',
    };
    const wire = toWire(code);
    expect(wire).toEqual({
      view_id: '1',
      matching_rules: [{ type: 'fans', rules: [{ data: { min_fans: 1, max_fans: 2 } }] }],
      next_cb: '',
    });
    expect(fromWire(wire)).toEqual(code);
  });
  it('leaves values alone and drops prototype keys', () => {
    expect(fromWire({ img_url_thumb: 'a_b', list: ['x_y'] })).toEqual({ imgUrlThumb: 'a_b', list: ['x_y'] });
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a_b": 1}');
    const out = fromWire(parsed) as Record<string, unknown>;
    expect(out).toEqual({ aB: 1 });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe('calls', () => {
  it('covers every call of spec section 7', () => {
    const paths = allCalls.map((c) => c.path);
    for (const p of [
      'account/info',
      'account/logout',
      'account/check_inner_code',
      'account/register_email_code',
      'account/change_passwd_email_code',
      'account/register',
      'account/login',
      'account/change_passwd',
      'view/tweet_category',
      'view/add',
      'view/update',
      'view/delete',
      'view/sort',
      'view/info',
      'view/ranking_list',
      'view/v2/list',
      'view/v2/tweets',
      'view/v2/merge_sort',
      'view/v2/coin_opinion_add',
      'view/v2/coin_opinion_info',
      'view/v2/coin_opinion_update',
      'view/v2/coin_opinion_detail',
      'view/v2/coin_opinion_delete',
      'view/v2/event_opinion_add',
      'view/v2/event_opinion_info',
      'view/v2/event_opinion_update',
      'view/v2/event_opinion_detail',
      'view/v2/event_opinion_delete',
      'search/coins',
      'search/twitter_user',
      'search/twitter_kol',
      'kol_group/list',
      'kol_group/add',
      'kol_group/update',
      'kol_group/delete',
      'kol_group/info',
      'kol_group/twitter_user_list',
      'kol_group/add_unlisted_twitter_user',
      'admin/stat',
      'admin/from_acnt_list',
    ]) {
      expect(paths).toContain(p);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('validates with message keys', () => {
    const r = accountCalls.register.request.safeParse({ email: 'x', code: '1', passwd: '123456', innerCode: 'a' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('email_invalid');
    const ok = accountCalls.register.request.parse({
      email: ' A@B.CO ',
      code: ' 123456 ',
      passwd: '123456',
      innerCode: ' IN ',
    });
    expect(ok).toEqual({ email: 'a@b.co', code: '123456', passwd: '123456', innerCode: 'IN', inviteCode: '' });
    expect(
      viewCalls.add.request.safeParse({ name: '  ', viewType: 'content_feed', matchingRules: [] }).error?.issues[0]
        ?.message,
    ).toBe('title_required');
  });
  it('knows the allowed report intervals per period', () => {
    expect(REPORT_INTERVALS['1d']).toEqual(['1m', '5m', '15m', '1h']);
    expect(REPORT_INTERVALS['1w']).toEqual(['5m', '30m', '1h', '1d']);
    expect(REPORT_INTERVALS['1m']).toEqual(['30m', '1h', '1d', '1w']);
  });
});

describe('messages', () => {
  it('translates in both languages with parameters', () => {
    expect(translate('en', 'rate_limited', { seconds: 30 })).toBe('Too many attempts, please retry in 30 seconds');
    expect(translate('zh-CN', 'rate_limited', { seconds: 30 })).toBe('尝试次数过多，请 30 秒后重试');
    expect(translate('en', 'password_too_short')).toBe('Password must be at least 6 characters');
  });
  it('picks the language from the header', () => {
    expect(parseLanguage('zh-CN')).toBe('zh-CN');
    expect(parseLanguage('zh-Hans,zh;q=0.9')).toBe('zh-CN');
    expect(parseLanguage('en-US')).toBe('en');
    expect(parseLanguage(undefined)).toBe('en');
  });
});
