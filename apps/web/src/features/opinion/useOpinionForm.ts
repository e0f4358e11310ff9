import { useEffect, useState } from 'react';
import { useLoadWithRetry } from '../view-form/useLoadWithRetry';
import { useSaveAndNavigate } from '../view-form/useSaveAndNavigate';
import { type OpinionType, resolveGroupId } from './opinionForm';
import { useKolGroupOptions } from './useKolGroupOptions';

/**
 * What the coin and event opinion forms share (spec sections 2 and 4): the view to edit, handed
 * to `apply`; its KOL group (none means all groups); the save that opens the new sub-view.
 */
export function useOpinionForm<T extends { kolGroupId: string }>(
  type: OpinionType,
  viewId: string | undefined,
  fetch: (viewId: string) => Promise<T | null | undefined>,
  apply: (info: T) => void,
) {
  const groups = useKolGroupOptions();
  const [kolGroupId, setKolGroupId] = useState('');
  const { saving, run } = useSaveAndNavigate(viewId, type);
  const { loadState, retry } = useLoadWithRetry(viewId, fetch, (info) => {
    apply(info);
    setKolGroupId(info.kolGroupId);
    // The group's name comes from the group list.
    if (info.kolGroupId) groups.ensure();
  });
  useResolvedGroup(kolGroupId, groups, setKolGroupId);

  return {
    groups,
    kolGroupId,
    setKolGroupId,
    loading: loadState === 'loading',
    run,
    /** For the shell, with the page's save. */
    state: { editing: Boolean(viewId), loadState, retryLoad: retry, saving },
  };
}

/**
 * The group a loaded view names, once the groups are there: a group that no longer exists falls
 * back to all groups (spec section 4: "none means all groups").
 */
function useResolvedGroup(
  kolGroupId: string,
  groups: ReturnType<typeof useKolGroupOptions>,
  setKolGroupId: (id: string) => void,
) {
  const resolved = resolveGroupId(groups.list, groups.loaded, kolGroupId);
  useEffect(() => {
    if (resolved !== null && resolved !== kolGroupId) setKolGroupId(resolved);
  }, [resolved, kolGroupId, setKolGroupId]);
}
