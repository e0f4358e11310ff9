import { useEffect, useState } from 'react';
import { reloadViews, useViews, viewsStore } from './views';

/**
 * A viewId the loaded list does not know may be a view made since it loaded (just created, made
 * in another tab, a link followed later): reloads the list once for that id before anyone says
 * it does not exist. Returns whether the answer for `unknownViewId` is still awaited.
 */
export function useUnknownViewReload(unknownViewId: string | null): boolean {
  const loading = useViews((s) => s.loading);
  const [reloadedFor, setReloadedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!unknownViewId || reloadedFor === unknownViewId) return;
    setReloadedFor(unknownViewId);
    // A reload already on its way (home's arrival reload) answers for this id too.
    if (!viewsStore.getState().loading) void reloadViews();
  }, [unknownViewId, reloadedFor]);
  return unknownViewId !== null && (loading || reloadedFor !== unknownViewId);
}
