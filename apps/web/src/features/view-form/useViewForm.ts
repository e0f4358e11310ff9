import { type Response, viewCalls, type ViewType } from '@kolscope/contract';
import { api } from '../../api';
import { useLoadWithRetry } from './useLoadWithRetry';
import { useSaveAndNavigate } from './useSaveAndNavigate';

export type ViewInfo = Response<typeof viewCalls.info>;

/**
 * What every plain view's setting form (feed, ranking, report, notification) shares: the view to
 * edit loaded by view/info into `apply` (no answer: 'Network error, please retry'), and
 * `persist`, which saves through view/add or view/update (useSaveAndNavigate). The rest of the
 * returned object is the shell's state for ViewFormPage.
 */
export function useViewForm(
  viewId: string | undefined,
  viewType: ViewType,
  apply: (info: ViewInfo) => void,
  /** A view of another type counts as nothing to edit (the ranking form). */
  { ownTypeOnly = false }: { ownTypeOnly?: boolean } = {},
) {
  const { saving, save: persist } = useSaveAndNavigate(viewId, viewType);
  const { loadState, retry } = useLoadWithRetry(
    viewId,
    (id) =>
      api(viewCalls.info, { viewId: id }).then((info) =>
        ownTypeOnly && (!info || (info.viewType && info.viewType !== viewType)) ? null : info,
      ),
    apply,
  );
  return { editing: Boolean(viewId), loadState, retryLoad: retry, saving, persist };
}
