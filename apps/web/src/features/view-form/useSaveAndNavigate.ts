import { type Request, viewCalls, type ViewListItem, type ViewType } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { reloadViews, viewCreated } from '../../state/views';
import { createdViewId } from '../filters/filters';
import { lastSubViewId } from '../opinion/opinionForm';
import { toastError, toastSuccess } from '../toast';
import { useGoBack } from '../useGoBack';

type Payload = Omit<Request<typeof viewCalls.add>, 'viewType'>;

/**
 * Saving a view, spec section 4: update then one page back, or create, the views reloaded, then
 * the new view; a toast either way. A top-level view opens as its tab on home; a coin or event
 * opinion is a sub-view: it opens its detail page, and as its name shows in the list (the detail
 * header, home) the views are reloaded after any save.
 */
export function useSaveAndNavigate(viewId: string | undefined, viewType: ViewType) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [saving, setSaving] = useState(false);
  const subView = viewType === 'coin_opinion' || viewType === 'event_opinion';

  /**
   * Saves through the given calls: `create` answers with the views list. `onError` sees a failure
   * first (a form shows the server's refusal on its field); the toast follows either way.
   */
  const run = async (
    create: () => Promise<ViewListItem[]>,
    update: (viewId: string) => Promise<unknown>,
    onError?: (error: unknown) => void,
  ) => {
    setSaving(true);
    try {
      if (viewId) {
        await update(viewId);
        toastSuccess(t('viewForm.updated'));
        if (subView) void reloadViews();
        goBack();
      } else {
        const list = await create();
        const created = subView ? lastSubViewId(list, viewType) : createdViewId(list, viewType);
        if (created) await viewCreated(created, list);
        else if (subView) await reloadViews();
        toastSuccess(t('viewForm.created'));
        const path = subView
          ? `/view-detail/${encodeURIComponent(created ?? '')}`
          : `/?viewId=${encodeURIComponent(created ?? '')}`;
        navigate(created ? path : '/', { replace: true });
      }
    } catch (error) {
      onError?.(error);
      toastError(error, t(viewId ? 'viewForm.updateFailed' : 'viewForm.createFailed'));
    } finally {
      setSaving(false);
    }
  };

  /** Saves a view of the plain kind (feed, ranking, report, notification) through view/add or view/update. */
  const save = (payload: Payload) =>
    run(
      () => api(viewCalls.add, { viewType, ...payload }),
      (id) => api(viewCalls.update, { viewId: id, viewType, ...payload }),
    );

  return { saving, run, save };
}
