import { type Request, viewCalls, type ViewType } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { viewCreated } from '../../state/views';
import { toastError, toastSuccess } from '../toast';
import { useGoBack } from '../useGoBack';
import { createdViewId } from './filters';

type Payload = Omit<Request<typeof viewCalls.add>, 'viewType'>;

/**
 * Saving a filter-based view (feed, report, notification), spec section 4: view/update then one
 * page back, or view/add, the views reloaded, then home on the new view; a toast either way.
 */
export function useSaveView(viewId: string | undefined, viewType: ViewType) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [saving, setSaving] = useState(false);

  const save = async (payload: Payload) => {
    setSaving(true);
    try {
      if (viewId) {
        await api(viewCalls.update, { viewId, viewType, ...payload });
        toastSuccess(t('feedSetting.updated'));
        goBack();
      } else {
        const list = await api(viewCalls.add, { viewType, ...payload });
        const created = createdViewId(list, viewType);
        if (created) await viewCreated(created, list);
        toastSuccess(t('feedSetting.created'));
        navigate(created ? `/?viewId=${encodeURIComponent(created)}` : '/', { replace: true });
      }
    } catch (error) {
      toastError(error, t(viewId ? 'feedSetting.updateFailed' : 'feedSetting.createFailed'));
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
