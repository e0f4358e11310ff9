import { describe, expect, it } from 'vitest';
import { detailSettingPath, moreActions } from './detailActions';

describe('view detail more sheet', () => {
  it('leads setting to the page of the view type', () => {
    expect(detailSettingPath('coin_opinion', '12')).toBe('/coin-opinion-setting/12');
    expect(detailSettingPath('event_opinion', '13')).toBe('/event-opinion-setting/13');
    expect(detailSettingPath('analytics_report', '14')).toBe('/report-setting/14');
    expect(detailSettingPath('hot_coins', '15')).toBeNull();
  });

  it('offers setting and delete, with the labels fixed in Chinese', () => {
    const actions = moreActions({ viewType: 'coin_opinion', viewId: '1', fixed: false }, false);
    expect(actions).toEqual([
      { key: 'setting', text: '设置' },
      { key: 'delete', text: '删除', danger: true, disabled: false },
    ]);
  });

  it('hides setting for a fixed view and disables delete while deleting', () => {
    const actions = moreActions({ viewType: 'event_opinion', viewId: '1', fixed: true }, true);
    expect(actions).toEqual([{ key: 'delete', text: '删除', danger: true, disabled: true }]);
  });
});
