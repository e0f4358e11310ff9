import type { ViewListItem } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import {
  applySavedOrder,
  canDelete,
  editPath,
  idsOf,
  missingDefaults,
  moveItem,
  reorderByDrop,
  sameOrder,
} from './order';

const item = (viewId: string, viewType: ViewListItem['viewType'] = 'content_feed', fixed = false): ViewListItem => ({
  viewId,
  name: viewId,
  viewType,
  fixed,
  subs: [],
});

describe('moving tab items', () => {
  it('moves one entry and leaves the input alone', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 1, 9)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reorders by drop and reports no-op drops as null', () => {
    const list = [item('1'), item('coin_opinion', 'coin_opinion'), item('3')];
    expect(idsOf(reorderByDrop(list, '3', '1') ?? [])).toEqual(['3', '1', 'coin_opinion']);
    expect(reorderByDrop(list, '3', '3')).toBeNull();
    expect(reorderByDrop(list, '3', null)).toBeNull();
    expect(reorderByDrop(list, 'x', '1')).toBeNull();
  });

  it('compares orders', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameOrder(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('applying a saved order', () => {
  it('puts known items in the saved order and keeps unknown items after', () => {
    const items = [item('a'), item('b'), item('new1'), item('c'), item('new2')];
    expect(idsOf(applySavedOrder(items, ['c', 'a', 'b']))).toEqual(['c', 'a', 'b', 'new1', 'new2']);
  });

  it('ignores stale and repeated ids', () => {
    expect(idsOf(applySavedOrder([item('a'), item('b')], ['gone', 'b', 'b']))).toEqual(['b', 'a']);
    expect(idsOf(applySavedOrder([item('a')], []))).toEqual(['a']);
  });
});

describe('row actions', () => {
  it('edits by view type, never fixed views or opinion groups', () => {
    expect(editPath(item('7'))).toBe('/feed-setting/7');
    expect(editPath(item('8', 'analytics_report'))).toBe('/report-setting/8');
    expect(editPath(item('9', 'ranking_list'))).toBe('/rank-setting/9');
    expect(editPath(item('10', 'notification'))).toBe('/notification-setting/10');
    expect(editPath(item('11', 'content_feed', true))).toBeNull();
    expect(editPath(item('coin_opinion', 'coin_opinion'))).toBeNull();
    expect(editPath(item('event_opinion', 'event_opinion'))).toBeNull();
    expect(editPath(item('12', 'hot_coins'))).toBeNull();
  });

  it('deletes anything but the opinion groups, fixed views included', () => {
    expect(canDelete(item('1', 'content_feed', true))).toBe(true);
    expect(canDelete(item('coin_opinion', 'coin_opinion'))).toBe(false);
    expect(canDelete(item('event_opinion', 'event_opinion'))).toBe(false);
  });
});

describe('missing built-in views', () => {
  const hot = item('1', 'hot_coins', true);
  const all = item('2', 'content_feed', true);
  const mine = item('3', 'content_feed');
  it('names Hot Coins and All KOLs when they are gone, in tab order', () => {
    expect(missingDefaults([hot, all, mine])).toEqual([]);
    expect(missingDefaults([all, mine])).toEqual(['hotCoins']);
    expect(missingDefaults([hot, mine])).toEqual(['allKols']);
    expect(missingDefaults([mine, item('coin_opinion', 'coin_opinion', true)])).toEqual(['hotCoins', 'allKols']);
  });
});
