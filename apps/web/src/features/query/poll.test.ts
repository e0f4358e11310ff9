import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
