import { describe, expect, it } from 'vitest';
import { atParam, describeRule, draftFor, failLoaded, initialLoaded, receiveLoaded, startLoaded } from './alertsState';

describe('alerts state', () => {
  it('drops a stale answer and keeps what is shown when a silent refresh fails', () => {
    let s = startLoaded(initialLoaded<number>(), false);
    const first = s.requestId;
    s = startLoaded(s, false);
    expect(receiveLoaded(s, first, 1)).toBe(s);
    s = receiveLoaded(s, s.requestId, 2);
    expect(s).toMatchObject({ data: 2, loading: false, error: null });
    s = startLoaded(s, true);
    expect(s.loading).toBe(false);
    expect(failLoaded(s, s.requestId, 'down', true)).toMatchObject({ data: 2, error: null });
    expect(failLoaded(s, s.requestId, 'down', false)).toMatchObject({ data: 2, error: 'down' });
  });

  it('starts a rule at the kind default and keeps the window and posts when the kind changes', () => {
    const swing = draftFor('sentiment_swing');
    expect(swing).toEqual({ kind: 'sentiment_swing', window: '4h', threshold: 20, minPosts: 10 });
    expect(draftFor('mention_spike', { ...swing, window: '1h', minPosts: 30 })).toEqual({
      kind: 'mention_spike',
      window: '1h',
      threshold: 3,
      minPosts: 30,
    });
    expect(describeRule({ kind: 'mention_spike', window: '24h', threshold: 2.5, minPosts: 8 })).toEqual({
      key: 'alerts.ruleSpike',
      values: { threshold: 2.5, window: '24h', minPosts: 8 },
    });
  });

  it('opens the report back in time only at a past whole second', () => {
    expect(atParam('1795950540', 1795950600)).toBe(1795950540);
    expect(atParam('1795950660', 1795950600)).toBeUndefined();
    expect(atParam('abc', 1795950600)).toBeUndefined();
    expect(atParam(null, 1795950600)).toBeUndefined();
  });
});
