import { type DataSource, type DataSourceState, notificationCalls } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';

/**
 * /data-source's state: the sources and the forwarding address and token. The server stores only
 * the token's hash, so the whole token is known only from the answer that made it; it is kept
 * here (never stored) until the page is left, the token is revoked or replaced.
 */
export function useDataSources() {
  const [state, setState] = useState<DataSourceState | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [shownToken, setShownToken] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void attempt; // Only re-runs the load on retry.
    setFailed(false);
    api(notificationCalls.dataSourceList).then(
      (s) => live && setState(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  /** Runs a call that answers the new state; `busy` names it meanwhile. */
  const apply = useCallback(async (name: string, run: () => Promise<DataSourceState>) => {
    setBusy(name);
    try {
      const next = await run();
      setState(next);
      if (next.forwarding.token) setShownToken(next.forwarding.token);
      else if (!next.forwarding.hasToken) setShownToken(null);
      return next;
    } finally {
      setBusy(null);
    }
  }, []);

  return {
    state,
    failed,
    retry: () => setAttempt((n) => n + 1),
    shownToken,
    busy,
    toggle: (source: DataSource, enabled: boolean) =>
      apply(`toggle-${source}`, () => api(notificationCalls.dataSourceUpdate, { source, enabled })),
    rotate: () => apply('rotate', () => api(notificationCalls.dataSourceRotateToken)),
    revoke: () => apply('revoke', () => api(notificationCalls.dataSourceRevoke)),
  };
}
