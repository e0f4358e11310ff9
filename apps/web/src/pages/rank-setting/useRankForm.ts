import { viewCalls } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { toastInfo } from '../../features/toast';
import { useLoadWithRetry } from '../../features/view-form/useLoadWithRetry';
import { useSaveAndNavigate } from '../../features/view-form/useSaveAndNavigate';
import { defaultRankForm, formFromInfo, type RankForm, type RankFormError, validateRankForm } from './rankForm';

/**
 * The rank setting form: the view to edit (view/info), the fields, and save through view/add
 * (then to /?viewId=<new>) or view/update (then one page back), as spec section 4 says.
 */
export function useRankForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const [form, setForm] = useState<RankForm>(defaultRankForm);
  const [error, setError] = useState<RankFormError | null>(null);
  const { saving, save: persist } = useSaveAndNavigate(viewId, 'ranking_list');

  const { loadState, retry: retryLoad } = useLoadWithRetry(
    viewId,
    // Nothing to edit (or not a ranking): the same retry message as a failed call.
    (id) =>
      api(viewCalls.info, { viewId: id }).then((info) =>
        !info || (info.viewType && info.viewType !== 'ranking_list') ? null : info,
      ),
    (info) => setForm(formFromInfo(info)),
  );

  const change = <K extends keyof RankForm>(key: K, value: RankForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setError(null);
  };

  const save = async () => {
    const checked = validateRankForm(form);
    if ('error' in checked) {
      setError(checked.error);
      toastInfo(t(`rankSetting.${checked.error}`));
      return;
    }
    await persist(checked.payload);
  };

  return { editing: Boolean(viewId), loadState, retryLoad, form, change, error, saving, save };
}
