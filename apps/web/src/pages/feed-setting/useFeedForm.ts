import { viewCalls } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { groupsFromRules, validateFeed } from '../../features/filters/filters';
import { useFilterGroups } from '../../features/filters/useFilterGroups';
import { toastInfo } from '../../features/toast';
import { useLoadWithRetry } from '../../features/view-form/useLoadWithRetry';
import { useSaveAndNavigate } from '../../features/view-form/useSaveAndNavigate';

/**
 * State and actions of the feed form: the view to edit (view/info), the title, the filter groups
 * (shared with the report form, `useFilterGroups`) and save (spec sections 4 and 5).
 */
export function useFeedForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const filters = useFilterGroups();
  const { groups, setGroups } = filters;
  const { saving, save: persist } = useSaveAndNavigate(viewId, 'content_feed');

  // No info back means nothing to edit: the same retry message as a failed call.
  const { loadState, retry } = useLoadWithRetry(
    viewId,
    (id) => api(viewCalls.info, { viewId: id }),
    (info) => {
      setTitle(info.name);
      setGroups(groupsFromRules(info.matchingRules));
    },
  );

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
    editing: Boolean(viewId),
    loadState,
    retryLoad: retry,
    title,
    titleError,
    changeTitle,
    filters,
    saving,
    save,
  };
}
