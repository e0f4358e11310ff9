import { describe, expect, it } from 'vitest';
import { initialReport, receiveData, receiveFailure, startLoad } from '../report/reportState';
import { createQuery, type QuerySteps } from './query';
import type { ReportData } from '@kolscope/contract';

const data = (cntUp: number) =>
  ({ sumInfo: { cntUp, cntNeutral: 0, cntDown: 0 }, intervalList: [] }) as unknown as ReportData;

/** Report steps whose answers the test releases one by one, in any order. */
function controlled() {
  const calls: { silent: boolean; resolve: (d: ReportData) => void; reject: (e: unknown) => void }[] = [];
  const steps: QuerySteps<typeof initialReport, ReportData> = {
    fetch: (silent) => new Promise((resolve, reject) => calls.push({ silent, resolve, reject })),
    start: startLoad,
    receive: receiveData,
    fail: (s, id, error, silent) => receiveFailure(s, id, String(error), silent),
  };
  return { calls, steps };
}

describe('query', () => {
  it('drops the answer of a request that is no longer the newest', async () => {
    const { calls, steps } = controlled();
    const query = createQuery(initialReport);
    const first = query.load(steps, false);
    const second = query.load(steps, false);
    calls[1]?.resolve(data(2));
    await second;
    calls[0]?.resolve(data(1));
    await first;
    expect(query.get().data?.sumInfo.cntUp).toBe(2);
    expect(query.get().loading).toBe(false);
  });

  it('a silent load shows no spinner and its failure keeps what is shown', async () => {
    const { calls, steps } = controlled();
    const query = createQuery(initialReport);
    const first = query.load(steps, false);
    calls[0]?.resolve(data(1));
    await first;
    const silent = query.load(steps, true);
    expect(calls[1]?.silent).toBe(true);
    expect(query.get().loading).toBe(false);
    calls[1]?.reject(new Error('down'));
    await silent;
    expect(query.get()).toMatchObject({ error: null, data: { sumInfo: { cntUp: 1 } } });
    const visible = query.load(steps, false);
    calls[2]?.reject(new Error('down'));
    await visible;
    expect(query.get()).toMatchObject({ loading: false, error: 'Error: down' });
  });
});
