import type { ViewListItem } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { createdViewId } from '../../features/filters/filters';
import { defaultRankForm, formFromInfo, validateRankForm, weightsSum } from './rankForm';

describe('rank setting form', () => {
  it('starts from the spec defaults', () => {
    expect(defaultRankForm()).toMatchObject({
      topNum: 10,
      authorWeight: 2,
      tweetWeight: 2,
      commentWeight: 0.2,
      retweetWeight: 0.4,
      exposureWeight: 0.4,
      logTransform: true,
      newCoinEntry: false,
      fastestRising: false,
      rangeAmount: 1,
      rangeUnit: 'day',
      sortingIndicatorType: 'hot',
    });
  });

  it('needs a title, takes an empty top range as 10 and stores the range in seconds', () => {
    const f = defaultRankForm();
    expect(validateRankForm(f)).toEqual({ error: 'titleRequired' });
    const ok = validateRankForm({ ...f, title: '  Mine ', topNum: null, rangeAmount: 6, rangeUnit: 'hour' });
    expect(ok).toMatchObject({
      payload: { name: 'Mine', topNum: 10, statRangeSeconds: 21_600, viewType: 'ranking_list', matchingRules: [] },
    });
  });

  it('refuses a top range, a time range or weights out of bounds', () => {
    const f = { ...defaultRankForm(), title: 'x' };
    expect(validateRankForm({ ...f, topNum: 9 })).toEqual({ error: 'topNumRange' });
    expect(validateRankForm({ ...f, topNum: 101 })).toEqual({ error: 'topNumRange' });
    expect(validateRankForm({ ...f, rangeAmount: null })).toEqual({ error: 'statRangeInvalid' });
    expect(validateRankForm({ ...f, rangeAmount: 31, rangeUnit: 'day' })).toEqual({ error: 'statRangeInvalid' });
    expect(validateRankForm({ ...f, commentWeight: 0.3 })).toEqual({ error: 'weightsSumInvalid' });
    expect(weightsSum({ commentWeight: 0.3, retweetWeight: 0.4, exposureWeight: 0.4 })).toEqual({
      text: '1.10',
      valid: false,
    });
    expect(weightsSum({ commentWeight: 0.2, retweetWeight: 0.4, exposureWeight: 0.4 }).valid).toBe(true);
  });

  it('reads an existing view, defaults for what it never saved', () => {
    const f = formFromInfo({ name: 'R', matchingRules: [], topNum: 30, statRangeSeconds: 7200, logTransform: false });
    expect(f).toMatchObject({
      title: 'R',
      topNum: 30,
      rangeAmount: 2,
      rangeUnit: 'hour',
      logTransform: false,
      authorWeight: 2,
    });
    expect(
      createdViewId(
        [
          { viewId: '1', viewType: 'ranking_list' },
          { viewId: '2', viewType: 'content_feed' },
          { viewId: '3', viewType: 'ranking_list' },
        ] as ViewListItem[],
        'ranking_list',
      ),
    ).toBe('3');
  });
});
