/**
 * While history loads: /healthz and system/history say how far it is, and the requests of people
 * (not the polls) are counted in the gate that history batches wait on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceStateRepo } from '../src/db/repos/source-state';
import { historyService } from '../src/pipeline/history';
import { requestGate } from '../src/pipeline/request-gate';
import type { Source } from '../src/pipeline/types';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

const gate = requestGate();
let entered = 0;
const countingGate: typeof gate = {
  get inFlight() {
    return gate.inFlight;
  },
  get waiting() {
    return gate.waiting;
  },
  enter() {
    entered++;
    gate.enter();
  },
  leave: () => gate.leave(),
  quietFor: () => gate.quietFor(),
  idle: (o) => gate.idle(o),
};
const source: Source = {
  name: 'hist',
  fetch: async () => ({ posts: [], rejected: [], nextCursor: null, waitMs: 0 }),
  history: (cursor) =>
    cursor === 'done'
      ? { fraction: 1, completeFromMs: 1_600_000_000_000, done: true }
      : cursor === 'part'
        ? { fraction: 0.456, completeFromMs: 1_700_000_000_000, done: false }
        : { fraction: 0, completeFromMs: null, done: false },
};

let t: TestApp;
let token: string;
/** Track records still to be derived from the loaded history (services/track-record/store.ts). */
let pending = false;
beforeAll(async () => {
  t = await startTestApp({
    app: (s) => ({
      gate: countingGate,
      history: historyService({ db: s.db, clock: s.clock, sources: [source], recordsPending: async () => pending }),
    }),
  });
  token = await registerAndLogin(t, 'first@minute.test');
});
afterAll(async () => t?.close());

const record = (cursor: string) =>
  sourceStateRepo(t.db).recordBatch('hist', { cursor, posts: 0, rejected: 0, now: new Date() });

describe('the first minute', () => {
  it('reports history in /healthz and system/history as it loads', async () => {
    const health = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).json();
    expect((await health()).history).toMatchObject({ loading: true, percent: 0, completeFrom: null });
    await record('part');
    expect((await health()).history).toMatchObject({
      loading: true,
      percent: 45,
      completeFrom: new Date(1_700_000_000_000).toISOString(),
      sources: { hist: { percent: 45, done: false } },
    });
    const res = await t.call('system/history', {}, { token });
    expect(res.body).toMatchObject({
      ret: 1,
      data: { loading: true, percent: 45, complete_from: 1_700_000_000 },
    });
    await record('done');
    // Loaded; the track records are still being derived from it, then nothing is pending.
    pending = true;
    expect((await t.call('system/history', {}, { token })).body.data).toEqual({
      loading: false,
      percent: 100,
      eta_seconds: 0,
      complete_from: 1_600_000_000,
      records_pending: true,
    });
    expect((await health()).history).toMatchObject({ loading: false, recordsPending: true });
    pending = false;
    expect((await t.call('system/history', {}, { token })).body.data).toMatchObject({ records_pending: false });
    // Signed in only.
    expect((await t.call('system/history', {})).status).toBe(401);
  });

  it('counts the requests people make, not the polls, and lets them go when answered', async () => {
    const before = entered;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.call('system/history', {}, { token });
    expect(entered).toBe(before);
    await t.call('account/info', {}, { token });
    expect(entered).toBe(before + 1);
    await expect.poll(() => gate.inFlight).toBe(0);
    // Someone is using the app: history batches are kept small (createDemoSource's batchSize).
    expect(gate.quietFor()).toBeLessThan(30_000);
  });
});
