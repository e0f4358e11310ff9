import { viewCalls } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { toastError, toastInfo, toastSuccess } from '../../features/toast';
import { useGoBack } from '../../features/useGoBack';
import { viewCreated } from '../../state/views';
import {
  createdRankId,
  defaultRankForm,
  formFromInfo,
  type RankForm,
  type RankFormError,
  validateRankForm,
} from './rankForm';

export type LoadState = 'loading' | 'failed' | 'ready';

/**
 * The rank setting form: the view to edit (view/info), the fields, and save through view/add
 * (then to /?viewId=<new>) or view/update (then one page back), as spec section 4 says.
 */
export function useRankForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [loadState, setLoadState] = useState<LoadState>(viewId ? 'loading' : 'ready');
  const [attempt, setAttempt] = useState(0);
  const [form, setForm] = useState<RankForm>(defaultRankForm);
  const [error, setError] = useState<RankFormError | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!viewId) return;
    let live = true;
    void attempt; // Only re-runs the load on retry.
    setLoadState('loading');
    api(viewCalls.info, { viewId }).then(
      (info) => {
        if (!live) return;
        // Nothing to edit (or not a ranking): the same retry message as a failed call.
        if (!info || (info.viewType && info.viewType !== 'ranking_list')) return setLoadState('failed');
        setForm(formFromInfo(info));
        setLoadState('ready');
      },
      () => live && setLoadState('failed'),
    );
    return () => {
      live = false;
    };
  }, [viewId, attempt]);

  const retryLoad = useCallback(() => setAttempt((n) => n + 1), []);

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
    setSaving(true);
    try {
      if (viewId) {
        await api(viewCalls.update, { viewId, ...checked.payload });
        toastSuccess(t('rankSetting.updated'));
        goBack();
      } else {
        const list = await api(viewCalls.add, checked.payload);
        const created = createdRankId(list);
        if (created) await viewCreated(created, list);
        toastSuccess(t('rankSetting.created'));
        navigate(created ? `/?viewId=${encodeURIComponent(created)}` : '/', { replace: true });
      }
    } catch (e) {
      toastError(e, t(viewId ? 'rankSetting.updateFailed' : 'rankSetting.createFailed'));
    } finally {
      setSaving(false);
    }
  };

  return { loadState, retryLoad, form, change, error, saving, save };
}
