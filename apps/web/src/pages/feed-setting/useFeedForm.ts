import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsFromRules, validateFeed } from '../../features/filters/filters';
import { useFilterGroups } from '../../features/filters/useFilterGroups';
import { toastInfo } from '../../features/toast';
import { useViewForm } from '../../features/view-form/useViewForm';

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
  const { persist, ...shell } = useViewForm(viewId, 'content_feed', (info) => {
    setTitle(info.name);
    setGroups(groupsFromRules(info.matchingRules));
  });

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

  return { ...shell, title, titleError, changeTitle, filters, save };
}
