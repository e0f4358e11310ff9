import type { NotificationItem } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import {
  appendPage,
  emptyNotifications,
  firstPage,
  mergeFresh,
  type NotificationPage,
  notificationDisplay,
} from './notificationState';

const item = (id: string): NotificationItem => ({
  id,
  source: 'telegram',
  avatar: '',
  username: 'u',
  name: '',
  title: '',
  publishTime: 1,
  content: id,
  tags: [],
  images: [],
});
const page = (ids: string[], more: 0 | 1 = 0, nextCb = ''): NotificationPage => ({ list: ids.map(item), more, nextCb });
const ids = (s: { list: NotificationItem[] }) => s.list.map((i) => i.id);

describe('notification list state', () => {
  it('appends pages without repeating an item and takes the new cursor', () => {
    const s = appendPage(firstPage(page(['m:3', 'p:2'], 1, 'c1')), page(['p:2', 'm:1'], 0, 'c2'));
    expect(ids(s)).toEqual(['m:3', 'p:2', 'm:1']);
    expect(s).toMatchObject({ more: 0, nextCb: 'c2', loaded: true });
  });

  it('puts only the new items on top on a silent refresh, keeping the cursor', () => {
    const shown = appendPage(firstPage(page(['p:5', 'm:4'], 1, 'c1')), page(['p:3'], 1, 'c2'));
    const fresh = mergeFresh(shown, page(['m:7', 'p:6', 'p:5', 'm:4'], 1, 'x'));
    expect(ids(fresh)).toEqual(['m:7', 'p:6', 'p:5', 'm:4', 'p:3']);
    expect(fresh.nextCb).toBe('c2');
    expect(mergeFresh(shown, page(['p:5', 'm:4']))).toBe(shown);
  });

  it('replaces the list when a whole page of new items arrived, and fills an empty one', () => {
    const shown = firstPage(page(['p:5'], 0));
    expect(ids(mergeFresh(shown, page(['p:9', 'p:8'], 1, 'n')))).toEqual(['p:9', 'p:8']);
    expect(mergeFresh(shown, page([]))).toBe(shown);
    expect(ids(mergeFresh(emptyNotifications(), page(['p:1'])))).toEqual(['p:1']);
  });

  it('shows a spinner until the first page, then the list, the empty state or the error', () => {
    expect(notificationDisplay(emptyNotifications(), true)).toBe('spinner');
    expect(notificationDisplay({ ...emptyNotifications(), error: 'boom' }, false)).toBe('error');
    expect(notificationDisplay({ ...emptyNotifications(), error: 'boom' }, true)).toBe('spinner');
    expect(notificationDisplay(firstPage(page([])), false)).toBe('empty');
    // An empty page that says more: the search goes on (issue 29), it is not "no notifications".
    expect(notificationDisplay({ ...firstPage(page([])), more: 1 }, false)).toBe('searching');
    expect(notificationDisplay(firstPage(page(['p:1'])), false)).toBe('list');
  });
});
