/**
 * The request gate lets the app's requests go before background work (history batches, the price
 * backfill, event views' history). With the embedded database that work's statements settle as
 * microtasks, so a request that reached the socket meanwhile is only counted once the event loop
 * turns: the gate must let it turn before it answers "quiet" (issue 29 §8, a cold home waited
 * 23-28 s behind the loader).
 */
import { describe, expect, it } from 'vitest';
import { requestGate } from '../../src/pipeline/request-gate';

const signal = new AbortController().signal;
/** No quiet time to wait for and no deadline: only what is in flight decides. */
const NOW = { quietMs: 0, maxWaitMs: 600_000, signal };

describe('requestGate', () => {
  it('counts a request that arrived while background work ran before it lets the next step go', async () => {
    const gate = requestGate();
    // A request the event loop reads on its next turn (as a connection accepted in its poll phase).
    setImmediate(() => gate.enter());
    let released = false;
    const idle = gate.idle(NOW).then(() => {
      released = true;
    });
    await expect.poll(() => gate.inFlight).toBe(1);
    expect(released).toBe(false);
    await expect.poll(() => gate.waiting).toBe(1);
    gate.leave();
    await idle;
    expect(released).toBe(true);
  });

  it('lets the step go at once, after one turn, when nobody came', async () => {
    const gate = requestGate();
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    await gate.idle(NOW);
    expect(turned).toBe(true);
    expect(gate.inFlight).toBe(0);
  });
});
