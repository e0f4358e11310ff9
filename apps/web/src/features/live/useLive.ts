import { useEffect, useSyncExternalStore } from 'react';
import { reloadViews, viewsStore } from '../../state/views';
import { useSession } from '../../state/useSession';
import { liveStream } from './liveStream';

/** Whether live hints arrive now (the screens then poll less often). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(liveStream.onConnectedChange, liveStream.connected, () => false);
}

/**
 * Keeps the app's one stream open while signed in: opened at sign-in (and reopened for another
 * account), closed at sign-out. The view list has no poll of its own; a `views` hint (another
 * tab or device changed them) reloads it.
 */
export function useLiveConnection(): void {
  const uid = useSession((s) => s.uid);
  useEffect(() => {
    if (!uid) return;
    liveStream.start();
    const stopViews = liveStream.onHint(['views'], () => {
      if (viewsStore.getState().loaded) void reloadViews();
    });
    return () => {
      stopViews();
      liveStream.stop();
    };
  }, [uid]);
}
