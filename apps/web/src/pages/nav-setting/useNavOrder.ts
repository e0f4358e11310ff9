import { viewCalls } from '@kolscope/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { toastError, toastSuccess } from '../../features/toast';
import { reloadViews, useViews } from '../../state/views';
import { applySavedOrder, idsOf, reorderByDrop, sameOrder } from './order';

/**
 * The tab list as /nav-setting shows it: the views store's list in the order the user last
 * dropped it. The dropped order is applied over whatever the store holds, so a list reload that
 * lands while the save is on its way cannot make the rows jump back.
 */
export function useNavOrder() {
  const { t } = useTranslation();
  const list = useViews((s) => s.list);
  const [order, setOrder] = useState<string[] | null>(null);
  const items = useMemo(() => (order ? applySavedOrder(list, order) : list), [list, order]);
  // Saves run one after another; each drop's "before" is what the previous one left.
  const saving = useRef<Promise<void>>(Promise.resolve());

  const drop = useCallback(
    (activeId: string, overId: string | null | undefined) => {
      const next = reorderByDrop(items, activeId, overId);
      if (!next) return;
      const before = idsOf(items);
      const after = idsOf(next);
      if (sameOrder(before, after)) return;
      setOrder(after);
      saving.current = saving.current.then(async () => {
        try {
          // The list holds the opinion groups, so the merged sort (group ids included) is the one to use.
          await api(viewCalls.mergeSort, { viewIds: after });
          toastSuccess(t('nav.saved'));
          void reloadViews();
        } catch (error) {
          setOrder(before);
          toastError(error, t('nav.saveFailed'));
        }
      });
    },
    [items, t],
  );

  return { items, drop };
}
