import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEventName } from '@kolscope/contract';
import type { LiveSource } from '../live/liveStream';
import { type PageVisibility, startPolling } from './poll';

/** A page whose visibility the test flips. */
function fakePage() {
  let visible = true;
  const listeners = new Set<() => void>();
  const page: PageVisibility = {
    visible: () => visible,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const show = (next: boolean) => {
    visible = next;
    for (const listener of listeners) listener();
  };
  return { page, show, listeners };
}

describe('the refresh clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls once per interval while the page is visible, and not at all once stopped', () => {
    const { page } = fakePage();
    const poll = vi.fn();
    const stop = startPolling(poll, { intervalMs: 60_000 }, page);
    vi.advanceTimersByTime(59_999);
    expect(poll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(600_000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('a paused clock does not run (the feed while new posts wait)', () => {
    const { page, listeners } = fakePage();
    const poll = vi.fn();
    const stop = startPolling(poll, { paused: true, catchUpOnShow: true }, page);
    vi.advanceTimersByTime(600_000);
    expect(poll).not.toHaveBeenCalled();
    expect(listeners.size).toBe(0);
    stop();
  });

  it('skips the ticks while the page is hidden and, by default, waits for the next tick on return', () => {
    const { page, show, listeners } = fakePage();
    const poll = vi.fn();
    startPolling(poll, { intervalMs: 60_000 }, page);
    expect(listeners.size).toBe(0);
    show(false);
    vi.advanceTimersByTime(180_000);
    expect(poll).not.toHaveBeenCalled();
    show(true);
    expect(poll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('with catchUpOnShow makes up a missed poll once when the page shows again', () => {
    const { page, show, listeners } = fakePage();
    const poll = vi.fn();
    const stop = startPolling(poll, { intervalMs: 60_000, catchUpOnShow: true }, page);
    // Hidden and back within the interval: nothing was missed.
    show(false);
    vi.advanceTimersByTime(30_000);
    show(true);
    expect(poll).not.toHaveBeenCalled();
    show(false);
    vi.advanceTimersByTime(100_000);
    show(true);
    expect(poll).toHaveBeenCalledTimes(1);
    // Showing again right after does not poll twice.
    show(false);
    show(true);
    expect(poll).toHaveBeenCalledTimes(1);
    stop();
    expect(listeners.size).toBe(0);
  });
});

/** A stream whose connection and hints the test drives. */
function fakeLive() {
  let connected = false;
  const connection = new Set<() => void>();
  const hints = new Set<{ events: readonly StreamEventName[]; handler: () => void }>();
  const live: LiveSource = {
    connected: () => connected,
    onConnectedChange(listener) {
      connection.add(listener);
      return () => connection.delete(listener);
    },
    onHint(events, handler) {
      const entry = { events, handler: () => handler({ event: 'posts', data: { count: 1, coins: [] } }) };
      hints.add(entry);
      return () => hints.delete(entry);
    },
  };
  return {
    live,
    hints,
    connect(next: boolean) {
      connected = next;
      for (const l of connection) l();
    },
    hint(event: StreamEventName) {
      for (const h of hints) if (h.events.includes(event)) h.handler();
    },
  };
}

describe('the refresh clock with live hints', () => {
  /** The page, the stream and the poll of one test. */
  const setup = () => ({ ...fakePage(), s: fakeLive(), poll: vi.fn() });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls on a hint it names, at once, and ignores the others', () => {
    const { page, s, poll } = setup();
    startPolling(poll, { intervalMs: 60_000, live: ['posts'] }, page, s.live);
    s.connect(true);
    s.hint('notification');
    expect(poll).not.toHaveBeenCalled();
    s.hint('posts');
    s.hint('posts');
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('a paused clock (new posts waiting) takes no hints, as it takes no ticks', () => {
    const { page, s, poll } = setup();
    const stop = startPolling(poll, { paused: true, live: ['posts'] }, page, s.live);
    s.connect(true);
    s.hint('posts');
    expect(poll).not.toHaveBeenCalled();
    expect(s.hints.size).toBe(0);
    stop();
  });

  it('a hint while hidden is made up once when the page shows again', () => {
    const { page, show, s, poll } = setup();
    startPolling(poll, { intervalMs: 60_000, live: ['posts'] }, page, s.live);
    s.connect(true);
    show(false);
    s.hint('posts');
    s.hint('posts');
    expect(poll).not.toHaveBeenCalled();
    show(true);
    expect(poll).toHaveBeenCalledTimes(1);
    show(false);
    show(true);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('keeps the screen’s interval while connected (the clock moves reports too) and after a drop', () => {
    const { page, s, poll } = setup();
    s.connect(true);
    const stop = startPolling(poll, { intervalMs: 60_000, live: ['posts'] }, page, s.live);
    vi.advanceTimersByTime(60_000 - 1);
    expect(poll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    s.connect(false);
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
    expect(s.hints.size).toBe(0);
  });

  it('polls once when the stream comes back after a drop (hints may have been missed), not on the first connect', () => {
    const { page, s, poll } = setup();
    startPolling(poll, { intervalMs: 60_000, live: ['posts'] }, page, s.live);
    s.connect(true);
    expect(poll).not.toHaveBeenCalled();
    s.connect(false);
    s.connect(true);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('a screen that names no hints keeps its interval whatever the stream does', () => {
    const { page, s, poll } = setup();
    s.connect(true);
    startPolling(poll, { intervalMs: 60_000 }, page, s.live);
    s.hint('posts');
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });
});
