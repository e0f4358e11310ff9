import { viewCalls } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { groupsFromRules, validateFeed } from '../../features/filters/filters';
import { useFilterGroups } from '../../features/filters/useFilterGroups';
import { toastInfo } from '../../features/toast';
import { useSaveView } from '../../features/filters/useSaveView';

export type LoadState = 'loading' | 'failed' | 'ready';

/**
 * State and actions of the feed form: the view to edit (view/info), the title, the filter groups
 * (shared with the report form, `useFilterGroups`) and save (spec sections 4 and 5).
 */
export function useFeedForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const [loadState, setLoadState] = useState<LoadState>(viewId ? 'loading' : 'ready');
  const [attempt, setAttempt] = useState(0);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const filters = useFilterGroups();
  const { groups, setGroups } = filters;
  const { saving, save: persist } = useSaveView(viewId, 'content_feed');

  useEffect(() => {
    if (!viewId) return;
    let live = true;
    void attempt; // Only re-runs the load on retry.
    setLoadState('loading');
    api(viewCalls.info, { viewId }).then(
      (info) => {
        if (!live) return;
        // No info back means nothing to edit: the same retry message as a failed call.
        if (!info) return setLoadState('failed');
        setTitle(info.name);
        setGroups(groupsFromRules(info.matchingRules));
        setLoadState('ready');
      },
      () => live && setLoadState('failed'),
    );
    return () => {
      live = false;
    };
  }, [viewId, attempt, setGroups]);

  const retryLoad = useCallback(() => setAttempt((n) => n + 1), []);

  const changeTitle = (value: string) => {
    setTitle(value);
    if (titleError && value.trim()) setTitleError(undefined);
  };

  const save = async () => {
    const checked = validateFeed(title, groups);
    if ('error' in checked) {
      const message = t(`feedSetting.${checked.error}`);
      if (checked.error === 'titleRequired') setTitleError(message);
      toastInfo(message);
      return;
    }
    await persist(checked);
  };

  return {
    loadState,
    retryLoad,
    title,
    titleError,
    changeTitle,
    filters,
    saving,
    save,
  };
}
