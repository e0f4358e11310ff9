/**
 * The embedded database's turns (db/fair-turns.ts, issue 34): the statement of a caller that has
 * used little database time goes before those of one that has used much, whatever the order
 * they came in. Statements here are promises the test settles, so the order is all there is.
 */
import { describe, expect, it } from 'vitest';
import { FairTurns } from '../../src/db/fair-turns';
import { until } from '../support/db-hold';

/** A statement the test ends; `started` tells whether it has its turn yet. */
function statement(turns: FairTurns, caller: string, order: string[]) {
  let end = () => {};
  const s = { started: false, end: () => end() };
  const done = turns.run(caller, () => {
    s.started = true;
    order.push(caller);
    return new Promise<void>((resolve) => {
      end = resolve;
    });
  });
  return Object.assign(s, { done });
}

describe('fair turns on one connection', () => {
  it("lets a newcomer's statements go before a heavy caller's queue, first come first served among equals", async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    const a1 = statement(turns, 'a', order);
    await until(() => a1.started, "a's turn");
    const queued = [statement(turns, 'a', order), statement(turns, 'a', order)];
    const b1 = statement(turns, 'b', order);
    const c1 = statement(turns, 'c', order);
    // a's statement has held the connection while the others came.
    await until(() => order.length === 1, 'a runs alone');
    a1.end();
    await until(() => b1.started, "b's turn");
    // b goes next though a's came first, then c (equal tags: the earlier comer).
    expect(order).toEqual(['a', 'b']);
    b1.end();
    await until(() => c1.started, "c's turn");
    c1.end();
    await until(() => queued[0]!.started, "a's turn again");
    expect(order).toEqual(['a', 'b', 'c', 'a']);
    queued[0]!.end();
    await until(() => queued[1]!.started, "a's last");
    queued[1]!.end();
    await Promise.all([a1.done, b1.done, c1.done, ...queued.map((q) => q.done)]);
  });

  it("gives a caller whose next statement follows at once its turn before the heavy caller's waiting one", async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    const a1 = statement(turns, 'a', order);
    const a2 = statement(turns, 'a', order);
    // b's first statement waits for a's running one; its second comes only when the first ended,
    // as a request's statements do, yet it still goes before a's waiting one.
    const b = (async () => {
      await turns.run('b', async () => order.push('b'));
      await turns.run('b', async () => order.push('b'));
    })();
    await until(() => order.length === 1, 'a runs');
    a1.end();
    await b;
    expect(order).toEqual(['a', 'b', 'b']);
    await until(() => a2.started, "a's turn");
    a2.end();
    await a2.done;
  });

  it('passes errors on and goes on with the next statement', async () => {
    const turns = new FairTurns();
    await expect(turns.run('a', async () => Promise.reject(new Error('bad sql')))).rejects.toThrow('bad sql');
    expect(await turns.run('a', async () => 1)).toBe(1);
  });
});
