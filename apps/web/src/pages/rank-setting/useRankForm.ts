import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastInfo } from '../../features/toast';
import { useViewForm } from '../../features/view-form/useViewForm';
import { defaultRankForm, formFromInfo, type RankForm, type RankFormError, validateRankForm } from './rankForm';

/**
 * The rank setting form: the view to edit (view/info), the fields, and save through view/add
 * (then to /?viewId=<new>) or view/update (then one page back), as spec section 4 says.
 */
export function useRankForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const [form, setForm] = useState<RankForm>(defaultRankForm);
  const [error, setError] = useState<RankFormError | null>(null);
  // Nothing to edit (or not a ranking): the same retry message as a failed call.
  const { persist, ...shell } = useViewForm(viewId, 'ranking_list', (info) => setForm(formFromInfo(info)), {
    ownTypeOnly: true,
  });

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

  return { ...shell, form, change, error, save };
}
