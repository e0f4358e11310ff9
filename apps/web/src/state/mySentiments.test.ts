import type { SentimentLabel } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { createMySentiments } from './mySentiments';

/** A server whose answers the test releases one by one, in any order. */
function server() {
  const waiting: { label: SentimentLabel; resolve: () => void; reject: (e: Error) => void }[] = [];
  const send = (_postId: string, label: SentimentLabel) =>
    new Promise<{ mySentiment: SentimentLabel }>((resolve, reject) => {
      waiting.push({ label, resolve: () => resolve({ mySentiment: label }), reject });
    });
  return { send, waiting };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('mySentiments', () => {
  it('shows a correction at once and keeps it when the server accepts', async () => {
    const srv = server();
    const my = createMySentiments(srv.send);
    const done = my.correct('p1', 'bullish');
    expect(my.store.getState().labels).toEqual({ p1: 'bullish' });
    srv.waiting[0]!.resolve();
    await done;
    expect(my.store.getState().labels).toEqual({ p1: 'bullish' });
  });

  it('rolls back to what the post said when the server refuses, and rejects with its error', async () => {
    const srv = server();
    const my = createMySentiments(srv.send);
    const done = my.correct('p1', 'bearish');
    srv.waiting[0]!.reject(new Error('Too many corrections'));
    await expect(done).rejects.toThrow('Too many corrections');
    // No entry: the card falls back to the post's own mySentiment from the server.
    expect(my.store.getState().labels).toEqual({});
  });

  it('rolls back to the last accepted correction, not to nothing', async () => {
    const srv = server();
    const my = createMySentiments(srv.send);
    const first = my.correct('p1', 'bullish');
    srv.waiting[0]!.resolve();
    await first;
    const second = my.correct('p1', 'neutral');
    expect(my.store.getState().labels.p1).toBe('neutral');
    srv.waiting[1]!.reject(new Error('no'));
    await expect(second).rejects.toThrow();
    expect(my.store.getState().labels.p1).toBe('bullish');
  });

  it('never lets an older answer undo a newer tap', async () => {
    const srv = server();
    const my = createMySentiments(srv.send);
    const a = my.correct('p1', 'bullish');
    const b = my.correct('p1', 'bearish');
    // The newer one is accepted first, then the older one fails: the newer label stays.
    srv.waiting[1]!.resolve();
    await b;
    srv.waiting[0]!.reject(new Error('late'));
    await expect(a).rejects.toThrow();
    expect(my.store.getState().labels.p1).toBe('bearish');
    // The older one accepted late does not replace the newer either.
    const c = my.correct('p1', 'neutral');
    const d = my.correct('p1', 'bullish');
    srv.waiting[3]!.resolve();
    await d;
    srv.waiting[2]!.resolve();
    await c;
    expect(my.store.getState().labels.p1).toBe('bullish');
  });

  it('keeps posts apart and forgets everything on reset, dropping answers still on their way', async () => {
    const srv = server();
    const my = createMySentiments(srv.send);
    const a = my.correct('p1', 'bullish');
    void my.correct('p2', 'bearish').catch(() => undefined);
    expect(my.store.getState().labels).toEqual({ p1: 'bullish', p2: 'bearish' });
    my.reset();
    expect(my.store.getState().labels).toEqual({});
    srv.waiting[0]!.resolve();
    await a;
    srv.waiting[1]!.reject(new Error('gone'));
    await flush();
    expect(my.store.getState().labels).toEqual({});
  });
});
