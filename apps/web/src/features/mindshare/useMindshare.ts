/**
 * One mindshare view's data (view/v2/mindshare_detail) for the chosen coin/sector switch and
 * period ('' is the view's own), refreshed silently on the app's clock and on new posts.
 */
import { mindshareCalls, type MindshareBy, type ReportPeriod } from '@kolscope/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { useQuery } from '../query/useQuery';
import { failed, initialMindshare, loaded, startLoad } from './mindshareState';

export function useMindshare(viewId: string, by: MindshareBy, period: ReportPeriod | '') {
  const { t } = useTranslation();
  // A new language reloads too, so a failure shown is said again in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is that language.
  const fetch = useCallback(
    () => api(mindshareCalls.detail, { viewId, by, ...(period ? { period } : {}) }),
    [viewId, by, period, t],
  );
  return useQuery(
    initialMindshare,
    {
      fetch,
      start: startLoad,
      receive: loaded,
      fail: (s, requestId, error, silent) =>
        failed(s, requestId, errorMessage(error, t('mindshare.loadFailed')), silent),
    },
    { autoRefresh: true, live: ['posts'] },
  );
}
