import { EMPTY_SUM_INFO, type ReportData } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { initialReport, receiveData, receiveFailure, reportDisplay, startLoad } from './reportState';

const sumInfo = { ...EMPTY_SUM_INFO, cntUp: 1 };
const data = (n: number): ReportData => ({
  intervalList: Array.from({ length: n }, (_, i) => ({ ct: i, cntUp: 1, cntNeutral: 0, cntDown: 0 })),
  sumInfo,
});

describe('report loading', () => {
  it('shows a spinner on the first load, then the chart', () => {
    const started = startLoad(initialReport, false);
    expect(reportDisplay(started)).toBe('spinner');
    expect(reportDisplay(receiveData(started, started.requestId, data(3)))).toBe('chart');
  });

  it('shows the empty state for a period without buckets or without a single post', () => {
    const started = startLoad(initialReport, false);
    expect(reportDisplay(receiveData(started, started.requestId, data(0)))).toBe('empty');
    const zeros: ReportData = {
      intervalList: [{ ct: 1, cntUp: 0, cntNeutral: 0, cntDown: 0 }],
      sumInfo: { ...sumInfo, cntUp: 0 },
    };
    expect(reportDisplay(receiveData(started, started.requestId, zeros))).toBe('empty');
  });

  it('ignores an answer to a request that is no longer the newest', () => {
    const first = startLoad(initialReport, false);
    const second = startLoad(first, false);
    const late = receiveData(second, first.requestId, data(5));
    expect(late).toBe(second);
    expect(receiveData(second, second.requestId, data(2)).data?.intervalList).toHaveLength(2);
  });

  it('keeps the chart and its counts during a silent refresh, and swaps them when it answers', () => {
    const loaded = receiveData(startLoad(initialReport, false), 1, data(3));
    const silent = startLoad(loaded, true);
    expect(silent.loading).toBe(false);
    expect(silent.data).toBe(loaded.data);
    expect(receiveData(silent, silent.requestId, data(4)).data?.intervalList).toHaveLength(4);
  });

  it('ignores a failed silent refresh', () => {
    const loaded = receiveData(startLoad(initialReport, false), 1, data(3));
    const silent = startLoad(loaded, true);
    const failed = receiveFailure(silent, silent.requestId, 'boom', true);
    expect(failed.error).toBeNull();
    expect(reportDisplay(failed)).toBe('chart');
  });

  it('shows a failed visible load with its message, cleared by the retry', () => {
    const started = startLoad(initialReport, false);
    const failed = receiveFailure(started, started.requestId, 'Network error, please retry', false);
    expect(reportDisplay(failed)).toBe('error');
    expect(failed.error).toBe('Network error, please retry');
    const retry = startLoad(failed, false);
    expect(retry.error).toBeNull();
    expect(reportDisplay(retry)).toBe('spinner');
  });

  it('keeps the old chart under a spinner while another period loads', () => {
    const loaded = receiveData(startLoad(initialReport, false), 1, data(3));
    const reloading = startLoad(loaded, false);
    expect(reloading.loading).toBe(true);
    expect(reportDisplay(reloading)).toBe('chart');
  });
});
