import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnknownViewReload } from '../../state/useUnknownViewReload';
import { findView, reloadViews, setCurrentView, useViews } from '../../state/views';
import { resolveSelection, searchMatches } from './selection';
import { preloadFeed, ViewBody } from './ViewBody';
import { ViewTabs } from './ViewTabs';
import { RetryButton } from '../../features/RetryButton';
import { LoadingState } from '../../features/LoadState';

/** Signed in: the tab bar of the user's views and the selected view's body. */
export function ViewsHome({ empty }: { empty: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { list, loaded, loading, error, currentViewId } = useViews();
  const url = { tab: params.get('tab'), viewId: params.get('viewId') };
  const selection = resolveSelection(list, url, currentViewId);

  useEffect(() => {
    preloadFeed();
    // Always refresh on arrival: a view created, reordered or deleted elsewhere shows at once.
    void reloadViews();
  }, []);

  // A viewId the list does not know yet is usually a view just created (a setting page sends
  // the user to /?viewId=new): fetch the list once more before deciding it is stale.
  const unknownViewId = url.viewId && !findView(list, url.viewId) ? url.viewId : null;
  const awaitingList = useUnknownViewReload(unknownViewId);

  const selectedId = awaitingList ? null : (selection?.viewId ?? null);
  const wantTab = awaitingList ? undefined : selection?.search.tab;
  const wantViewId = selection?.search.viewId;
  // A bare "/" is left alone (the selection is implied); only stale or partial queries are fixed.
  const urlInSync = !selection || (!url.tab && !url.viewId) || searchMatches(url, selection.search);
  useEffect(() => {
    if (selectedId) setCurrentView(selectedId);
    // A stale id or a viewId without its tab: correct the URL in place, without a history entry.
    if (!wantTab || urlInSync) return;
    setParams(wantViewId ? { tab: wantTab, viewId: wantViewId } : { tab: wantTab }, { replace: true });
  }, [selectedId, wantTab, wantViewId, urlInSync, setParams]);

  if (!loaded || awaitingList) {
    if (error && !loading) {
      return (
        <div className="home-views-state" data-testid="views-error">
          <ExclamationCircleOutline className="home-views-state__icon" />
          <p>{error}</p>
          <RetryButton onClick={() => void reloadViews()}>{t('tabs.retry')}</RetryButton>
        </div>
      );
    }
    return <LoadingState className="home-views-state" testId="views-loading" />;
  }
  if (!selection) return <>{empty}</>;

  return (
    <>
      {/* Picking a tab clears viewId (spec section 2); replace keeps Back meaning "leave Home". */}
      <ViewTabs
        list={list}
        active={selection.group}
        onPick={(tab) => {
          setParams({ tab }, { replace: true });
          // Each view starts at its top; the previous tab's scroll position means nothing here.
          window.scrollTo(0, 0);
        }}
      />
      <ViewBody group={selection.group} selected={selection.viewId} />
    </>
  );
}
