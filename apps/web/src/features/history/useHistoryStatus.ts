/**
 * How far the service has loaded its collected history (system/history), shared by every view
 * on screen: read when the first one mounts, then every POLL_MS while it is loading. Errors are
 * ignored: the note is a hint, never a reason to show an error.
 */
import { type HistoryStatus, systemCalls } from '@kolscope/contract';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api } from '../../api';

const POLL_MS = 5000;
const store = createStore<{ status?: HistoryStatus }>(() => ({}));
/** Nothing left to load or derive: the answer stays as it is, so polling stops. */
const settled = () => {
  const status = store.getState().status;
  return status?.loading === false && !status.recordsPending;
};
let users = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

async function poll() {
  timer = undefined;
  try {
    store.setState({ status: await api(systemCalls.history, {}) });
  } catch {
    // Keep the last answer.
  }
  // Once loaded it stays loaded: no more polling until a view mounts again.
  if (users > 0 && !settled()) timer = setTimeout(() => void poll(), POLL_MS);
}

export function useHistoryStatus(): HistoryStatus | undefined {
  useEffect(() => {
    users++;
    if (users === 1 && !timer && !settled()) void poll();
    return () => {
      users--;
      if (users === 0 && timer) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
  }, []);
  return useStore(store, (s) => s.status);
}
