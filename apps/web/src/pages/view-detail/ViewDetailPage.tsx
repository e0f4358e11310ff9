import type { ReportPeriod, SumInfo } from '@kolscope/contract';
import { ActionSheet } from 'antd-mobile';
import { FileOutline, MoreOutline } from 'antd-mobile-icons';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AlertEvents } from '../../features/alerts/AlertEvents';
import { AlertMoment } from '../../features/alerts/AlertMoment';
import { atParam } from '../../features/alerts/alertsState';
import { CoinLink } from '../../features/coin/CoinLink';
import { IconButton } from '../../features/IconButton';
import { OpinionSummary } from '../../features/opinion/OpinionSummary';
import { PageNavBar } from '../../features/PageNavBar';
import ReportView from '../../features/report/ReportView';
import { BestCallersLink } from '../../features/track/BestCallersLink';
import { toastSuccess } from '../../features/toast';
import { deleteQuestion } from '../../features/confirmDanger';
import { useConfirmedAction } from '../../features/useConfirmedAction';
import { useGoBack } from '../../features/useGoBack';
import { ensureViews, findView, reloadViews, removeView, setCurrentView, useViews } from '../../state/views';
import { useUnknownViewReload } from '../../state/useUnknownViewReload';
import { detailSettingPath, moreActions } from './detailActions';
import './view-detail.css';
import { FailedState, LoadingState } from '../../features/LoadState';

/** The view's name; a coin opinion's is its coin, which opens the coin's page (issue 29). */
function DetailTitle({ found, noData }: { found: ReturnType<typeof findView>; noData: string }) {
  const title = <span data-testid="detail-title">{found?.name ?? noData}</span>;
  if (found?.viewType !== 'coin_opinion') return title;
  return (
    <CoinLink coin={found.name} className="detail-title-coin" testId="detail-coin-link">
      {title}
    </CoinLink>
  );
}

// The new-items tip floats under this page's 48 px top bar, not under home's header and tabs.
const PAGE_STYLE = { '--feed-tip-top': '56px' } as CSSProperties;

/**
 * /view-detail/:viewId: a coin or event opinion sub-view, or a report, with its report view
 * refreshing silently each minute; a more sheet with setting and delete (spec section 2).
 */
export default function ViewDetailPage() {
  const { t } = useTranslation();
  const { viewId } = useParams();
  // An opinion alert opens the report at its time (`?at=<unix seconds>`, alerts/AlertEvents).
  const [params] = useSearchParams();
  const at = atParam(params.get('at'), Math.floor(Date.now() / 1000));
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { list, loaded, loading, error } = useViews();
  const found = findView(list, viewId);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { busy: deleting, run } = useConfirmedAction();
  // The 1-day totals of the report below, once loaded: the header then agrees with its cards.
  const [daySum, setDaySum] = useState<{ viewId: string; sum: SumInfo; period: ReportPeriod } | null>(null);

  // Loaded only when nothing is there and no load runs (spec section 2).
  useEffect(() => {
    void ensureViews();
  }, []);

  // A list loaded earlier may predate the view (made in another tab, or a link followed later):
  // ask once more before saying it does not exist, as home does for an unknown viewId.
  const unknown = loaded && !found && viewId && !deleting ? viewId : null;
  const confirming = useUnknownViewReload(unknown);

  // The selection follows the page: set on entry, cleared on leave.
  useEffect(() => {
    if (!viewId) return;
    setCurrentView(viewId);
    return () => setCurrentView(null);
  }, [viewId]);

  const remove = async () => {
    if (!found) return;
    await run({
      ask: deleteQuestion('viewDetail', found.name, 'detail-delete-confirm'),
      action: async () => {
        await removeView(found.viewId);
        toastSuccess(t('viewDetail.deleted'));
        goBack();
      },
      // Spec section 8: a failed view delete is only logged, and the user stays.
      onError: (err) => console.warn('view delete failed', err),
      leavesPage: true,
    });
  };

  const more = found ? (
    <IconButton testId="detail-more" label={t('viewDetail.more')} onClick={() => setSheetOpen(true)}>
      <MoreOutline />
    </IconButton>
  ) : null;

  let body: ReactNode;
  if ((!loaded && !(error && !loading)) || confirming) {
    body = <LoadingState className="ks-page-center" testId="detail-loading" />;
  } else if (!loaded) {
    body = (
      <FailedState className="detail-state" testId="detail-error" load={{ error, retry: () => void reloadViews() }} />
    );
  } else if (!found || !viewId) {
    body = (
      <div className="detail-state" data-testid="detail-empty">
        <FileOutline className="detail-state__icon" />
        <p className="detail-state__title">{t('viewDetail.emptyTitle')}</p>
        <p>{t('viewDetail.emptyBody')}</p>
      </div>
    );
  } else {
    const listed = found.group.subs.find((s) => s.viewId === found.viewId);
    const sub =
      listed?.daySplit && daySum?.viewId === found.viewId
        ? {
            ...listed,
            daySplit: { cntUp: daySum.sum.cntUp, cntNeutral: daySum.sum.cntNeutral, cntDown: daySum.sum.cntDown },
          }
        : listed;
    const summaryPeriod = listed?.daySplit && daySum?.viewId === found.viewId ? daySum.period : undefined;
    const reportFor = found.viewId;
    const opinionView = found.viewType === 'coin_opinion' || found.viewType === 'event_opinion';
    body = (
      <>
        {sub && (
          <div className="detail-summary">
            <OpinionSummary sub={sub} testId="detail-summary" {...(summaryPeriod ? { period: summaryPeriod } : {})} />
          </div>
        )}
        {found.viewType === 'coin_opinion' && (
          <div className="detail-best">
            <BestCallersLink coin={found.name} testId="detail-best-callers" />
          </div>
        )}
        {at !== undefined && <AlertMoment at={at} />}
        {opinionView && <AlertEvents viewId={found.viewId} max={3} {...(at !== undefined ? { selectedAt: at } : {})} />}
        <ReportView
          key={`${found.viewId}@${at ?? 'now'}`}
          viewId={found.viewId}
          viewType={found.viewType}
          autoRefresh
          insertNearTop={false}
          onSum={(sum, period) => setDaySum({ viewId: reportFor, sum, period })}
          {...(at !== undefined ? { at } : {})}
        />
      </>
    );
  }

  return (
    <div className="detail-page" style={PAGE_STYLE} data-testid="view-detail" data-view-type={found?.viewType}>
      <PageNavBar title={<DetailTitle found={found} noData={t('viewDetail.noData')} />} right={more} />
      {body}
      {found && (
        <ActionSheet
          visible={sheetOpen}
          cancelText={t('common.cancel')}
          onClose={() => setSheetOpen(false)}
          actions={moreActions(found, deleting).map((a) => ({
            ...a,
            text: <span data-testid={`detail-action-${a.key}`}>{a.text}</span>,
          }))}
          onAction={(action) => {
            setSheetOpen(false);
            if (action.key === 'setting') {
              const path = detailSettingPath(found.viewType, found.viewId);
              if (path) navigate(path);
            } else {
              void remove();
            }
          }}
        />
      )}
    </div>
  );
}
