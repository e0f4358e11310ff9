import type { ViewListItem } from '@kolscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../toast';
import { useGoBack } from '../useGoBack';
import { reloadViews, viewCreated } from '../../state/views';
import { lastSubViewId, type OpinionType, resolveGroupId } from './opinionForm';
import type { useKolGroupOptions } from './useKolGroupOptions';

export type LoadState = 'loading' | 'failed' | 'ready';

/**
 * Edit mode: fetches the view once (again on retry) and hands it to `apply`. No answer counts as
 * a failure: 'Network error, please retry' (spec section 4, "Editing an existing view").
 */
export function useEditLoad<T>(
  viewId: string | undefined,
  fetch: (viewId: string) => Promise<T | null | undefined>,
  apply: (info: T) => void,
) {
  const [loadState, setLoadState] = useState<LoadState>(viewId ? 'loading' : 'ready');
  const [attempt, setAttempt] = useState(0);
  // The callbacks change every render; the load must only follow the id and the retries.
  const calls = useRef({ fetch, apply });
  calls.current = { fetch, apply };

  useEffect(() => {
    if (!viewId) return;
    let live = true;
    void attempt;
    setLoadState('loading');
    calls.current.fetch(viewId).then(
      (info) => {
        if (!live) return;
        if (!info) return setLoadState('failed');
        calls.current.apply(info);
        setLoadState('ready');
      },
      () => live && setLoadState('failed'),
    );
    return () => {
      live = false;
    };
  }, [viewId, attempt]);

  return { loadState, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

/**
 * The group a loaded view names, once the groups are there: a group that no longer exists falls
 * back to all groups (spec section 4: "none means all groups").
 */
export function useResolvedGroup(
  kolGroupId: string,
  groups: ReturnType<typeof useKolGroupOptions>,
  setKolGroupId: (id: string) => void,
) {
  const resolved = resolveGroupId(groups.list, groups.loaded, kolGroupId);
  useEffect(() => {
    if (resolved !== null && resolved !== kolGroupId) setKolGroupId(resolved);
  }, [resolved, kolGroupId, setKolGroupId]);
}

/**
 * Save of a coin or event opinion (spec section 4): create reloads the views, says so and opens
 * the detail of the new sub-view in place of the form; update says so and goes back one page.
 */
export function useOpinionSave(type: OpinionType, viewId: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [saving, setSaving] = useState(false);

  const run = async (create: () => Promise<ViewListItem[]>, update: (viewId: string) => Promise<unknown>) => {
    setSaving(true);
    try {
      if (viewId) {
        await update(viewId);
        toastSuccess(t('opinion.updated'));
        // The name may have changed (another coin): the detail header and home read the list.
        void reloadViews();
        goBack();
      } else {
        const list = await create();
        const created = lastSubViewId(list, type);
        if (created) await viewCreated(created, list);
        else await reloadViews();
        toastSuccess(t('opinion.created'));
        navigate(created ? `/view-detail/${encodeURIComponent(created)}` : '/', { replace: true });
      }
    } catch (error) {
      toastError(error, t(viewId ? 'opinion.updateFailed' : 'opinion.createFailed'));
    } finally {
      setSaving(false);
    }
  };

  return { saving, run };
}
