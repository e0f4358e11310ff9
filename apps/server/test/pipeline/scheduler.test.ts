/**
 * The background scheduler (pipeline/scheduler.ts): slices sized from their own measured cost to
 * fit the budget, a short budget while the app is in use, requests first, and what /healthz shows.
 */
import { describe, expect, it } from 'vitest';
import { requestGate } from '../../src/pipeline/request-gate';
import { createScheduler, SLICE_BUDGET_MS } from '../../src/pipeline/scheduler';

const signal = new AbortController().signal;

/** A clock the test moves: a slice "takes" what its work adds. */
function manualClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createScheduler', () => {
  it('grows a slice by steps while it stays under the budget, and cuts it to fit when over, within bounds', async () => {
    const clock = manualClock();
    const s = createScheduler({ db: 'pglite', now: clock.now });
    const bounds = { min: 10, max: 500 };
    const idle = SLICE_BUDGET_MS.pglite.idle; // no gate: nobody uses the app
    // Nothing known yet: the smallest slice.
    expect(s.sliceSize('history', bounds)).toBe(10);
    // Far under the budget: one and a half times the last size at most.
    await s.slice('history', 10, async () => clock.advance(20), signal);
    expect(s.sliceSize('history', bounds)).toBe(15);
    // A fixed cost per slice (25 ms) and 0.5 ms an item: the sizes climb to where a slice takes
    // the budget, and stay there.
    let size = 15;
    for (let i = 0; i < 30; i++) {
      const n = size;
      await s.slice('history', n, async () => clock.advance(25 + 0.5 * n), signal);
      size = s.sliceSize('history', bounds);
    }
    expect(size).toBeGreaterThanOrEqual(Math.floor((idle - 25) / 0.5) - 5);
    expect(size).toBeLessThanOrEqual(Math.ceil((idle - 25) / 0.5) + 5);
    // A slice that held few items (the source had only 2 new posts) does not shrink the size.
    const before = s.sliceSize('history', bounds);
    await s.slice('history', 2, async () => clock.advance(30), signal);
    expect(s.sliceSize('history', bounds)).toBeGreaterThanOrEqual(before);
    // Over the budget: cut in proportion. Another job has its own size.
    await s.slice('history', 400, async () => clock.advance(2 * idle), signal);
    expect(s.sliceSize('history', bounds)).toBe(200);
    expect(s.sliceSize('prices', bounds)).toBe(10);
    // Never past the bounds.
    await s.slice('prices', 400, async () => clock.advance(1), signal);
    expect(s.sliceSize('prices', bounds)).toBe(500);
    await s.slice('slow', 10, async () => clock.advance(50 * idle), signal);
    expect(s.sliceSize('slow', bounds)).toBe(10);
    expect(s.report().prices).toEqual({ slices: 1, items: 400, busyMs: 1, longestMs: 1 });
    expect(s.report().history).toMatchObject({ slices: 33, longestMs: 2 * idle });
  });

  it('grows from a slice of one item', async () => {
    const clock = manualClock();
    const s = createScheduler({ db: 'pglite', now: clock.now });
    const sizes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const n = s.sliceSize('persons', { min: 1, max: 100 });
      sizes.push(n);
      await s.slice('persons', n, async () => clock.advance(40), signal);
    }
    expect(sizes.at(-1)).toBeGreaterThan(10);
  });

  it('keeps slices short while someone uses the app', async () => {
    const clock = manualClock();
    const gate = requestGate();
    const s = createScheduler({ db: 'pglite', gate, now: clock.now });
    // The gate counts from its creation: the app is in use.
    expect(s.budgetMs()).toBe(SLICE_BUDGET_MS.pglite.inUse);
    await s.slice('history', 100, async () => clock.advance(SLICE_BUDGET_MS.pglite.inUse * 2), signal);
    expect(s.sliceSize('history', { min: 1, max: 500 })).toBe(50);
  });

  it('runs no slice while a request is in flight, and runs it once the request ends', async () => {
    const gate = requestGate();
    const s = createScheduler({ db: 'pglite', gate });
    gate.enter();
    let ran = false;
    const slice = s.slice(
      'history',
      1,
      async () => {
        ran = true;
        return 'saved';
      },
      signal,
    );
    await expect.poll(() => gate.waiting).toBe(1);
    expect(ran).toBe(false);
    gate.leave();
    expect(await slice).toBe('saved');
  });

  it('answers undefined without running the slice when stopped while it waited', async () => {
    const gate = requestGate();
    const s = createScheduler({ db: 'postgres', gate });
    gate.enter();
    const stop = new AbortController();
    let ran = false;
    const slice = s.slice(
      'prices',
      1,
      async () => {
        ran = true;
      },
      stop.signal,
    );
    await expect.poll(() => gate.waiting).toBe(1);
    stop.abort();
    expect(await slice).toBeUndefined();
    expect(ran).toBe(false);
    gate.leave();
  });
});
