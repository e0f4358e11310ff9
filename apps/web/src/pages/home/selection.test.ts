import type { ViewListItem } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { resolveSelection, searchMatches } from './selection';

const item = (viewId: string, viewType: ViewListItem['viewType'] = 'content_feed'): ViewListItem => ({
  viewId,
  name: viewId,
  viewType,
  fixed: false,
  subs: [],
});
const LIST: ViewListItem[] = [
  item('hot', 'hot_coins'),
  item('all'),
  item('btc'),
  { ...item('coin_opinion', 'coin_opinion'), subs: [{ viewId: 'c1', name: 'BTC', viewType: 'coin_opinion' }] },
];
const none = { tab: null, viewId: null };

describe('home selection', () => {
  it('selects the first view when nothing is selected', () => {
    expect(resolveSelection(LIST, none, null)).toMatchObject({ viewId: 'hot', search: { tab: 'hot' } });
  });

  it('selects the view named in the URL, and its tab', () => {
    expect(resolveSelection(LIST, { tab: null, viewId: 'btc' }, 'all')).toMatchObject({
      viewId: 'btc',
      search: { tab: 'btc', viewId: 'btc' },
    });
    const sub = resolveSelection(LIST, { tab: 'hot', viewId: 'c1' }, null);
    expect(sub?.group.viewId).toBe('coin_opinion');
    expect(sub?.search).toEqual({ tab: 'coin_opinion', viewId: 'c1' });
  });

  it('follows the tab in the URL when there is no viewId', () => {
    expect(resolveSelection(LIST, { tab: 'all', viewId: null }, 'btc')?.viewId).toBe('all');
  });

  it('keeps the current view when the URL names nothing known', () => {
    expect(resolveSelection(LIST, { tab: 'gone', viewId: 'gone' }, 'btc')?.search).toEqual({ tab: 'btc' });
    expect(resolveSelection(LIST, none, 'c1')?.search).toEqual({ tab: 'coin_opinion' });
  });

  it('has nothing to select in an empty list', () => {
    expect(resolveSelection([], { tab: 'a', viewId: 'b' }, 'c')).toBeNull();
  });

  it('compares the URL with the selection', () => {
    expect(searchMatches({ tab: 'all', viewId: null }, { tab: 'all' })).toBe(true);
    expect(searchMatches({ tab: 'all', viewId: 'x' }, { tab: 'all' })).toBe(false);
    expect(searchMatches({ tab: null, viewId: null }, { tab: 'all' })).toBe(false);
  });
});

describe('settings action', () => {
  it('goes to the setting page of the view type, hidden for fixed views and opinion groups', async () => {
    const { settingsPath } = await import('./viewMeta');
    expect(settingsPath({ viewId: '7', viewType: 'content_feed', fixed: false })).toBe('/feed-setting/7');
    expect(settingsPath({ viewId: '8', viewType: 'analytics_report', fixed: false })).toBe('/report-setting/8');
    expect(settingsPath({ viewId: '9', viewType: 'ranking_list', fixed: false })).toBe('/rank-setting/9');
    expect(settingsPath({ viewId: '10', viewType: 'notification', fixed: false })).toBe('/notification-setting/10');
    expect(settingsPath({ viewId: '1', viewType: 'content_feed', fixed: true })).toBeNull();
    expect(settingsPath({ viewId: 'coin_opinion', viewType: 'coin_opinion', fixed: false })).toBeNull();
    expect(settingsPath({ viewId: 'event_opinion', viewType: 'event_opinion', fixed: false })).toBeNull();
  });
});
