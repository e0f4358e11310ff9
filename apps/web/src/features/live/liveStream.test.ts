import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveStream, type EventSourceLike, RECONNECT_AFTER_REFUSAL_MS } from './liveStream';

/** An EventSource the test opens, fails and feeds by hand. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  listeners = new Map<string, (ev: MessageEvent) => void>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (ev: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  send(type: string, data: string) {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
}

describe('the live stream', () => {
  let sources: FakeSource[];
  const make = () =>
    createLiveStream((url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    });
  beforeEach(() => {
    sources = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());
  /** A second stream opens after exactly RECONNECT_AFTER_REFUSAL_MS, not a millisecond sooner. */
  const expectRetryAfterRefusalDelay = () => {
    vi.advanceTimersByTime(RECONNECT_AFTER_REFUSAL_MS - 1);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
  };

  it('opens /webapi/v1/stream, reports connected, and hands each hint to those who named it', () => {
    const live = make();
    const changes = vi.fn();
    live.onConnectedChange(changes);
    const posts = vi.fn();
    const notes = vi.fn();
    live.onHint(['posts'], posts);
    live.onHint(['notification', 'views'], notes);
    live.start();
    expect(sources[0]!.url).toBe('/webapi/v1/stream');
    expect(live.connected()).toBe(false);
    sources[0]!.open();
    expect(live.connected()).toBe(true);
    sources[0]!.send('posts', '{"count":2,"coins":["BTC"]}');
    sources[0]!.send('notification', '{"view_id":4}');
    sources[0]!.send('posts', 'not json');
    expect(posts.mock.calls).toEqual([[{ event: 'posts', data: { count: 2, coins: ['BTC'] } }]]);
    expect(notes.mock.calls).toEqual([[{ event: 'notification', data: { view_id: 4 } }]]);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('leaves a network break to EventSource, and retries itself after a refusal', () => {
    const live = make();
    live.start();
    sources[0]!.open();
    sources[0]!.fail(false); // EventSource reconnects by itself
    expect(live.connected()).toBe(false);
    vi.advanceTimersByTime(RECONNECT_AFTER_REFUSAL_MS);
    expect(sources).toHaveLength(1);
    sources[0]!.open();
    sources[0]!.fail(true); // 401 or 503: closed for good
    expectRetryAfterRefusalDelay();
  });

  it('a replaced stream closes and waits before trying again, instead of replacing the newer tab', () => {
    const live = make();
    live.start();
    sources[0]!.open();
    sources[0]!.send('closed', '{"reason":"replaced"}');
    expect(sources[0]!.closed).toBe(true);
    expect(live.connected()).toBe(false);
    expectRetryAfterRefusalDelay();
  });

  it('stop closes the stream and cancels a pending retry', () => {
    const live = make();
    live.start();
    sources[0]!.fail(true);
    live.stop();
    vi.advanceTimersByTime(RECONNECT_AFTER_REFUSAL_MS * 3);
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(true);
    expect(live.connected()).toBe(false);
  });
});
