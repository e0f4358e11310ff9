import type { ViewType } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import {
  authorRule,
  commitKeyword,
  createdViewId,
  type FilterGroup,
  fansRule,
  groupsFromRules,
  type KeywordItem,
  newGroup,
  rulesFromGroups,
  setPickedRules,
  validateFeed,
} from './filters';

const kw = (text: string, key = text): KeywordItem => ({ key, text, editing: false });

describe('groups ↔ matching rules', () => {
  it('round-trips every rule type', () => {
    const rules = [
      { type: 'crypto_types' as const, rules: [{ label: 'DeFi', value: 'defi' }] },
      { type: 'keywords' as const, rules: [{ value: 'etf' }, { value: '减半' }] },
      { type: 'coins' as const, rules: [{ label: 'BTC', value: 'BTC' }] },
      { type: 'authors' as const, rules: [{ label: 'Vitalik', value: '42', data: { username: 'VitalikButerin' } }] },
      { type: 'fans' as const, rules: [fansRule(1000, 50000)] },
    ];
    expect(rulesFromGroups(groupsFromRules(rules))).toEqual(rules);
  });

  it('reads fans bounds from data or from the value', () => {
    const [fromValue] = groupsFromRules([{ type: 'fans', rules: [{ value: '500,0' }] }]);
    expect(fromValue).toMatchObject({ type: 'fans', min: 500, max: 0 });
    const [fromData] = groupsFromRules([{ type: 'fans', rules: [{ data: { minFans: 7, maxFans: 9 } }] }]);
    expect(fromData).toMatchObject({ min: 7, max: 9 });
  });

  it('builds the one fans rule, swapping reversed bounds and keeping 0 as unlimited', () => {
    expect(fansRule(1000, 50000)).toEqual({
      label: '1000-50000',
      value: '1000,50000',
      data: { minFans: 1000, maxFans: 50000 },
    });
    expect(fansRule(50000, 1000).value).toBe('1000,50000');
    expect(fansRule(1000, 0).data).toEqual({ minFans: 1000, maxFans: 0 });
  });

  it('drops blank and duplicate keywords, empty groups and an unlimited fans range', () => {
    const groups: FilterGroup[] = [
      { key: 'k', type: 'keywords', keywords: [kw(' etf '), kw('  '), kw('ETF', 'x'), kw('sol')] },
      { key: 'f', type: 'fans', min: 0, max: 0 },
      newGroup('coins'),
      { key: 'e', type: 'keywords', keywords: [kw('')] },
    ];
    expect(rulesFromGroups(groups)).toEqual([{ type: 'keywords', rules: [{ value: 'etf' }, { value: 'sol' }] }]);
  });
});

describe('validation', () => {
  const coins: FilterGroup = { key: 'c', type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] };

  it('needs a trimmed title', () => {
    expect(validateFeed('   ', [coins])).toEqual({ error: 'titleRequired' });
    expect(validateFeed('  BTC news ', [coins])).toMatchObject({ name: 'BTC news' });
  });

  it('needs one group with one rule', () => {
    expect(validateFeed('x', [])).toEqual({ error: 'filtersRequired' });
    expect(validateFeed('x', [newGroup('keywords'), newGroup('fans')])).toEqual({ error: 'filtersRequired' });
    expect(validateFeed('x', [{ key: 'k', type: 'keywords', keywords: [kw('  ')] }])).toEqual({
      error: 'filtersRequired',
    });
  });
});

describe('editing', () => {
  it('commits keywords: empty removed, duplicate removed, otherwise trimmed', () => {
    const items = [kw('etf', 'a'), { key: 'b', text: ' ETF ', editing: true }, { key: 'c', text: ' ', editing: true }];
    expect(commitKeyword(items, 'c')).toEqual({ items: items.slice(0, 2), result: 'removedEmpty' });
    expect(commitKeyword(items, 'b').result).toBe('removedDuplicate');
    const kept = commitKeyword([{ key: 'z', text: ' sol ', editing: true }], 'z');
    expect(kept).toEqual({ items: [{ key: 'z', text: 'sol', editing: false }], result: 'kept' });
  });

  it('puts picked rules on the existing card, or a new one', () => {
    const first = setPickedRules([], 'coins', [{ label: 'BTC', value: 'BTC' }]);
    expect(first).toHaveLength(1);
    const second = setPickedRules(first, 'coins', [{ label: 'ETH', value: 'ETH' }]);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ key: first[0]?.key, rules: [{ value: 'ETH' }] });
    expect(setPickedRules([], 'authors', [])).toEqual([]);
  });

  it('labels authors by name, else by handle', () => {
    expect(authorRule({ id: '1', username: 'cz', name: 'CZ' })).toEqual({
      label: 'CZ',
      value: '1',
      data: { username: 'cz' },
    });
    expect(authorRule({ id: '2', username: 'anon', name: ' ' }).label).toBe('@anon');
  });
});

describe('after a create', () => {
  it('takes the last view of the created type in the returned list as the new view', () => {
    const item = (viewId: string, viewType: ViewType) => ({
      viewId,
      name: viewId,
      viewType,
      fixed: false,
      subs: [],
    });
    expect(createdViewId([item('1', 'content_feed'), item('9', 'content_feed'), item('c', 'coin_opinion')])).toBe('9');
    expect(createdViewId([item('h', 'hot_coins')])).toBeNull();
    const reports = [item('r1', 'analytics_report'), item('f', 'content_feed'), item('r2', 'analytics_report')];
    expect(createdViewId(reports, 'analytics_report')).toBe('r2');
    expect(createdViewId(reports)).toBe('f');
  });
});
